/// A zip written byte by byte, so a test can give any entry the defect it needs: a wrong offset,
/// an encryption flag, a method nobody supports, a declared size that lies, zip64 sizes, or a
/// directory record that shares another entry's data. Data is stored (method 0) as given.
public struct RawZipEntry: Sendable {
    public var name: String
    public var data: [UInt8]
    public var method: UInt16 = 0
    public var flags: UInt16 = 0x0800
    public var crc: UInt32?
    /// The uncompressed size the directory declares (the data's length by default).
    public var declaredSize: UInt64?
    /// The local-header offset the directory records (the real one by default).
    public var recordedOffset: UInt64?
    /// Writes the sizes and offset as zip64 values in an extra field.
    public var zip64 = false
    /// Unix file type and permissions (a symbolic link is 0o120777).
    public var mode: UInt32 = 0o100644
    /// Points this directory record at the local header of an earlier entry instead of its own.
    public var sharesDataWith: Int?

    public init(_ name: String, _ data: [UInt8]) {
        self.name = name
        self.data = data
    }
}

public enum RawZip {
    public static func build(_ entries: [RawZipEntry]) -> [UInt8] {
        var output: [UInt8] = []
        var offsets: [UInt64] = []
        for entry in entries {
            offsets.append(UInt64(output.count))
            guard entry.sharesDataWith == nil else { continue }
            let name = Array(entry.name.utf8)
            output.le32(0x0403_4B50)
            output.le16(20)
            output.le16(entry.flags)
            output.le16(entry.method)
            output.le32(0)  // time, date
            output.le32(entry.crc ?? crc32(entry.data))
            output.le32(UInt32(truncatingIfNeeded: entry.data.count))
            output.le32(UInt32(truncatingIfNeeded: entry.declaredSize ?? UInt64(entry.data.count)))
            output.le16(UInt16(name.count))
            output.le16(0)
            output += name
            output += entry.data
        }
        let directoryStart = output.count
        for (index, entry) in entries.enumerated() {
            let name = Array(entry.name.utf8)
            let offset = entry.recordedOffset ?? offsets[entry.sharesDataWith ?? index]
            let source = entries[entry.sharesDataWith ?? index]
            let compressed = UInt64(source.data.count)
            let declared = entry.declaredSize ?? UInt64(source.data.count)
            var extra: [UInt8] = []
            if entry.zip64 {
                extra.le16(0x0001)
                extra.le16(24)
                extra.le64(declared)
                extra.le64(compressed)
                extra.le64(offset)
            }
            output.le32(0x0201_4B50)
            output.le16(0x031E)
            output.le16(entry.zip64 ? 45 : 20)
            output.le16(entry.flags)
            output.le16(entry.method)
            output.le32(0)
            output.le32(entry.crc ?? crc32(source.data))
            output.le32(entry.zip64 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: compressed))
            output.le32(entry.zip64 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: declared))
            output.le16(UInt16(name.count))
            output.le16(UInt16(extra.count))
            output.le16(0)  // comment
            output.le16(0)  // disk
            output.le16(0)  // internal attributes
            output.le32(entry.mode << 16)
            output.le32(entry.zip64 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: offset))
            output += name
            output += extra
        }
        let directorySize = output.count - directoryStart
        output.le32(0x0605_4B50)
        output.le16(0)
        output.le16(0)
        output.le16(UInt16(entries.count))
        output.le16(UInt16(entries.count))
        output.le32(UInt32(directorySize))
        output.le32(UInt32(directoryStart))
        output.le16(0)
        return output
    }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Rewrites the uncompressed size a zip's directory declares for the entry `name` (a zip
    /// without zip64 records, such as ZIPFoundation writes for small files).
    public static func setDeclaredSize(_ size: UInt32, of name: String, in bytes: inout [UInt8]) {
        var position = 0
        let target = Array(name.utf8)
        while position + 46 <= bytes.count {
            if bytes.readLE32(position) == 0x0201_4B50 {
                let nameLength = Int(bytes.readLE16(position + 28))
                if Array(bytes[(position + 46)..<(position + 46 + nameLength)]) == target {
                    for shift in 0..<4 { bytes[position + 24 + shift] = UInt8(truncatingIfNeeded: size >> (8 * UInt32(shift))) }
                    return
                }
            }
            position += 1
        }
    }
}

extension [UInt8] {
    public mutating func le16(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }
    public mutating func le32(_ value: UInt32) {
        le16(UInt16(value & 0xFFFF))
        le16(UInt16(value >> 16))
    }
    public mutating func le64(_ value: UInt64) {
        le32(UInt32(value & 0xFFFF_FFFF))
        le32(UInt32(value >> 32))
    }
    public func readLE16(_ at: Int) -> UInt16 { UInt16(self[at]) | UInt16(self[at + 1]) << 8 }
    public func readLE32(_ at: Int) -> UInt32 { UInt32(readLE16(at)) | UInt32(readLE16(at + 2)) << 16 }
}
