import Testing

@testable import Interchange

/// A room's category from its words, as a name, a type or a layer gives them.
@Suite("Room categories from words")
struct RoomCategoryTests {
    @Test func aPieceOfBytesIsFoundWhereverItIsAndOnlyThere() {
        let bytes = Array(" meeting room 2 ".utf8)
        #expect(RoomFunctions.holds(bytes, Array(" meeting room ".utf8)))
        #expect(RoomFunctions.holds(bytes, Array(" 2 ".utf8)))  // at the end
        #expect(RoomFunctions.holds(bytes, Array(" meet".utf8)))  // at the start
        #expect(RoomFunctions.holds(bytes, bytes))
        #expect(RoomFunctions.holds(bytes, []))
        #expect(!RoomFunctions.holds(bytes, Array(" rooms ".utf8)))
        #expect(!RoomFunctions.holds(bytes, Array(" meeting room 2  ".utf8)))  // longer than the text
        #expect(!RoomFunctions.holds([], Array("a".utf8)))
        #expect(RoomFunctions.holds(Array("房间属性：卫生间".utf8), Array("卫生间".utf8)))
        #expect(!RoomFunctions.holds(Array("卫生".utf8), Array("卫生间".utf8)))
    }

    @Test func wordsPhrasesPluralsAndGlyphsNameTheirCategoryAndOtherTextsNone() {
        #expect(RoomFunctions.category(of: "Meeting Room 2") == "conferenceroom")
        #expect(RoomFunctions.category(of: "SALLE DE RÉUNION") == "conferenceroom")
        #expect(RoomFunctions.category(of: "Class Rooms") == "classroom")
        #expect(RoomFunctions.category(of: "Store Rooms 1-3") == "storage")
        #expect(RoomFunctions.category(of: "房间属性：卫生间") == "restroom")
        #expect(RoomFunctions.category(of: "Office_2") == "office")
        #expect(RoomFunctions.category(of: "A-WALL") == nil)
        // Asked again, the same answers (each text is worked out once).
        #expect(RoomFunctions.category(of: "Meeting Room 2") == "conferenceroom")
        #expect(RoomFunctions.category(of: "A-WALL") == nil)
    }
}
