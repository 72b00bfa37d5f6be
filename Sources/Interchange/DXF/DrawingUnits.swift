// The drawing's unit. `$INSUNITS` is wrong or missing in many real drawings (millimetres declared
// for a plan drawn in metres, or nothing at all), so the declared unit is checked against what the
// drawing holds: rooms of 2 to 2,000 m2, doors 0.6 to 1.3 m wide, texts 5 cm to 1 m high, a plan
// 3 m to 3 km across.

import HelperProtocol

/// What the drawing holds that has a typical size, in drawing units.
public struct SizeEvidence: Sendable {
    /// Areas of closed outlines on room layers.
    public var roomAreas: [Double] = []
    /// Widths of door swings and door blocks.
    public var doorWidths: [Double] = []
    /// Heights of the texts (labels, notes, dimensions).
    public var textHeights: [Double] = []
    /// The larger side of the plan's extent.
    public var extent: Double = 0
    /// The whole drawing's longer and shorter side, frame and title block included.
    public var sheet: (long: Double, short: Double)?

    public init(
        roomAreas: [Double] = [], doorWidths: [Double] = [], textHeights: [Double] = [], extent: Double = 0,
        sheet: (long: Double, short: Double)? = nil
    ) {
        self.roomAreas = roomAreas
        self.doorWidths = doorWidths
        self.textHeights = textHeights
        self.extent = extent
        self.sheet = sheet
    }

    /// Whether the extent is that of a paper sheet in millimetres (ISO A0-A4, ANSI B-D): most of
    /// the sheet, none beyond it - a plan drawn on its sheet at a scale.
    var isSheet: Bool {
        guard let sheet else { return false }
        return UnitCheck.paperSizes.contains { size in
            sheet.long <= size.long * 1.02 && sheet.short <= size.short * 1.02 && sheet.long >= size.long * 0.85
                && sheet.short >= size.short * 0.85
        }
    }
}

public enum UnitCheck {
    public static let roomArea: ClosedRange<Double> = 2...2_000
    public static let doorWidth: ClosedRange<Double> = 0.6...1.3
    /// Texts of a plan are 5 cm to 1 m high (2.5 mm on paper at 1:20 to 5 mm at 1:200).
    public static let textHeight: ClosedRange<Double> = 0.05...1.0
    public static let planExtent: ClosedRange<Double> = 3...3_000
    /// Sheets drawn to scale in millimetres - a plan at 1:50, 1:100 or 1:200 on paper, as
    /// drawings exported from some programs and scanned sheets are: metres per drawing unit.
    static let sheetScales: [(scale: Int, metres: Double)] = [(100, 0.1), (50, 0.05), (200, 0.2)]
    /// The median room of a floor plan, in square metres: a plan whose rooms' median is outside
    /// is at the wrong scale (a 1.1 km house, rooms of 57,803 m²).
    public static let medianRoomArea: ClosedRange<Double> = 2...500
    /// A median only this far outside that band calls the unit into question: the next unit
    /// changes areas by 6.45 (inches and centimetres) or more, while the shapes formed from a
    /// drawing's linework include cupboards and shafts that pull a right unit's median down.
    public static let tolerableMedianRoomArea: ClosedRange<Double> = 0.5...2_000
    /// Paper sizes in millimetres (long, short): ISO A0-A4 and ANSI B-D.
    static let paperSizes: [(long: Double, short: Double)] = [
        (1189, 841), (841, 594), (594, 420), (420, 297), (297, 210), (432, 279), (559, 432), (864, 559),
    ]
    /// A sheet scale is taken only when it explains the evidence this much better than every unit.
    static let sheetMargin = 0.5
    /// A declared unit is kept when this share of the evidence fits it, whatever fits more: a room
    /// layer also holds cubicles and fixtures, which another unit makes room-sized, while a unit
    /// declared wrongly makes almost nothing plausible.
    static let declaredFitShare = 0.2

    /// How well `metres` per drawing unit explains the evidence: the share of rooms and doors of a
    /// plausible size, each weighing as one; nil when the plan's extent is implausible at it.
    static func fit(_ metres: Double, _ evidence: SizeEvidence) -> Double? {
        guard evidence.extent == 0 || planExtent.contains(evidence.extent * metres) else { return nil }
        var score = 0.0
        if !evidence.roomAreas.isEmpty {
            score += Double(evidence.roomAreas.filter { roomArea.contains($0 * metres * metres) }.count) / Double(evidence.roomAreas.count)
        }
        if !evidence.doorWidths.isEmpty {
            score += Double(evidence.doorWidths.filter { doorWidth.contains($0 * metres) }.count) / Double(evidence.doorWidths.count)
        }
        if !evidence.textHeights.isEmpty {
            score += Double(evidence.textHeights.filter { textHeight.contains($0 * metres) }.count) / Double(evidence.textHeights.count)
        }
        return score
    }

