// Reads a zip file's central directory and inflates its entries, checking every entry on its own.
//
// Written here rather than read through ZIPFoundation (which the tests still use to build
// fixtures), for three measured reasons: its entry iterator ends silently at the first record it
// cannot follow (an encrypted entry, a bad local-header offset), so every entry after it vanished
// without a word; looking an entry up by name scans the directory from its start, so reading n
// entries took n² steps (52 s for 5,000 entries); and it inflates an entry whole with no bound,
// so a small zip could fill the memory. Here the directory is read once; each record is checked
// for encryption, its compression method, its declared sizes against the limits, its local
// header and its data's place in the file (overlapping data is the zip bomb's trick); and
// inflation (zlib, raw deflate) stops at the declared size.
//
// Supported: stored and deflated entries, zip64 sizes and offsets, UTF-8 or CP437 names.

import Foundation
import SystemZlib

#if canImport(Glibc)
    import Glibc
#endif

/// One record of a zip's central directory.
struct ZipDirectoryEntry: Sendable {
    var name: String
    var method: UInt16
    var flags: UInt16
    var crc32: UInt32
    var compressedSize: UInt64
    var uncompressedSize: UInt64
    var localHeaderOffset: UInt64
    var isDirectory: Bool
    var isSymbolicLink: Bool

    var isEncrypted: Bool { flags & 0x0001 != 0 || flags & 0x0040 != 0 || method == 99 }
}

/// Why one entry cannot be read; the rest of the zip still is.
struct ZipEntryProblem: Error, Sendable, CustomStringConvertible {
    var description: String
}

/// A zip file open for reading. `pread` keeps no shared file position, so entries may be read
/// from several threads at once.
final class ZipFile: Sendable {
    let size: UInt64
    let entries: [ZipDirectoryEntry]
    private let descriptor: Int32

