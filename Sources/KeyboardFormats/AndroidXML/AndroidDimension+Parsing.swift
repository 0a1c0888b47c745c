import KeyboardModel

extension AndroidDimension {
    /// Parses `text` (`10%p`, `3dip`, `-2.5dp`, `48px`), applying the build tools' quantisation.
    ///
    /// Returns nil for anything that is not a decimal number followed by a unit (`dip` is
    /// `dp`), or whose number exceeds `maxMagnitude`.
    package init?(_ text: String) {
        let trimmed = text.trimmingAndroidSpace()
        var numberEnd = trimmed.utf8.startIndex
        for index in trimmed.utf8.indices {
            let b = trimmed.utf8[index]
            let isNumberByte = (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: ".")
                || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
                || ((b == UInt8(ascii: "e") || b == UInt8(ascii: "E")) && index != trimmed.utf8.startIndex)
            if !isNumberByte { break }
            numberEnd = trimmed.utf8.index(after: index)
        }
        // "e" could begin no unit; a trailing "e" belongs to no number ("1e" is not valid).
        let numberText = String(trimmed[..<numberEnd])
        let unitText = String(trimmed[numberEnd...])
        let unit: Unit
        switch unitText {
        case "px": unit = .px
        case "dp", "dip": unit = .dp
        case "sp": unit = .sp
        case "pt": unit = .pt
        case "in": unit = .in
        case "mm": unit = .mm
        case "%": unit = .percent
        case "%p": unit = .percentOfParent
        default: return nil
        }
        guard !numberText.isEmpty, let number = Text.parseNumber(numberText),
              Float(number).isFinite, abs(Float(number)) <= Self.maxMagnitude else { return nil }
        self.init(written: number, unit: unit)
    }
}
