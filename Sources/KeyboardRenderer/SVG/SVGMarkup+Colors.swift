import KeyboardModel
import MarkupText

/// Colours as SVG and CSS write them.
extension SVGMarkup {
    /// Appends a colour as `#RRGGBB` (its alpha is written on its own, `opacity(_:)`).
    mutating func hex(_ color: Color) {
        raw("#")
        for channel in [color.red, color.green, color.blue] { hexByte(channel) }
    }

    /// Appends `#RRGGBB`, or `#RRGGBBAA` when the colour is not opaque: a CSS colour value.
    mutating func cssColor(_ color: Color) {
        hex(color)
        if color.alpha != 255 { hexByte(color.alpha) }
    }

    /// Appends ` NAME="#RRGGBB"` and, for a colour that is not opaque, ` NAME-opacity="A"`.
    mutating func paint(_ name: String, _ color: Color) {
        raw(" ")
        raw(name)
        raw("=\"")
        hex(color)
        raw("\"")
        if color.alpha != 255 {
            attribute(name + "-opacity", number: Double(color.alpha) / 255)
        }
    }
}
