// Reads a journal back for recovery. A record cut off at the end (the process died while writing
// it) is dropped with a warning: it was never acknowledged. A damaged record anywhere else stops
// recovery with the record and line named - nothing after it is trusted, nothing is guessed.

import Foundation

public struct JournalContents: Sendable {
    public var baseHash: String
    public var archive: String
    public var started: String
    public var records: [JournalFormat.Record]
    /// (record number, hash) of the #check lines, in order.
    public var checks: [(Int, String)]
    public var warnings: [String]
}

public struct JournalError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var message: String

    public var description: String { line > 0 ? "\(path):\(line): \(message)" : "\(path): \(message)" }
}

public enum JournalReader {
    public static func read(_ path: String) throws(JournalError) -> JournalContents {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw JournalError(path: path, line: 0, message: "cannot read the journal")
        }
        let text = String(decoding: data, as: UTF8.self)
        let endsWithNewline = text.hasSuffix("\n")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        func fail(_ line: Int, _ message: String) -> JournalError { JournalError(path: path, line: line, message: message) }
        guard lines.count >= 3, lines[0] == JournalFormat.magic, lines[1].hasPrefix("#base sha256:"), lines[2].hasPrefix("#started ") else {
            throw fail(1, "not an imdf journal (its header is missing or damaged)")
        }
        let base = lines[1].dropFirst("#base sha256:".count).split(separator: " ", maxSplits: 1)
        var contents = JournalContents(
            baseHash: base.first.map(String.init) ?? "", archive: base.count > 1 ? String(base[1]) : "",
            started: String(lines[2].dropFirst("#started ".count)), records: [], checks: [], warnings: [])
        var index = 3
        while index < lines.count {
            let line = lines[index]
            let number = index + 1
            if line.hasPrefix("#check ") {
                let parts = line.split(separator: " ")
                guard parts.count == 3, let record = Int(parts[1]) else {
                    if index == lines.count - 1 && !endsWithNewline { break }
                    throw fail(number, "damaged #check line; recovery stops here")
                }
                contents.checks.append((record, String(parts[2])))
                index += 1
                continue
            }
            let isLast = index + 1 >= lines.count || (index + 2 == lines.count && !endsWithNewline)
            guard index + 1 < lines.count else {
                contents.warnings.append("the last command (line \(number)) was cut off before it was recorded; it is dropped")
                break
            }
            let meta = lines[index + 1]
            guard let record = parse(meta, command: line) else {
                if isLast {
                    contents.warnings.append("the last record (line \(number + 1)) is incomplete; it is dropped")
                    break
                }
                throw fail(number + 1, "record \(contents.records.count + 1) is damaged (its checksum or form is wrong); recovery stops here")
            }
            guard record.number == contents.records.count + 1 else {
                throw fail(number + 1, "record \(record.number) follows record \(contents.records.count); recovery stops here")
            }
            if isLast && !endsWithNewline {
                contents.warnings.append("the last record (line \(number + 1)) is incomplete; it is dropped")
                break
            }
            contents.records.append(record)
            index += 2
        }
        return contents
    }

    static func parse(_ meta: String, command: String) -> JournalFormat.Record? {
        let parts = meta.split(separator: " ")
        guard parts.count == 4, parts[0] == "#r", let number = Int(parts[1]), parts[2].hasPrefix("ids="), parts[3].hasPrefix("sum=") else {
            return nil
        }
        let ids = parts[2].dropFirst(4).split(separator: ",").map(String.init)
        let record = JournalFormat.Record(number: number, command: command, ids: ids)
        return record.sum == String(parts[3].dropFirst(4)) ? record : nil
    }
}
