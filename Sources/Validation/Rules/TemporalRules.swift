// F13: an occupant's validity (TEMPORALITY: start, end, modified) in order and in time: its start
// before its end, its end not passed, its modified time not in the future - all Violations of
// Apple's, measured against the time of validation.

import Foundation
import IMDF

extension FindingCode {
    public static let F13 = FindingCode(
        "F13", .error, "an occupant's validity out of order or out of date",
        explanation: """
            an occupant's `validity`: start after end, end passed, modified in the future (measured against the time of validation)
            """)
}

enum TemporalRules {
    static let startAfterEnd = AppleRule("Occupant", "StartDateTimeIsAfterEndDateTime", .F13)
    static let endPassed = AppleRule("Occupant", "EndDateTimeIsBeforeCurrentDateTime", .F13)
    static let modifiedInFuture = AppleRule("Occupant", "ModifiedDateTimeIsAfterCurrentDateTime", .F13)

    static let declarations = RuleDeclarations(codes: [.F13], rules: [startAfterEnd, endPassed, modifiedInFuture])

    static func check(_ context: ValidationContext) -> [Finding] {
        var findings: [Finding] = []
        let now = context.now.timeIntervalSince1970
        for occupant in context.archive.features(of: .occupant) {
            guard let validity = occupant.property(.validity)?.objectValue else { continue }
            func time(_ member: String) -> (text: String, seconds: Double)? {
                guard let text = validity[member]?.stringValue, let seconds = Formats.secondsSince1970(text) else { return nil }
                return (text, seconds)
            }
            let start = time("start")
            let end = time("end")
            if let start, let end, start.seconds > end.seconds {
                findings.append(
                    context.finding(
                        startAfterEnd, "\(context.describe(occupant)) starts (\(start.text)) after it ends (\(end.text))", occupant))
            }
            if let end, end.seconds < now {
                findings.append(
                    context.finding(
                        endPassed, "\(context.describe(occupant)) ended at \(end.text), which has passed", occupant,
                        fix: Fix("delete the occupant, or extend validity.end")))
            }
            if let modified = time("modified"), modified.seconds > now {
                findings.append(
                    context.finding(
                        modifiedInFuture, "\(context.describe(occupant)) was modified at \(modified.text), which is in the future", occupant
                    ))
            }
        }
        return findings
    }
}

extension Formats {
    /// A DATE-TIME as seconds since 1970 (UTC); a time without an offset is taken as UTC. Nil
    /// when it is not a DATE-TIME.
    static func secondsSince1970(_ text: String) -> Double? {
        guard dateTimeForm(text) != .invalid else { return nil }
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - 48) } }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        let (hour, minute, second) = (number(11..<13), number(14..<16), number(17..<19))
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        // Days from civil (Howard Hinnant's algorithm): exact for the proleptic Gregorian calendar.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        var seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
        var index = 19
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            var scale = 0.1
            index += 1
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                seconds += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
        }
        if index + 6 == bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let offset = Double(number(index + 1..<index + 3) * 3_600 + number(index + 4..<index + 6) * 60)
            seconds += bytes[index] == UInt8(ascii: "+") ? -offset : offset
        }
        return seconds
    }
}
