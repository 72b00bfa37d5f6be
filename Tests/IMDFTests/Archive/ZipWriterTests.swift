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

    @Test func datesAreStoredInDOSFormat() {
        let (time, day) = ZipWriter.dosDateTime(fixedDate)  // 2023-11-14 22:13:20 UTC
        #expect(day == UInt16((2023 - 1980) << 9 | 11 << 5 | 14))
        #expect(time == UInt16(22 << 11 | 13 << 5 | 20 / 2))
    }
}