    /// The declared unit when nothing fits better; otherwise the unit that fits best, preferring
    /// metres, then millimetres (the units plans are drawn in most); a sheet scale when no unit
    /// explains the rooms and doors and it does. `givenScale` (metres per unit) and `given` win.
    public static func choose(declaredCode: Int?, evidence: SizeEvidence, given: DrawingUnit?, givenScale: Double? = nil) -> UnitChoice {
        let declared = declaredCode.flatMap(DrawingUnit.init(insertionUnits:))
        let declaredText =
            declaredCode.map { code in declared.map { "\($0.name) ($INSUNITS \(code))" } ?? "$INSUNITS \(code)" } ?? "no $INSUNITS"
        if let givenScale {
            return UnitChoice(
                unit: declared ?? .metres, declared: declared,
                reason: "\(number(givenScale)) m per drawing unit, as given (the drawing declares \(declaredText))",
                metresPerUnit: givenScale)
        }
        if let given {
            return UnitChoice(unit: given, declared: declared, reason: "\(given.name), as given (the drawing declares \(declaredText))")
        }
        let preference: [DrawingUnit] =
            (declared.map { [$0] } ?? []) + [.metres, .millimetres, .centimetres, .feet, .inches].filter { $0 != declared }
        let fits = preference.map { ($0, fit($0.metres, evidence)) }
        let best = fits.compactMap { $0.1 }.max()
        let what =
            evidence.roomAreas.isEmpty && evidence.doorWidths.isEmpty && evidence.textHeights.isEmpty
            ? "the plan's size" : "room, door and text sizes"
        // A sheet to scale: on evidence of rooms or doors clearly better than any unit's; or, when
        // no unit explains any room or door, a drawing the size of a paper sheet in millimetres
        // (at 1:100 unless another scale explains more).
        let sheets = sheetScales.compactMap { candidate in fit(candidate.metres, evidence).map { (candidate, $0) } }
        let bestSheet = sheets.reduce(nil as ((scale: Int, metres: Double), Double)?) { best, next in
            best == nil || next.1 > best!.1 ? next : best
        }
        // Declared (or taken as) millimetres, too small a plan for them, and the size of a sheet.
        let onPaper =
            (declared == nil || declared == .millimetres) && evidence.isSheet && !planExtent.contains(evidence.extent * 0.001)
        if let sheet = bestSheet,
            (!evidence.roomAreas.isEmpty || !evidence.doorWidths.isEmpty) && sheet.1 >= (best ?? 0) + sheetMargin || onPaper
        {
            return UnitChoice(
                unit: .millimetres, declared: declared,
                reason:
                    "a sheet in millimetres at 1:\(sheet.0.scale) (\(number(sheet.0.metres)) m per drawing unit): \(onPaper ? "the drawing is \(Int(evidence.sheet?.long ?? 0)) x \(Int(evidence.sheet?.short ?? 0)) units, a paper sheet in millimetres" : "no unit fits \(what), this scale does") (the drawing declares \(declaredText); --units to override)",
                metresPerUnit: sheet.0.metres)
        }
        // Kept when a share of each kind of evidence fits it: toilets drawn in detail beside a
        // millimetre plan make room-sized areas in inches too, but no door fits inches there, and
        // labels 200 units high are no labels in inches. A kind no unit explains (texts drawn at
        // the sheet's size) tells nothing.
        let declaredFits =
            declared.map { unit in
                let kinds = [
                    SizeEvidence(roomAreas: evidence.roomAreas, extent: evidence.extent),
                    SizeEvidence(doorWidths: evidence.doorWidths, extent: evidence.extent),
                    SizeEvidence(textHeights: evidence.textHeights, extent: evidence.extent),
                ]
                return kinds.allSatisfy { part in
                    let telling = preference.contains { (fit($0.metres, part) ?? 0) >= declaredFitShare }
                    return !telling || (fit(unit.metres, part) ?? 0) >= declaredFitShare
                } && fit(unit.metres, evidence) != nil
            } ?? false
        guard let best, let winner = declaredFits ? declared : fits.first(where: { $0.1 == best })?.0 else {
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

    /// `millimetres`, or `a sheet in millimetres at 1:100 (0.1 m per drawing unit)`, or `0.3 m per
    /// drawing unit`.
    public static func describe(metresPerUnit metres: Double) -> String {
        if let unit = DrawingUnit.allCases.first(where: { $0.metres == metres }) { return unit.name }
        if let sheet = sheetScales.first(where: { $0.metres == metres }) {
            return "a sheet in millimetres at 1:\(sheet.scale) (\(number(metres)) m per drawing unit)"
        }
        return "\(number(metres)) m per drawing unit"
    }

    static func number(_ value: Double) -> String {
        String(format: "%g", value)
    }
}
