// Whole numbers from measurements, without a trap. `Int(someDouble)` stops the program when the
// value is NaN, infinite or beyond Int's range, and such values do arrive: a coordinate of 1e999
// in a file, a move by 1e308 typed at the prompt. Cells, pixels and rounded metres go through
// this instead.

extension Int {
    /// `value` rounded toward zero and clamped to Int's range; 0 for NaN.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = Int.max
        } else if value <= -9.2e18 {
            self = Int.min
        } else {
            self = Int(value)
        }
    }
}
