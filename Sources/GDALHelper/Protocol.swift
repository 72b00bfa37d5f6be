// What passes between imdf and this helper: a request as one JSON object on standard input, a
// reply as one JSON object on standard output - {"ok": true, ...} or {"ok": false, "error": ...}.
// Drafted features travel as {"type", "geometry" (GeoJSON), "properties", "source"}.

import Foundation
import IMDF

enum Reply {
    static func succeed(_ members: JSONObject) -> Never {
        var reply = JSONObject()
        reply.append(key: "ok", value: true)
        for entry in members { reply.append(key: entry.key, value: entry.value) }
        write(reply)
        exit(0)
    }

    static func fail(_ message: String) -> Never {
        write(["ok": false, "error": .string(message)])
        exit(0)
    }

    private static func write(_ reply: JSONObject) {
        FileHandle.standardOutput.write(Data(JSONValue.object(reply).inlineText.utf8))
    }

    static func drafts(_ drafts: [FeatureDraft]) -> JSONValue {
        .array(
            drafts.map { draft in
                .object([
                    "type": .string(draft.type.rawValue), "geometry": draft.geometry.map { GeoJSONGeometry($0).json } ?? .null,
                    "properties": .object(draft.properties), "source": .string(draft.source),
                ])
            })
    }
}

enum Request {
    /// The request on standard input.
    static func read() -> JSONObject {
        let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        guard case .object(let object)? = try? GeoJSONReader.readJSON(bytes) else { Reply.fail("the request is not a JSON object") }
        return object
    }
}

extension JSONObject {
    func text(_ key: String) -> String? { if case .string(let text)? = self[key] { text } else { nil } }

    func numbers(_ key: String) -> [Double]? {
        guard case .array(let values)? = self[key] else { return nil }
        let numbers = values.compactMap(\.doubleValue)
        return numbers.count == values.count ? numbers : nil
    }

    func texts(_ key: String) -> [String] {
        guard case .array(let values)? = self[key] else { return [] }
        return values.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }
}
