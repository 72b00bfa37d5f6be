import Foundation
import Testing

@testable import Shell

/// SHA-256 through libcrypto, against the digests of FIPS 180-2's examples.
@Suite("SHA-256 digest")
struct SHA256DigestTests {
    @Test func theEmptyMessageHasTheKnownDigest() {
        #expect(SHA256Digest.hexDigest(of: [UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Digest.hexDigest(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func abcHasTheKnownDigest() {
        #expect(SHA256Digest.hexDigest(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func aMillionLettersAHaveTheKnownDigest() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256Digest.hexDigest(of: message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func aMessageFedInPiecesHasTheDigestOfTheWhole() {
        // Pieces of every size around the 64-byte block, empty ones among them, as Data and arrays.
        let message = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var digest = SHA256Digest()
        var start = 0
        var size = 0
        while start < message.count {
            let end = min(start + size, message.count)
            if size % 2 == 0 { digest.update(Data(message[start..<end])) } else { digest.update(Array(message[start..<end])) }
            start = end
            size = (size + 1) % 130
        }
        let pieces = digest.finalize().map { SHA256Digest.hex($0) }
        #expect(pieces != nil)
        #expect(pieces == SHA256Digest.hexDigest(of: message))
    }

    @Test func aDigestIsItsThirtyTwoBytes() {
        var digest = SHA256Digest()
        digest.update(Array("abc".utf8))
        let bytes = digest.finalize()
        #expect(bytes?.count == 32)
        #expect(bytes?.prefix(4) == [0xba, 0x78, 0x16, 0xbf])
    }

    @Test func hexIsLowercaseWithTwoDigitsAByte() {
        #expect(SHA256Digest.hex([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        #expect(SHA256Digest.hex([UInt8]()) == "")
    }
}
