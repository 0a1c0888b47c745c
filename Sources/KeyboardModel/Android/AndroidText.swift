// The lexical rules of Android's resource files that the reader and the placement share.

extension String {
    /// The string without leading and trailing XML white space (space, tab, CR, LF), as
    /// Android trims an attribute's value.
    package func trimmingAndroidSpace() -> String {
        let utf8 = Array(self.utf8)
        var start = 0, end = utf8.count
        while start < end, AndroidKeyboard.isXMLSpace(utf8[start]) { start += 1 }
        while end > start, AndroidKeyboard.isXMLSpace(utf8[end - 1]) { end -= 1 }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
}

extension AndroidKeyboard {
    /// Whether `byte` is XML white space: space, tab, LF or CR.
    package static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The id name a `keyboardMode` reference names, for a row's attribute and a requested
    /// mode alike (Android compares resource ids): `mode_url` for `@+id/mode_url`,
    /// `@id/mode_url`, `@android:id/mode_url` or `@integer/mode_url`, Android's white space
    /// trimmed; nil when `text` is not such a reference (a requested bare name is used as is).
    package static func modeIDName(_ text: String) -> String? {
        let text = text.trimmingAndroidSpace()
        guard text.hasPrefix("@"), let slash = text.lastIndex(of: "/") else { return nil }
        let name = String(text[text.index(after: slash)...])
        return name.isEmpty ? nil : name
    }
}
