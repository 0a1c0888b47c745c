import KeyboardFormats
import KeyboardModel
import KeyboardRenderer

/// The framed device before it is placed on a canvas, in the screen's pixels: the body's size
/// and where the screen lies in it. Held on its side, the device turns a quarter to the left:
/// its top (the cut-out) is on the left and the home button on the right.
struct DeviceBody {
    /// The frame drawn around the screen.
    enum Frame {
        /// The bare screen.
        case none
        /// Drawn from a device table row.
        case outline(DeviceOutline)
        /// A frame picture, drawn at `width × height` screen pixels.
        case image(RasterImage)
    }

    /// The body's size, screen pixels.
    var width: Double
    var height: Double
    /// The screen's top-left corner in the body, screen pixels.
    var screenX: Double
    var screenY: Double
    /// The screen's corner radius, screen pixels.
    var screenRadius: Double
    var frame: Frame

    /// A share of a frame's screen shape that may differ from the device's screen.
    static let frameShapeTolerance = 0.02

    /// The body of `choice` around a screen of `screenWidth × screenHeight` pixels at
    /// `pixelsPerPoint`; `outline` is the device's table row (nil for a pixel device `WxH@D`,
    /// which gets a plain bezel).
    ///
    /// - Throws: `Diagnostic` of the frame file when its screen's shape differs from the device's.
    static func make(_ choice: ComposeRequest.FrameChoice, frameFile: ComposeFrameFile?, outline: DeviceOutline?, screenWidth: Int, screenHeight: Int,
                     pixelsPerPoint: Double, orientation: Orientation) throws -> DeviceBody {
        let sw = Double(screenWidth), sh = Double(screenHeight)
        let radius = (outline?.cornerRadius ?? 0) * pixelsPerPoint
        switch choice {
        case .none:
            return DeviceBody(width: sw, height: sh, screenX: 0, screenY: 0, screenRadius: radius, frame: .none)
        case .file(let path):
            guard let frame = frameFile else { return DeviceBody(width: sw, height: sh, screenX: 0, screenY: 0, screenRadius: radius, frame: .none) }
            let k = sw / frame.screen.width
            let difference = abs(frame.screen.height * k - sh) / sh
            guard difference <= frameShapeTolerance else {
                throw Diagnostic(file: FilePath.shown(path), path: "screen", reason: "the frame's screen is \(Limits.format(frame.screen.width)) × \(Limits.format(frame.screen.height)) px, a shape \(percent(difference)) away from the device's \(screenWidth) × \(screenHeight) px screen (at most \(percent(frameShapeTolerance))): use a frame of this device in this orientation")
            }
            return DeviceBody(width: Double(frame.image.width) * k, height: Double(frame.image.height) * k, screenX: frame.screen.x * k, screenY: frame.screen.y * k,
                              screenRadius: frame.cornerRadius * k, frame: .image(frame.image))
        case .auto:
            let row = outline ?? plain(width: sw / pixelsPerPoint)
            let side = row.sideBezel * pixelsPerPoint, top = row.topBezel * pixelsPerPoint, bottom = row.bottomBezel * pixelsPerPoint
            if orientation == .portrait {
                return DeviceBody(width: sw + 2 * side, height: sh + top + bottom, screenX: side, screenY: top, screenRadius: radius, frame: .outline(row))
            }
            return DeviceBody(width: sw + top + bottom, height: sh + 2 * side, screenX: top, screenY: side, screenRadius: radius, frame: .outline(row))
        }
    }

    /// A device with no row in the table: a rectangular screen in an even bezel of 4 % of its
    /// width, no cut-out, no button.
    static func plain(width: Double) -> DeviceOutline {
        let bezel = (width * 0.04).rounded()
        return DeviceOutline(device: "", cornerRadius: 0, cutout: .none, sideBezel: bezel, topBezel: bezel, bottomBezel: bezel, homeButton: 0,
                             source: "a pixel device: a plain bezel")
    }

    static func percent(_ share: Double) -> String {
        String(format: "%.1f %%", share * 100)
    }
}

/// The parts of a drawn frame on the canvas.
enum VectorFrameLayout {
    /// The body of a device with rectangular screen corners, as a multiple of its side bezel,
    /// at most this many points.
    static let squareScreenBodyRadius = (bezels: 2.0, maxPoints: 60.0)

    /// The frame of `row` around the screen at `screen` (canvas pixels), `scale` canvas pixels
    /// per screen pixel and `pixelsPerPoint` screen pixels per point.
    static func frame(_ row: DeviceOutline, body: Rect, screen: Rect, scale: Double, pixelsPerPoint: Double, orientation: Orientation, color: Color) -> VectorFrame {
        let unit = scale * pixelsPerPoint
        let bodyRadius = row.cornerRadius > 0 ? (row.cornerRadius + row.sideBezel) * unit
            : min(row.sideBezel * squareScreenBodyRadius.bezels, squareScreenBodyRadius.maxPoints) * unit
        let rim = row.sideBezel * unit * 0.12
        return VectorFrame(body: body, bodyRadius: bodyRadius, color: color, rim: color.mixed(with: .white, by: 0.22), rimWidth: rim >= 1 ? rim : 0,
                           cutout: cutout(row.cutout, screen: screen, unit: unit, orientation: orientation),
                           homeButton: homeButton(row, screen: screen, unit: unit, orientation: orientation, color: color))
    }

    private static func cutout(_ cutout: DeviceOutline.Cutout, screen: Rect, unit: Double, orientation: Orientation) -> CutoutShape? {
        guard cutout.kind != .none else { return nil }
        let along = cutout.width * unit, across = cutout.height * unit, offset = cutout.top * unit
        if orientation == .portrait {
            return CutoutShape(rect: Rect(x: screen.x + (screen.width - along) / 2, y: screen.y + offset, width: along, height: across), kind: cutout.kind, fromLeftEdge: false)
        }
        return CutoutShape(rect: Rect(x: screen.x + offset, y: screen.y + (screen.height - along) / 2, width: across, height: along), kind: cutout.kind, fromLeftEdge: true)
    }

    private static func homeButton(_ row: DeviceOutline, screen: Rect, unit: Double, orientation: Orientation, color: Color) -> HomeButtonShape? {
        guard row.hasHomeButton else { return nil }
        let band = row.bottomBezel * unit
        let center = orientation == .portrait ? (screen.x + screen.width / 2, screen.maxY + band / 2) : (screen.maxX + band / 2, screen.y + screen.height / 2)
        return HomeButtonShape(centerX: center.0, centerY: center.1, radius: row.homeButton / 2 * unit,
                               fill: color.mixed(with: .white, by: 0.06), ring: color.mixed(with: .white, by: 0.3))
    }
}

extension Color {
    /// This colour moved `share` (0…1) of the way to `other`, opaque.
    func mixed(with other: Color, by share: Double) -> Color {
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * share).rounded()) }
        return Color(red: channel(red, other.red), green: channel(green, other.green), blue: channel(blue, other.blue))
    }
}
