import Foundation

/// `manifest.json`: the archive's version, creation time, producer and default language. Every key,
/// known or not, is kept in file order; saving stamps `version`, `created` and `generated_by`.
public struct Manifest: Sendable, Hashable {
    public static let currentVersion = "1.0.0"
    /// Pre-release versions real exporters still write; read with a warning, saved as 1.0.0.
    public static let legacyVersionPrefixes = ["1.0.0.beta", "1.0.0.rc", "1.0.0-beta", "1.0.0-rc"]

    public var object: JSONObject

    public init(object: JSONObject) { self.object = object }

    /// A new manifest for an archive made from scratch.
    public init(language: String) {
        object = [
            "version": .string(Manifest.currentVersion), "created": .null, "generated_by": .null,
            "language": .string(language),
        ]
    }

    public var version: String? {
        get { object["version"]?.stringValue }
        set { object["version"] = newValue.map(JSONValue.string) ?? .null }
    }
    public var created: String? {
        get { object["created"]?.stringValue }
        set { object["created"] = newValue.map(JSONValue.string) ?? .null }
    }
    public var generatedBy: String? {
        get { object["generated_by"]?.stringValue }
        set { object["generated_by"] = newValue.map(JSONValue.string) ?? .null }
    }
    public var language: String? {
        get { object["language"]?.stringValue }
        set { object["language"] = newValue.map(JSONValue.string) ?? .null }
    }
    /// Extension identifiers (an array of strings, as in the OGC example).
    public var extensions: [String]? { object["extensions"]?.arrayValue?.compactMap(\.stringValue) }

    public var isLegacyVersion: Bool {
        guard let version else { return false }
        return Manifest.legacyVersionPrefixes.contains { version.hasPrefix($0) }
    }

    /// The manifest as a save writes it: the known keys first in the specification's order, then
    /// every other key as it was.
    public func stamped(created date: Date, generatedBy producer: String) -> Manifest {
        var result = JSONObject()
        result.append(key: "version", value: .string(Manifest.currentVersion))
        result.append(key: "created", value: .string(Manifest.timestamp(date)))
        result.append(key: "generated_by", value: .string(producer))
        result.append(key: "language", value: object["language"] ?? .null)
        for entry in object where !["version", "created", "generated_by", "language"].contains(entry.key) {
            result.append(key: entry.key, value: entry.value)
        }
        return Manifest(object: result)
    }

    /// IMDF DATE-TIME: `yyyy-MM-ddTHH:mm:ss±hh:mm` in the machine's time zone, with its offset.
    public static func timestamp(_ date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let whole = Date(timeIntervalSince1970: (date.timeIntervalSince1970).rounded(.down))
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: whole)
        let offsetMinutes = timeZone.secondsFromGMT(for: whole) / 60
        func pad(_ value: Int?, _ width: Int = 2) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let sign = offsetMinutes < 0 ? "-" : "+"
        return "\(pad(parts.year, 4))-\(pad(parts.month))-\(pad(parts.day))T\(pad(parts.hour)):\(pad(parts.minute)):"
            + "\(pad(parts.second))\(sign)\(pad(abs(offsetMinutes) / 60)):\(pad(abs(offsetMinutes) % 60))"
    }
}
