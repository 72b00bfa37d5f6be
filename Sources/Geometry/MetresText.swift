// Distances in messages, alike wherever a message names one.

extension String {
    /// Metres for messages: two decimals below 10 m, whole metres above.
    public init(metres: Double) {
        self = metres >= 10 ? String(Int(saturating: metres.rounded())) : String((metres * 100).rounded() / 100)
    }
}
