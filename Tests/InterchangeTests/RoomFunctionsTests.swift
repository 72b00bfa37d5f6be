import Testing

@testable import Interchange

/// A room's category from its words, as a name, a type or a layer gives them.
@Suite("Room categories from words")
struct RoomCategoryTests {
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
