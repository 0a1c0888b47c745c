import KeyboardModel

/// The Material 3 baseline colour scheme (seed #6750A4), the defaults of Jetpack Compose
/// material3's `lightColorScheme()` and `darkColorScheme()`: what a Snygg stylesheet's
/// `dynamic-light-color(NAME)` and `dynamic-dark-color(NAME)` are drawn as, since the
/// wallpaper's colours are not known (docs/format.md "Snygg stylesheets").
package enum MaterialBaseline {
    /// NAME: (light, dark).
    static let colors: [String: (light: UInt32, dark: UInt32)] = [
        "primary": (0x6750A4, 0xD0BCFF),
        "onPrimary": (0xFFFFFF, 0x381E72),
        "inversePrimary": (0xD0BCFF, 0x6750A4),
        "secondary": (0x625B71, 0xCCC2DC),
        "secondaryContainer": (0xE8DEF8, 0x4A4458),
        "background": (0xFEF7FF, 0x141218),
        "onBackground": (0x1D1B20, 0xE6E0E9),
        "scrim": (0x000000, 0x000000),
        "surface": (0xFEF7FF, 0x141218),
        "onSurface": (0x1D1B20, 0xE6E0E9),
        "surfaceVariant": (0xE7E0EC, 0x49454F),
        "surfaceDim": (0xDED8E1, 0x141218),
        "surfaceBright": (0xFEF7FF, 0x3B383E),
        "surfaceContainerLow": (0xF7F2FA, 0x1D1B20),
        "surfaceContainerHigh": (0xECE6F0, 0x2B2930),
    ]

    /// The names this table has, sorted.
    static var names: [String] { colors.keys.sorted() }

    /// The baseline colour `name` in the light or dark scheme; nil for a name not listed.
    package static func color(_ name: String, dark: Bool) -> Color? {
        guard let entry = colors[name] else { return nil }
        let rgb = dark ? entry.dark : entry.light
        return Color(red: UInt8((rgb >> 16) & 0xFF), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF))
    }
}
