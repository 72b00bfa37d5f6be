import Foundation
import Testing
import ZIPFoundation

@testable import IMDF

/// The zip writer's output, read back with ZIPFoundation (an independent implementation).
@Suite("Zip writer")
struct ZipWriterTests {
    @Test func entriesReadBackWithTheirNamesContentAndChecksums() throws {
        let temporary = TemporaryFolder()
        var noise = SystemRandomNumberGenerator()
        let incompressible = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &noise) }
        let files = [
            ArchiveWriter.OutputFile(name: "manifest.json", bytes: Array(#"{"version": "1.0.0"}"#.utf8)),
            ArchiveWriter.OutputFile(name: "unit.geojson", bytes: Array(String(repeating: #"{"type": "Feature"}, "#, count: 2000).utf8)),
            ArchiveWriter.OutputFile(name: "Этаж.geojson", bytes: incompressible),
            ArchiveWriter.OutputFile(name: "empty.json", bytes: []),
        ]
        let path = temporary.file("out.zip")
        try Data(try ZipWriter.build(files, date: fixedDate)).write(to: URL(fileURLWithPath: path))
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        let entries = Array(archive)
        #expect(entries.map(\.path) == files.map(\.name))
        for (entry, file) in zip(entries, files) {
            var content: [UInt8] = []
            let checksum = try archive.extract(entry) { content.append(contentsOf: $0) }
            #expect(content == file.bytes, "\(file.name)")
            #expect(checksum == entry.checksum)
        }
        #expect(entries[1].compressedSize < entries[1].uncompressedSize / 10)  // deflated
        #expect(entries[2].compressedSize == entries[2].uncompressedSize)  // stored: deflate would not shrink it
    }

    /// A file made in parts (a large collection serialised on all cores) is deflated as one
    /// stream: it reads back whole, with the checksum of its joined bytes, and as small as the
    /// joined bytes deflated at once; empty parts anywhere change nothing.
    @Test func aFileInPartsIsOneEntry() throws {
        let temporary = TemporaryFolder()
        let part = Array(String(repeating: #"{"type": "Feature", "id": "x"}, "#, count: 3000).utf8)
        let parts = [part, [], Array(part.reversed()), Array("tail".utf8), []]
        let joined = Array(parts.joined())
        let inParts = try ZipWriter.build([ArchiveWriter.OutputFile(name: "unit.geojson", parts: parts)], date: fixedDate)
        let whole = try ZipWriter.build([ArchiveWriter.OutputFile(name: "unit.geojson", bytes: joined)], date: fixedDate)
        let path = temporary.file("parts.zip")
        try Data(inParts).write(to: URL(fileURLWithPath: path))
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        let entry = try #require(Array(archive).first)
        var content: [UInt8] = []
        let checksum = try archive.extract(entry) { content.append(contentsOf: $0) }
        #expect(content == joined)
        #expect(checksum == entry.checksum)
        #expect(entry.compressedSize < entry.uncompressedSize / 10)
        #expect(inParts.count <= whole.count + 16)
    }

    @Test func datesAreStoredInDOSFormat() {
        let (time, day) = ZipWriter.dosDateTime(fixedDate)  // 2023-11-14 22:13:20 UTC
        #expect(day == UInt16((2023 - 1980) << 9 | 11 << 5 | 14))
        #expect(time == UInt16(22 << 11 | 13 << 5 | 20 / 2))
    }
}
