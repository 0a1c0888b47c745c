import ColorMetrics
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer

/// What goes on a device's screen, in its pixels: the app image's place and the status bar.
enum ScreenLayout {
    /// An aspect that differs from the screen's by more than this share is noted.
    static let aspectTolerance = 0.02

    /// `app` scaled to cover a `width × height` screen, top aligned and centred across, and
    /// the note when its aspect differs from the screen's by more than `aspectTolerance`.
    static func cover(_ app: RasterImage, width: Int, height: Int, file: String) -> (placed: PlacedImage, note: Diagnostic?) {
        let sw = Double(width), sh = Double(height), aw = Double(app.width), ah = Double(app.height)
        let scale = max(sw / aw, sh / ah)
        let rect = Rect(x: (sw - aw * scale) / 2, y: 0, width: aw * scale, height: ah * scale)
        let screenAspect = sw / sh, appAspect = aw / ah
        let difference = abs(appAspect - screenAspect) / screenAspect
        guard difference > aspectTolerance else { return (PlacedImage(image: app, rect: rect), nil) }
        let cut = appAspect < screenAspect ? "its bottom is cut off" : "its sides are cut off"
        let note = Diagnostic(file: FilePath.shown(file), path: "", reason: "the image is \(app.width) × \(app.height) px, a shape \(DeviceBody.percent(difference)) away from the \(width) × \(height) px screen: scaled to cover the screen, \(cut)")
        return (PlacedImage(image: app, rect: rect), note)
    }

    /// The mean colour of the part of `placed` under a band `height` pixels tall at the top
    /// of the screen (sampled on a grid of at most 64 × 16 pixels).
    static func topColor(_ placed: PlacedImage, height: Double) -> Color {
        let image = placed.image
        let scale = placed.rect.height / Double(image.height)
        let rows = min(image.height, max(1, Int((height / scale).rounded(.up))))
        var sums = [0, 0, 0], count = 0
        for y in stride(from: 0, to: rows, by: max(1, rows / 16)) {
            for x in stride(from: 0, to: image.width, by: max(1, image.width / 64)) {
                let i = (y * image.width + x) * 4
                for channel in 0..<3 { sums[channel] += Int(image.rgba[i + channel]) }
                count += 1
            }
        }
        let mean = sums.map { UInt8(($0 + count / 2) / max(1, count)) }
        return Color(red: mean[0], green: mean[1], blue: mean[2])
    }

    /// iOS's dark status bar (black) over `background` when black reads better on it than
    /// white does (the higher WCAG contrast ratio), else the light one (white).
    static func statusBarColor(over background: Color) -> Color {
        let under = SRGB(red8: background.red, green8: background.green, blue8: background.blue)
        let onBlack = ColorMetrics.contrastRatio(under, SRGB(red: 0, green: 0, blue: 0))
        return onBlack >= ColorMetrics.contrastRatio(under, .white) ? .black : .white
    }
}

/// Where a status bar's parts go, by the kind of device: a phone with a cut-out shows the time
/// in the left "ear" and the icons in the right one; an iPhone with a home button centres the
/// time with signal and Wi-Fi on the left and the battery on the right; iPads and Android
/// phones put the time on the left and the icons on the right. Points, then screen pixels.
struct StatusBarLayout {
    /// The bar's height, the time's size and font, and the icons' size as a share of iOS's.
    var height: Double
    var timeSize: Double
    var font: SceneFont
    var iconScale: Double

    /// The icons at full size, points: signal bars, Wi-Fi, battery, and the gap between them.
    static let icons = (signal: (18.0, 11.5), wifi: (16.5, 11.8), battery: (26.0, 12.5), gap: 5.0)

