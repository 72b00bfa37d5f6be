import Geometry
import Testing

/// Boxes and what they share.
@Suite("Boxes")
struct BoundsTests {
    @Test func twoBoxesShareTheAreaOfTheirOverlapAndNothingWhereTheyOnlyTouchOrMiss() {
        let box = Bounds(minX: 0, minY: 0, maxX: 4, maxY: 3)
        #expect(box.sharedArea(with: box) == 12)
        #expect(box.sharedArea(with: Bounds(minX: 2, minY: 1, maxX: 10, maxY: 10)) == 4)
        #expect(box.sharedArea(with: Bounds(minX: 1, minY: 1, maxX: 2, maxY: 2)) == 1)  // inside
        #expect(box.sharedArea(with: Bounds(minX: 4, minY: 0, maxX: 8, maxY: 3)) == 0)  // side by side
        #expect(box.sharedArea(with: Bounds(minX: 5, minY: 5, maxX: 6, maxY: 6)) == 0)  // apart
        #expect(box.sharedArea(with: .empty) == 0)
        #expect(Bounds.empty.sharedArea(with: .empty) == 0)
    }
}
