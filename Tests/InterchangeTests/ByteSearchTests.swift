import Testing

@testable import Interchange

/// Plain substring search on UTF-8 bytes, as names are judged by.
@Suite("Searching names as bytes")
struct ByteSearchTests {
    @Test func aPieceOfBytesIsFoundWhereverItIsAndOnlyThere() {
        let bytes = Array(" meeting room 2 ".utf8)
        #expect(ByteSearch.holds(bytes, Array(" meeting room ".utf8)))
        #expect(ByteSearch.holds(bytes, Array(" 2 ".utf8)))  // at the end
        #expect(ByteSearch.holds(bytes, Array(" meet".utf8)))  // at the start
        #expect(ByteSearch.holds(bytes, bytes))
        #expect(ByteSearch.holds(bytes, []))
        #expect(!ByteSearch.holds(bytes, Array(" rooms ".utf8)))
        #expect(!ByteSearch.holds(bytes, Array(" meeting room 2  ".utf8)))  // longer than the text
        #expect(!ByteSearch.holds([], Array("a".utf8)))
        #expect(ByteSearch.holds([], []))
        #expect(ByteSearch.holds(Array("房间属性：卫生间".utf8), Array("卫生间".utf8)))
        #expect(!ByteSearch.holds(Array("卫生".utf8), Array("卫生间".utf8)))
    }

    @Test func aWordIsFoundInATextAtItsFirstPlaceAsTheTextsBytesGo() {
        #expect("a-wall-layer".holdsBytes("wall"))
        #expect(!"a-wal-layer".holdsBytes("wall"))
        #expect("人员名单".holdsBytes("人员"))
        #expect(!"人".holdsBytes("人员"))
        #expect("".holdsBytes(""))
        #expect(!"".holdsBytes("x"))
        #expect("LABEL(f:\"Arial\",s:2.5g)".byteOffset(of: "s:") == 16)
        #expect("ss:s:".byteOffset(of: "s:") == 1)
        // Offsets count bytes: "é" is two.
        #expect("é s:1".byteOffset(of: "s:") == 3)
        #expect("text".byteOffset(of: "xt") == 2)
        #expect("text".byteOffset(of: "tx") == nil)
    }
}
