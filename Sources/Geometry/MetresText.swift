// Distances in messages, alike wherever a message names one.

import Foundation

extension String {
    /// Metres for messages: two decimals below 10 m, whole metres above.
    public init(metres: Double) {
        self = metres >= 10 ? String(Int(saturating: metres.rounded())) : String((metres * 100).rounded() / 100)
    }
}

extension String {
    /// Metres as a person reads and types them back (a coordinate, a length): at most two
    /// decimals, no trailing zeros (3, 4.5, 0.95); `?` for a value that is no number.
    public init(typedMetres value: Double) {
        guard value.isFinite else {
            self = "?"
            return
        }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() && abs(rounded) < 1e15 {
            self = String(Int(rounded))
        } else {
            self = String(format: "%.2f", rounded).replacingOccurrences(of: #"0$"#, with: "", options: .regularExpression)
        }
    }
}
