import Dispatch
import IMDF
import Synchronization
import Testing

/// "Did you mean" for values outside an enumeration: answers are worked out once per value and
/// enumeration, and are the same however often and from however many threads they are asked.
@Suite("Category suggestions")
struct SuggestionTests {
    @Test func aMisspeltValueGetsTheClosestAndAForeignValueItsEnumeration() {
        #expect(Suggestion.convincing(for: "foodservice.coffee", in: .unit) == "foodservice")
        #expect(Suggestion.hint(for: "foodservice.coffee", in: .unit) == "; did you mean \"foodservice\"?")
        #expect(Suggestion.convincing(for: "classroom", in: .occupant) == nil)
        #expect(Suggestion.hint(for: "classroom", in: .occupant) == " (it is a value of UNIT-CATEGORY)")
        #expect(Suggestion.convincing(for: "ofice", in: .unit) == "office")
    }

    @Test func repeatedAndConcurrentQuestionsGetTheSameAnswer() {
        let values = (0..<200).map { "wrong\($0 % 20)" } + ["classroom", "ofice", "foodservice.coffee"]
        let expected = values.map { Suggestion.hint(for: $0, in: .occupant) }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for (value, hint) in zip(values, expected) where Suggestion.hint(for: value, in: .occupant) != hint {
                mismatches.withLock { $0 += 1 }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}