    /// Opens the file and reads its central directory; a zip whose directory cannot be read at
    /// all is refused with the reason (`ZipEntryProblem.description`).
    init(path: String) throws(ZipEntryProblem) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ZipEntryProblem(description: "cannot open it: \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            throw ZipEntryProblem(description: "cannot read it: \(String(cString: strerror(errno)))")
        }
        do throws(ZipEntryProblem) {
            size = UInt64(info.st_size)
            entries = try Self.readDirectory(descriptor, fileSize: size)
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    // MARK: The central directory

    private static let endSignature: UInt32 = 0x0605_4B50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    private static let zip64EndSignature: UInt32 = 0x0606_4B50
    private static let directorySignature: UInt32 = 0x0201_4B50
    static let localHeaderSignature: UInt32 = 0x0403_4B50

    private static func readDirectory(_ descriptor: Int32, fileSize: UInt64) throws(ZipEntryProblem) -> [ZipDirectoryEntry] {
        func damaged(_ what: String) -> ZipEntryProblem { ZipEntryProblem(description: "not a readable zip archive (\(what))") }
        // The end record is the last 22 bytes plus a comment of up to 65,535 bytes.
        let tailLength = min(fileSize, 22 + 65_535)
        let tail = try read(descriptor, at: fileSize - tailLength, count: Int(tailLength))
        var endAt: Int?
        var candidate = tail.count - 22
        while candidate >= 0 {
            if tail.le32(candidate) == endSignature, candidate + 22 + Int(tail.le16(candidate + 20)) <= tail.count {
                endAt = candidate
                break
            }
            candidate -= 1
        }
        guard let end = endAt else { throw damaged("no end-of-central-directory record") }
        let endOffset = fileSize - tailLength + UInt64(end)
        let disk = tail.le16(end + 4)
        let directoryDisk = tail.le16(end + 6)
        var count = UInt64(tail.le16(end + 10))
        var directorySize = UInt64(tail.le32(end + 12))
        var directoryOffset = UInt64(tail.le32(end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // Zip64: a locator just before the end record points at the zip64 end record.
            guard endOffset >= 20 else { throw damaged("zip64 values without a zip64 locator") }
            let locator = try read(descriptor, at: endOffset - 20, count: 20)
            guard locator.le32(0) == zip64LocatorSignature else { throw damaged("zip64 values without a zip64 locator") }
            let recordOffset = locator.le64(8)
            guard recordOffset <= fileSize, fileSize - recordOffset >= 56 else {
                throw damaged("the zip64 end record lies outside the file")
            }
            let record = try read(descriptor, at: recordOffset, count: 56)
            guard record.le32(0) == zip64EndSignature else { throw damaged("no zip64 end record where its locator points") }
            count = record.le64(32)
            directorySize = record.le64(40)
            directoryOffset = record.le64(48)
        }
        guard disk == 0, directoryDisk == 0 else { throw damaged("split across several files, which is not supported") }
        guard directoryOffset <= endOffset, directorySize <= endOffset - directoryOffset else {
            throw damaged("its central directory (\(directorySize) bytes at byte \(directoryOffset)) lies outside the file")
        }
        // Each record takes at least 46 bytes, so a count the directory cannot hold is a lie.
        guard count <= directorySize / 46 else {
            throw damaged("the directory claims \(count) entries but has room for \(directorySize / 46)")
        }
        let directory = try read(descriptor, at: directoryOffset, count: Int(directorySize))
        var entries: [ZipDirectoryEntry] = []
        entries.reserveCapacity(Int(count))
        var position = 0
        for number in 1..<(Int(count) + 1) {
            guard position + 46 <= directory.count, directory.le32(position) == directorySignature else {
                throw damaged("directory record \(number) of \(count), at byte \(directoryOffset + UInt64(position)), is damaged")
            }
            let madeBy = directory.le16(position + 4)
            let flags = directory.le16(position + 8)
            let method = directory.le16(position + 10)
            let crc = directory.le32(position + 16)
            var compressed = UInt64(directory.le32(position + 20))
            var uncompressed = UInt64(directory.le32(position + 24))
            let nameLength = Int(directory.le16(position + 28))
            let extraLength = Int(directory.le16(position + 30))
            let commentLength = Int(directory.le16(position + 32))
            let external = directory.le32(position + 38)
            var offset = UInt64(directory.le32(position + 42))
            let nameStart = position + 46
            let extraStart = nameStart + nameLength
            let next = extraStart + extraLength + commentLength
            guard next <= directory.count else {
                throw damaged("directory record \(number) of \(count) runs past the end of the directory")
            }
            // Zip64 extra field: 64-bit values for the fields that hold 0xFFFFFFFF, in this order.
            var extra = extraStart
            while extra + 4 <= extraStart + extraLength {
                let id = directory.le16(extra)
                let length = Int(directory.le16(extra + 2))
                let body = extra + 4
                guard body + length <= extraStart + extraLength else { break }
                if id == 0x0001 {
                    var field = body
                    if uncompressed == 0xFFFF_FFFF, field + 8 <= body + length {
                        uncompressed = directory.le64(field)
                        field += 8
                    }
                    if compressed == 0xFFFF_FFFF, field + 8 <= body + length {
                        compressed = directory.le64(field)
                        field += 8
                    }
                    if offset == 0xFFFF_FFFF, field + 8 <= body + length { offset = directory.le64(field) }
                }
                extra = body + length
            }
            let nameBytes = directory[nameStart..<extraStart]
            let name = flags & 0x0800 != 0 ? String(decoding: nameBytes, as: UTF8.self) : Self.decodeLegacyName(nameBytes)
            let host = madeBy >> 8
            let mode = (host == 3 || host == 19) ? (external >> 16) & 0o170000 : 0
            entries.append(
                ZipDirectoryEntry(
                    name: name, method: method, flags: flags, crc32: crc, compressedSize: compressed, uncompressedSize: uncompressed,
                    localHeaderOffset: offset, isDirectory: name.hasSuffix("/") || mode == 0o040000 || (mode == 0 && external & 0x10 != 0),
                    isSymbolicLink: mode == 0o120000))
            position = next
        }
        return entries
    }

    /// Names without the UTF-8 flag are CP437 by the format; real producers write UTF-8 anyway,
    /// so valid UTF-8 is taken as such, and anything else is read byte for byte as Latin-1.
    private static func decodeLegacyName(_ bytes: ArraySlice<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    // MARK: Entries

    /// Where an entry's data lies, checked: a local header at the recorded offset, data inside
    /// the file. Encrypted entries and methods other than stored and deflate are refused.
    func dataRange(of entry: ZipDirectoryEntry) throws(ZipEntryProblem) -> Range<UInt64> {
        if entry.isEncrypted { throw ZipEntryProblem(description: "encrypted (password-protected); imdf cannot read encrypted entries") }
        guard entry.method == 0 || entry.method == 8 else {
            throw ZipEntryProblem(
                description: "compressed with \(Self.methodName(entry.method)), which imdf cannot read (only stored and deflate)")
        }
        guard entry.localHeaderOffset < size, size - entry.localHeaderOffset >= 30 else {
            throw ZipEntryProblem(
                description:
                    "bad offset: its local header would be at byte \(entry.localHeaderOffset), past the end of the \(size)-byte zip")
        }
        let header = try Self.read(descriptor, at: entry.localHeaderOffset, count: 30)
        guard header.le32(0) == Self.localHeaderSignature else {
            throw ZipEntryProblem(
                description: "bad offset: there is no local header at byte \(entry.localHeaderOffset), where the zip's directory points")
        }
        let start = entry.localHeaderOffset + 30 + UInt64(header.le16(26)) + UInt64(header.le16(28))
        guard start <= size, entry.compressedSize <= size - start else {
            throw ZipEntryProblem(
                description: "its data (\(entry.compressedSize) bytes from byte \(start)) runs past the end of the \(size)-byte zip")
        }
        if entry.method == 0, entry.compressedSize != entry.uncompressedSize {
            throw ZipEntryProblem(
                description:
                    "stored without compression, yet its sizes differ (\(entry.compressedSize) and \(entry.uncompressedSize) bytes)")
        }
        return start..<(start + entry.compressedSize)
    }

    /// The entry's bytes: inflated (never past its declared size), their CRC-32 checked.
    func contents(of entry: ZipDirectoryEntry, data range: Range<UInt64>) throws(ZipEntryProblem) -> [UInt8] {
        guard entry.uncompressedSize <= UInt64(Int.max) else { throw ZipEntryProblem(description: "declares an impossible size") }
        let bytes: [UInt8]
        if entry.method == 0 {
            bytes = try Self.read(descriptor, at: range.lowerBound, count: Int(range.count))
        } else {
            bytes = try inflate(range, declaredSize: Int(entry.uncompressedSize))
        }
        let checksum = bytes.withUnsafeBufferPointer { buffer in
            // zlib's crc32 takes a 32-bit length: checksum in pieces.
            var crc: uLong = 0
            var offset = 0
            while offset < buffer.count {
                let piece = min(buffer.count - offset, 1 << 30)
                crc = SystemZlib.crc32(crc, buffer.baseAddress! + offset, uInt(piece))
                offset += piece
            }
            return UInt32(truncatingIfNeeded: crc)
        }
        guard checksum == entry.crc32 else {
            throw ZipEntryProblem(
                description:
                    "corrupt zip entry: CRC-32 is \(ArchiveSource.hex(checksum)), the zip records \(ArchiveSource.hex(entry.crc32))")
        }
        return bytes
    }

    private func inflate(_ range: Range<UInt64>, declaredSize: Int) throws(ZipEntryProblem) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ZipEntryProblem(description: "cannot start zlib")
        }
        defer { inflateEnd(&stream) }
        // One byte of room past the declared size shows a stream that inflates to more.
        var output = [UInt8](repeating: 0, count: declaredSize + 1)
        var produced = 0
        var position = range.lowerBound
        var finished = false
        let chunkSize = 1 << 20
        while !finished {
            let take = Int(min(UInt64(chunkSize), range.upperBound - position))
            var input = try Self.read(descriptor, at: position, count: take)
            position += UInt64(take)
            let atEnd = position == range.upperBound
            var status: Int32 = Z_OK
            input.withUnsafeMutableBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    stream.next_in = source.baseAddress
                    stream.avail_in = uInt(source.count)
                    repeat {
                        stream.next_out = target.baseAddress! + produced
                        stream.avail_out = uInt(min(target.count - produced, Int(UInt32.max)))
                        let before = stream.avail_out
                        status = SystemZlib.inflate(&stream, Z_NO_FLUSH)
                        produced += Int(before - stream.avail_out)
                    } while status == Z_OK && stream.avail_in > 0 && produced < target.count
                }
            }
            if produced > declaredSize {
                throw ZipEntryProblem(description: "inflates to more than the \(declaredSize) bytes it declares; reading stopped there")
            }
            switch status {
            case Z_STREAM_END: finished = true
            case Z_OK, Z_BUF_ERROR:
                if atEnd { throw ZipEntryProblem(description: "corrupt zip entry: its deflate data ends early") }
            default:
                let reason = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw ZipEntryProblem(description: "corrupt zip entry: its deflate data is damaged (zlib: \(reason))")
            }
        }
        guard produced == declaredSize else {
            throw ZipEntryProblem(description: "corrupt zip entry: inflates to \(produced) bytes, but declares \(declaredSize)")
        }
        output.removeLast()
        return output
    }

    static func methodName(_ method: UInt16) -> String {
        switch method {
        case 1...5: "the obsolete method \(method) (shrink/reduce)"
        case 6: "implode (method 6)"
        case 9: "deflate64 (method 9)"
        case 12: "bzip2 (method 12)"
        case 14: "LZMA (method 14)"
        case 93: "Zstandard (method 93)"
        case 95: "XZ (method 95)"
        default: "compression method \(method)"
        }
    }

    private static func read(_ descriptor: Int32, at offset: UInt64, count: Int) throws(ZipEntryProblem) -> [UInt8] {
        let (bytes, failure) = FileSystem.read(descriptor, at: offset, count: count)
        if failure != 0 { throw ZipEntryProblem(description: "cannot read it: \(String(cString: strerror(failure)))") }
        guard bytes.count == count else {
            throw ZipEntryProblem(description: "the file ends at byte \(offset + UInt64(bytes.count)), before the data the zip records")
        }
        return bytes
    }
}

extension [UInt8] {
    fileprivate func le16(_ at: Int) -> UInt16 { UInt16(self[at]) | UInt16(self[at + 1]) << 8 }
    fileprivate func le32(_ at: Int) -> UInt32 { UInt32(le16(at)) | UInt32(le16(at + 2)) << 16 }
    fileprivate func le64(_ at: Int) -> UInt64 { UInt64(le32(at)) | UInt64(le32(at + 4)) << 32 }
}
