// The stable codes of validation findings. Each code is declared once, beside the check that
// raises it (`extension FindingCode { public static let G2 = FindingCode(...) }` in Rules/), with
// all that reports, CODES.md and `--explain` say about it, and listed in that file's
// `RuleDeclarations`. Codes follow the rule numbers of the IMDF reference
// (shared/imdf/REFERENCE.md section 7) where one exists.

import Foundation
import IMDF

public struct FindingCode: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What is said of the code, held once: a finding carries a reference to it, so that copying
    /// and moving 100,000 findings copies eight bytes of each code rather than its texts.
    private final class Declaration: Sendable {
        let rawValue: String
        let severity: Severity
        let title: String
        let explanation: String
        let repair: String?

        init(rawValue: String, severity: Severity, title: String, explanation: String, repair: String?) {
            self.rawValue = rawValue
            self.severity = severity
            self.title = title
            self.explanation = explanation
            self.repair = repair
        }
    }

    private let declaration: Declaration

    /// `G2`: what scripts and CI jobs filter on, never renamed.
    public var rawValue: String { declaration.rawValue }
    /// The severity of its findings that implement no rule of Apple's (those have Apple's) and
    /// are not raised at another severity by name.
    public var severity: Severity { declaration.severity }
    /// What it is about, in a line (reports, `--explain`).
    public var title: String { declaration.title }
    /// What its findings mean, with the tolerances the checks allow (CODES.md, `--explain`).
    public var explanation: String { declaration.explanation }
    /// How its findings are repaired, where they are (CODES.md's fix column).
    public var repair: String? { declaration.repair }

    init(_ rawValue: String, _ severity: Severity, _ title: String, explanation: String, repair: String? = nil) {
        declaration = Declaration(rawValue: rawValue, severity: severity, title: title, explanation: explanation, repair: repair)
    }

    /// Every code: in the order of the reference's sections (archive, features, geometry types,
    /// references, spatial, contents, ordinals, routing) and by number within each. Reports and
    /// CODES.md list codes in this order.
    public static let allCases: [FindingCode] = RuleDeclarations.all.flatMap(\.codes).sorted { $0.order < $1.order }

    /// Where each code stands in `allCases`, the order reports list codes in: worked out once.
    private static let ranks = Dictionary(uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })

    /// Where the code stands in `allCases` (after them all, for a code no declaration lists).
    public var rank: Int { Self.ranks[self] ?? Self.allCases.count }

    /// The code written as typed (`f4c`, `G1`).
    public static func matching(_ text: String) -> FindingCode? { allCases.first { $0.rawValue.lowercased() == text.lowercased() } }

    private static let sections = Array("AFTRGCON")

    /// Where the code stands in `allCases`: `F4` before `F4c`, `G9` before `G10`.
    private var order: (section: Int, number: Int, suffix: String) {
        let letter = rawValue.first ?? " "
        let digits = rawValue.dropFirst().prefix { $0.isNumber }
        return (
            Self.sections.firstIndex(of: letter) ?? Self.sections.count, Int(digits) ?? 0, String(rawValue.dropFirst(1 + digits.count))
        )
    }

    public var description: String { rawValue }

    public static func == (lhs: FindingCode, rhs: FindingCode) -> Bool {
        lhs.declaration === rhs.declaration || lhs.rawValue == rhs.rawValue
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let code = Self.allCases.first(where: { $0.rawValue == text }) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not a finding code")
        }
        self = code
    }
}
