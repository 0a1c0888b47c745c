import Foundation

extension LintKeyboard {
    /// `String(format: "%.Nf", value)` (N = `decimals`), written without Foundation's
    /// formatter for the values `number(_:decimals:below:)` prints: a whole number of
    /// 10⁻ᴺ. A sweep prints numbers into the details of every finding before merging them,
    /// tens of thousands of times.
    ///
    /// Such a value is the double nearest k·10⁻ᴺ for an integer k; while |k| < 2⁵⁰ that double
    /// lies far closer to k·10⁻ᴺ than half a unit of the last decimal, so "%.Nf" prints the
    /// digits of k. Anything else goes to `String(format:)`.
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, (0...9).contains(decimals) else { return String(format: "%.\(decimals)f", value) }
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let scaled = value * factor
        let units = scaled.rounded()
        guard abs(units) < 0x1p50, (units / factor) == value else { return String(format: "%.\(decimals)f", value) }
        let magnitude = UInt64(abs(units))
        var whole = String(magnitude / UInt64(factor))
        if value.sign == .minus { whole = "-" + whole }
        guard decimals > 0 else { return whole }
        let fraction = String(magnitude % UInt64(factor))
        return whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