    /// The bar for `outline` (nil: a pixel device) on a screen `widthPoints` wide.
    ///
    /// - Parameter measure: the width in pixels of the time set in a font at a size in pixels.
    /// - Parameter color: the bar's colour for a bar of a height in pixels.
    static func bar(time: String, outline: DeviceOutline?, widthPoints: Double, pixelsPerPoint p: Double, orientation: Orientation, color: (Double) -> Color,
                    measure: (String, SceneFont, Double) throws -> Double) throws -> ComposedStatusBar {
        let cutout = outline?.cutout ?? .none
        let android = outline.map { $0.device.hasPrefix("pixel") || $0.device.hasPrefix("galaxy") || $0.device.hasPrefix("android") } ?? true
        let inter = SceneFont(family: "Inter", weight: .semibold), roboto = SceneFont(family: "Roboto", weight: .medium)
        let portraitEars = orientation == .portrait && (cutout.kind == .island || cutout.kind == .notch)
        if portraitEars {
            let centerY = cutout.kind == .island ? cutout.top + cutout.height / 2 : cutout.height * 0.6
            let ear = (widthPoints - cutout.width) / 4
            let layout = StatusBarLayout(height: cutout.top + cutout.height + 6, timeSize: 17, font: inter, iconScale: 1)
            return layout.place(time: time, timeCenter: ear + 2, iconsCenter: widthPoints - ear - 2, centerY: centerY, p: p, color: color(layout.height * p))
        }
        if outline?.hasHomeButton == true && !(outline?.device.hasPrefix("ipad") ?? false) {
            let layout = StatusBarLayout(height: 20, timeSize: 12, font: inter, iconScale: 0.72)
            return layout.centered(time: time, widthPoints: widthPoints, p: p, color: color(layout.height * p))
        }
        let leftInset = orientation == .landscape && cutout.kind != .none ? cutout.top + cutout.height : 0
        let layout = android ? StatusBarLayout(height: max(24, cutout.top + cutout.height + 6), timeSize: 14, font: roboto, iconScale: 0.85)
            : StatusBarLayout(height: 24, timeSize: 15, font: inter, iconScale: 0.9)
        let centerY = android && cutout.kind != .none && orientation == .portrait ? cutout.top + cutout.height / 2 : layout.height / 2
        let timeWidth = try measure(time, layout.font, layout.timeSize * p) / p
        let iconsWidth = layout.iconsWidth
        // Clear of the screen's rounded corners.
        let edge = max(18, (outline?.cornerRadius ?? 0) * 0.55)
        return layout.place(time: time, timeCenter: leftInset + edge + timeWidth / 2, iconsCenter: widthPoints - edge - iconsWidth / 2,
                            centerY: centerY, p: p, color: color(layout.height * p))
    }

    /// The width of the three icons with their gaps, points.
    var iconsWidth: Double {
        (Self.icons.signal.0 + Self.icons.wifi.0 + Self.icons.battery.0 + 2 * Self.icons.gap) * iconScale
    }

    /// The time centred at `timeCenter` and the icons as a group centred at `iconsCenter`.
    private func place(time: String, timeCenter: Double, iconsCenter: Double, centerY: Double, p: Double, color: Color) -> ComposedStatusBar {
        var x = iconsCenter - iconsWidth / 2
        let signal = icon(Self.icons.signal, x: x, centerY: centerY, p: p)
        x += (Self.icons.signal.0 + Self.icons.gap) * iconScale
        let wifi = icon(Self.icons.wifi, x: x, centerY: centerY, p: p)
        x += (Self.icons.wifi.0 + Self.icons.gap) * iconScale
        let battery = icon(Self.icons.battery, x: x, centerY: centerY, p: p)
        return ComposedStatusBar(time: time, font: font, timeSize: timeSize * p, timeCenterX: timeCenter * p, timeCenterY: centerY * p,
                                 signal: signal, wifi: wifi, battery: battery, color: color)
    }

    /// An iPhone with a home button: signal and Wi-Fi at the left, the time centred, the battery
    /// at the right.
    private func centered(time: String, widthPoints: Double, p: Double, color: Color) -> ComposedStatusBar {
        let centerY = height / 2
        let signal = icon(Self.icons.signal, x: 6, centerY: centerY, p: p)
        let wifi = icon(Self.icons.wifi, x: 6 + (Self.icons.signal.0 + Self.icons.gap) * iconScale, centerY: centerY, p: p)
        let battery = icon(Self.icons.battery, x: widthPoints - 6 - Self.icons.battery.0 * iconScale, centerY: centerY, p: p)
        return ComposedStatusBar(time: time, font: font, timeSize: timeSize * p, timeCenterX: widthPoints / 2 * p, timeCenterY: centerY * p,
                                 signal: signal, wifi: wifi, battery: battery, color: color)
    }

    /// An icon of `size` points (at `iconScale`) from `x`, centred on `centerY`, in pixels.
    private func icon(_ size: (Double, Double), x: Double, centerY: Double, p: Double) -> Rect {
        let w = size.0 * iconScale, h = size.1 * iconScale
        return Rect(x: x * p, y: (centerY - h / 2) * p, width: w * p, height: h * p)
    }
}
