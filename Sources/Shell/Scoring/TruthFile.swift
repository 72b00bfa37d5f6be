// Reading the truth files of the corpora (Benchmarks/floorplans, Benchmarks/archives) strictly:
// a typo in one is an error that names the file and the field, not a silently different score.

import Foundation

enum TruthFile {
    static func failure(_ path: String, _ why: String) -> CommandFailure {
        CommandFailure(exitCode: CommandFailure.commandFailed, message: "\(path): \(why)")
    }

    /// The file at `path` decoded as `File`; a field missing or of the wrong kind is named.
    static func decode<File: Decodable>(_ type: File.Type, at path: String) throws(CommandFailure) -> File {
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch let error as DecodingError {
            throw failure(path, describe(error))
        } catch {
            throw failure(path, error.localizedDescription)
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, then key: CodingKey? = nil) -> String {
            var text = ""
            for key in context.codingPath + (key.map { [$0] } ?? []) {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context, then: key)): missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context)): not valid"
        @unknown default: return "cannot be read"
        }
    }
}
