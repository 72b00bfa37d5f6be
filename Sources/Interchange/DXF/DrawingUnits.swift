// The drawing's unit. `$INSUNITS` is wrong or missing in many real drawings (millimetres declared
// for a plan drawn in metres, or nothing at all), so the declared unit is checked against what the
// drawing holds: rooms of 2 to 2,000 m2, doors 0.6 to 1.3 m wide, a plan 3 m to 3 km across.

import HelperProtocol

/// What the drawing holds that has a typical size, in drawing units.
public struct SizeEvidence: Sendable {
    /// Areas of closed outlines on room layers.
    public var roomAreas: [Double] = []
    /// Widths of door swings and door blocks.
    public var doorWidths: [Double] = []
    /// The larger side of the plan's extent.
    public var extent: Double = 0

    public init(roomAreas: [Double] = [], doorWidths: [Double] = [], extent: Double = 0) {
        self.roomAreas = roomAreas
        self.doorWidths = doorWidths
        self.extent = extent
    }
}

public enum UnitCheck {
    public static let roomArea: ClosedRange<Double> = 2...2_000
    public static let doorWidth: ClosedRange<Double> = 0.6...1.3
    public static let planExtent: ClosedRange<Double> = 3...3_000

    /// How well `unit` explains the evidence: the share of rooms and doors of a plausible size,
    /// each weighing as one; nil when the plan's extent is implausible in that unit.
    static func fit(_ unit: DrawingUnit, _ evidence: SizeEvidence) -> Double? {
        let scale = unit.metres
        guard evidence.extent == 0 || planExtent.contains(evidence.extent * scale) else { return nil }
        var score = 0.0
        if !evidence.roomAreas.isEmpty {
            score += Double(evidence.roomAreas.filter { roomArea.contains($0 * scale * scale) }.count) / Double(evidence.roomAreas.count)
        }
        if !evidence.doorWidths.isEmpty {
            score += Double(evidence.doorWidths.filter { doorWidth.contains($0 * scale) }.count) / Double(evidence.doorWidths.count)
        }
        return score
    }

    /// The declared unit when nothing fits better; otherwise the unit that fits best, preferring
    /// metres, then millimetres (the units plans are drawn in most).
    public static func choose(declaredCode: Int?, evidence: SizeEvidence, given: DrawingUnit?) -> UnitChoice {
        let declared = declaredCode.flatMap(DrawingUnit.init(insertionUnits:))
        let declaredText =
            declaredCode.map { code in declared.map { "\($0.name) ($INSUNITS \(code))" } ?? "$INSUNITS \(code)" } ?? "no $INSUNITS"
        if let given {
            return UnitChoice(unit: given, declared: declared, reason: "\(given.name), as given (the drawing declares \(declaredText))")
        }
        let preference: [DrawingUnit] =
            (declared.map { [$0] } ?? []) + [.metres, .millimetres, .centimetres, .feet, .inches].filter { $0 != declared }
        let fits = preference.map { ($0, fit($0, evidence)) }
        let best = fits.compactMap { $0.1 }.max()
        guard let best, let winner = fits.first(where: { $0.1 == best })?.0 else {
            let unit = declared ?? .metres
            return UnitChoice(
                unit: unit, declared: declared,
                reason: "\(unit.name): no unit makes the plan 3 m to 3 km across (the drawing declares \(declaredText))")
        }
        if winner == declared {
            return UnitChoice(
                unit: winner, declared: declared, reason: "\(winner.name), as declared ($INSUNITS \(declaredCode!)), which fits the content"
            )
        }
        let what = evidence.roomAreas.isEmpty && evidence.doorWidths.isEmpty ? "the plan's size" : "room and door sizes"
        if declared != nil {
            return UnitChoice(
                unit: winner, declared: declared,
                reason:
                    "\(winner.name): the drawing declares \(declaredText), which is implausible for \(what); \(winner.name) fit (--units to override)"
            )
        }
        return UnitChoice(
            unit: winner, declared: nil,
            reason: "\(winner.name): the drawing declares \(declaredText); \(winner.name) fit \(what) (--units to override)")
    }
}
