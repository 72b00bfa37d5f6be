import Foundation

/// What the corpus scoreboards share (`bench import --corpus`, `bench validate --corpus`): the
/// columns of their tables and the shape of their JSON.
enum Scoreboard {
    /// `text` left-aligned in a column `width` wide, or as long as it is.
    static func cell(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
    }

    /// `{"missing": [...], "runs": [...]}`, keys sorted: a row per run, and the truth files
    /// whose source was not there.
    static func json(runs rows: [[String: Any]], missing: [String]) throws -> String {
        let document: [String: Any] = ["runs": rows, "missing": missing]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
