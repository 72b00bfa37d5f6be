// Plain substring search on UTF-8 bytes, for the names a drawing is judged by (layers, blocks,
// labels, style strings), compared after lowercasing. Foundation's `String.contains` and
// `range(of:)` compare as a locale would - about 4,500 instructions a search - and `firstRange(of:)`
// on a byte array, through Foundation's `DataProtocol`, about 19,000; a drawing's names are
// searched for hundreds of words. The words searched for hold no combining marks, so bytes decide
// as characters would.

import Foundation

enum ByteSearch {
    /// Where `part` first occurs in `bytes` (its first byte's offset), or nil.
    static func offset(of part: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = part.first else { return 0 }
        guard part.count <= bytes.count else { return nil }
        for start in 0...(bytes.count - part.count) where bytes[start] == first {
            if memcmp(bytes.baseAddress! + start, part.baseAddress!, part.count) == 0 { return start }
        }
        return nil
    }

    /// Whether `bytes` hold `part` somewhere.
    static func holds(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in part.withUnsafeBufferPointer { offset(of: $0, in: bytes) != nil } }
    }
}

extension String {
    /// Whether `word` occurs in the text, byte for byte.
    func holdsBytes(_ word: String) -> Bool {
        byteOffset(of: word) != nil
    }

    /// The UTF-8 offset at which `word` first occurs in the text, byte for byte.
    func byteOffset(of word: String) -> Int? {
        var text = self
        var word = word
        return text.withUTF8 { text in word.withUTF8 { ByteSearch.offset(of: $0, in: text) } }
    }
}
