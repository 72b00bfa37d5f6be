// fuzz-journal: any bytes as an archive's journal, read as `--recover` reads it. No trap; what is
// damaged is named by a line of the file; every record kept holds one command line whose ids are
// ids; a journal read, written again and read back gives the same records.

import Foundation
import FuzzSupport
import Shell

// The reader takes a path.
let journalPath = FuzzReplay.scratchPath(extension: "journal")

func fuzzJournal(_ bytes: [UInt8]) {
    guard FileManager.default.createFile(atPath: journalPath, contents: Data(bytes)) else {
        FuzzReplay.failed("cannot write \(journalPath)")
    }
    defer { unlink(journalPath) }
    let contents: JournalContents
    do {
        contents = try JournalReader.read(journalPath)
    } catch {
        FuzzReplay.failed("a regular file refused as unreadable: \(error)")
    }
    // Lines as the reader counts them: ended by LF, CRLF or CR (an editor's line ends are accepted).
    var lineCount = 1
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        if byte == UInt8(ascii: "\n"), index > 0, bytes[index - 1] == UInt8(ascii: "\r") { continue }
        lineCount += 1
    }
    if let damage = contents.damage, damage.line < 1 || damage.line > max(lineCount, 1) || damage.message.isEmpty {
        FuzzReplay.failed("damage at line \(damage.line) of \(lineCount): \(damage.message)")
    }
    for record in contents.records {
        if record.command.contains("\n") { FuzzReplay.failed("a record of two lines: \(record.command.debugDescription)") }
    }
    // Written again as a new journal holds them, the records read back the same.
    guard !contents.records.isEmpty else { return }
    let again =
        JournalFormat.header(baseHash: contents.baseHash, archive: contents.archive, date: Date(timeIntervalSince1970: 0))
        + contents.records.map(\.text).joined()
    guard FileManager.default.createFile(atPath: journalPath, contents: Data(again.utf8)) else { FuzzReplay.failed("cannot write") }
    guard let reread = try? JournalReader.read(journalPath), reread.records == contents.records, reread.damage == nil else {
        FuzzReplay.failed("the records written again do not read back the same")
    }
}

// SwiftPM links an executable's `main` to `<target>_main`: under FUZZING that starts libFuzzer.
#if FUZZING
    @_cdecl("fuzz_journal_main") public func fuzzerMain(_ argc: CInt, _ argv: FuzzDriver.Arguments) -> CInt {
        FuzzDriver.run(argc, argv, fuzzJournal)
    }
#else
    @main enum Replay { static func main() { FuzzReplay.run(fuzzJournal) } }
#endif
