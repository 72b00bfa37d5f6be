// Tolerances as code explanations state them, interpolated from the constants the checks use, so
// CODES.md and `--explain` say what the checks allow.

import Foundation

extension String.StringInterpolation {
    /// A tolerance as an explanation states it: `\(metres: 0.5)` is "0.5 m".
    mutating func appendInterpolation(metres: Double) { appendLiteral(String(format: "%g m", metres)) }
    /// `\(centimetres: 0.05)` (metres) is "5 cm".
    mutating func appendInterpolation(centimetres metres: Double) { appendLiteral(String(format: "%g cm", metres * 100)) }
    /// `\(squareMetres: 0.1)` is "0.1 m²".
    mutating func appendInterpolation(squareMetres: Double) { appendLiteral(String(format: "%g m²", squareMetres)) }
}
