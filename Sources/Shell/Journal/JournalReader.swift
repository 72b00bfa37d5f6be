// Reads a journal back for recovery. A record cut off at the end (the process died while writing
// it) is dropped with a warning: it was never acknowledged. A last record whose checksum holds but
// whose final newline is missing is complete, and kept. Damage anywhere else - a flipped byte, NUL
// bytes, invalid UTF-8, a missing record, a damaged header - ends what can be trusted: the intact
// records before it are returned with the place of the damage, and nothing after it is guessed at.

import Foundation
import IMDF

public struct JournalContents: Sendable {
    public var baseHash: String
    public var archive: String
    public var started: String
    /// The intact records, in order (those before any damage).
    public var records: [JournalFormat.Record]
    /// (record number, hash) of the #check lines, in order.
    public var checks: [(Int, String)]
    public var warnings: [String]
    /// Where the journal stops being trustworthy; nil when it is whole.
    public var damage: JournalDamage?
}

/// The first damaged line of a journal and what is wrong with it.
public struct JournalDamage: Sendable, Equatable {
    public var line: Int
    public var message: String
}

public struct JournalError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var message: String

    public var description: String { line > 0 ? "\(path):\(line): \(message)" : "\(path): \(message)" }
}

public enum JournalReader {
    /// Reads the journal at `path`; throws only when the file cannot be read at all (or is not a
    /// regular file: a journal is never followed through a symbolic link).
    public static func read(_ path: String) throws(JournalError) -> JournalContents {
        let bytes = normalized(try readFile(path))
        var contents = JournalContents(baseHash: "", archive: "", started: "", records: [], checks: [], warnings: [], damage: nil)
        func damaged(_ line: Int, _ message: String) -> JournalContents {
            contents.damage = JournalDamage(line: line, message: message)
            return contents
        }
        guard !bytes.isEmpty else { return damaged(1, "the journal is empty (its header was never written)") }
        let endsWithNewline = bytes.last == UInt8(ascii: "\n")
        // The journal is written by imdf with LF line ends only (an editor's CRLF or CR is made LF
        // first); a stray CR or invalid UTF-8 inside a line changes its checksum, so it is found
        // as damage, not split or repaired here.
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Self.text($0) }
        if endsWithNewline { lines.removeLast() }
        guard lines.count >= 3, lines[0] == JournalFormat.magic, let header1 = lines[1], header1.hasPrefix("#base sha256:"),
            let header2 = lines[2], header2.hasPrefix("#started ")
        else {
            return damaged(1, "not an imdf journal (its header is missing or damaged)")
        }
        let base = header1.dropFirst("#base sha256:".count).split(separator: " ", maxSplits: 1)
        contents.baseHash = base.first.map(String.init) ?? ""
        contents.archive = base.count > 1 ? String(base[1]) : ""
        contents.started = String(header2.dropFirst("#started ".count))
        var index = 3
        while index < lines.count {
            let number = index + 1
            let isLastLine = index == lines.count - 1
            guard let line = lines[index] else { return damaged(number, "line \(number) is not valid UTF-8") }
            if line.hasPrefix("#check ") {
                let parts = line.split(separator: " ")
                guard parts.count == 3, let record = Int(parts[1]) else {
                    if isLastLine && !endsWithNewline { break }
                    return damaged(number, "damaged #check line")
                }
                contents.checks.append((record, String(parts[2])))
                index += 1
                continue
            }
            guard index + 1 < lines.count else {
                contents.warnings.append("the last command (line \(number)) was cut off before it was recorded; it is dropped")
                break
            }
            let metaIsLast = index + 2 == lines.count
            guard let meta = lines[index + 1], let record = parse(meta, command: line) else {
                if metaIsLast && !endsWithNewline {
                    contents.warnings.append("the last record (line \(number + 1)) is incomplete; it is dropped")
                    break
                }
                return damaged(number + 1, "record \(contents.records.count + 1) is damaged (its checksum or form is wrong)")
            }
            guard record.number == contents.records.count + 1 else {
                return damaged(number + 1, "record \(record.number) follows record \(contents.records.count) (a record is missing)")
            }
            // A valid checksum on the last line is a complete record even without its newline.
            contents.records.append(record)
            index += 2
        }
        return contents
    }

    /// The journal as imdf wrote it, when an editor on another system saved it: without a UTF-8
    /// byte-order mark, and with LF line ends where every line ended in CRLF, or in CR alone. A CR
    /// in only some lines is left, to be found as damage by the checksums.
    static func normalized(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let cr = UInt8(ascii: "\r")
        let lf = UInt8(ascii: "\n")
        guard bytes.contains(cr) else { return bytes }
        let lineFeeds = bytes.indices.filter { bytes[$0] == lf }
        if lineFeeds.isEmpty { return bytes.map { $0 == cr ? lf : $0 } }
        guard lineFeeds.allSatisfy({ $0 > 0 && bytes[$0 - 1] == cr }) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() where !(byte == cr && index + 1 < bytes.count && bytes[index + 1] == lf) {
            result.append(byte)
        }
        return result
    }

    static func parse(_ meta: String, command: String) -> JournalFormat.Record? {
        let parts = meta.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "#r", let number = Int(parts[1]), parts[2].hasPrefix("ids="), parts[3].hasPrefix("sum=") else {
            return nil
        }
        let ids = parts[2].dropFirst(4).split(separator: ",").map(String.init)
        let record = JournalFormat.Record(number: number, command: command, ids: ids)
        return record.sum == String(parts[3].dropFirst(4)) ? record : nil
    }

    /// A line's text, or nil when it is not valid UTF-8 (or holds a NUL, which imdf never writes).
    private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return text
    }

    private static func readFile(_ path: String) throws(JournalError) -> [UInt8] {
        do {
            return try FileSystem.readAll(path, noFollow: true)
        } catch {
            let reason: String
            switch error.code {
            case ELOOP: reason = "it is a symbolic link, which imdf never writes"
            case EINVAL: reason = "not a regular file"
            default: reason = String(cString: strerror(error.code))
            }
            throw JournalError(path: path, line: 0, message: "cannot read the journal: \(reason)")
        }
    }
}
