// The tolerances of the checks that compare shapes with Apple's wording, each with the evidence
// that set it: what the real archives (`shared/imdf-samples/`) hold within it and beyond it.
// CODES.md lists them under the code table; `--explain` can show a code's.

/// One tolerance: the code and rule it applies to, its value as the check uses it, and why.
public struct Tolerance: Sendable {
    public let code: FindingCode
    public let rule: String
    public let value: String
    public let evidence: String
}

public enum Tolerances {
    public static let all: [Tolerance] = [
        Tolerance(
            code: .G5, rule: "UnitMustBeCoveredByReferencedLevel",
            value: "\(centimetres: SpatialRules.levelTolerance) outside the level, for every type G5 checks (was 0.5 m)",
            evidence: """
                Measured as the farthest vertex of each feature from its level. spbstu-polymap (2,624 features) and postech-c5 have no \
                unit, opening, fixture, section or detail more than 1 mm outside its level. ulm-osmtoimdf (OpenStreetMap, 7 decimal \
                places, about 1 cm of rounding) has 9 units 1-9 mm outside, then one 0.43 m outside (0.48 m²) and 309 more than 0.5 m \
                outside. 5 cm is five times the largest slop and finds the units 0.13-0.41 m outside that 0.5 m let pass; the Violation \
                count of spbstu-polymap and postech-c5 is unchanged by it.
                """),
        Tolerance(
            code: .G4, rule: "OpeningMustBeCoveredByUnitBoundary",
            value:
                "every point of the opening within \(centimetres: SpatialRules.openingTolerance) of a unit boundary (was its ends and middle within 0.5 m)",
            evidence: """
                Measured every centimetre along each opening to the nearest unit boundary of its level. postech-c5: all 59 openings lie \
                on a boundary (0 mm). spbstu-polymap: of 472 openings the farthest points lie 1.0, 0.8 and 0.4 cm off, then two openings \
                12.4 cm off along their whole length; ulm-osmtoimdf has no openings. 5 cm is five times the largest slop and finds a door \
                7-9 cm inside a walkway; the whole line is tested, so a door whose ends and middle touch the wall but not the rest is found.
                """),
        Tolerance(
            code: .G8, rule: "UnitsMustNotOverlap",
            value: "an overlap over \(squareMetres: SpatialRules.unitOverlapThreshold) (was 0.1 m²)",
            evidence: """
                Measured as the area of each pair of units of one level that intersect. spbstu-polymap: 357 pairs, 347 of them under \
                0.001 m² (shared walls whose coordinates differ in the 13th decimal), one of 0.0021 m², then 9 over 0.1 m². postech-c5: \
                none. ulm-osmtoimdf: 87 pairs, 31 under 0.01 m² (largest 0.0077 m²), 14 from 0.011 to 0.062 m² (rooms drawn a few \
                centimetres into each other, now reported) and 56 over 0.1 m². 0.01 m² (1 mm along a 10 m wall) is five times the \
                rounding noise of spbstu-polymap; Apple's rule is a Warning, so no error count changes.
                """),
    ]
}
