@testable import KeyboardModel
@testable import KeyboardFormats
@testable import LayoutEngine
@testable import KeyboardComposer

/// Scenes built by hand, with known frames and colours, independent of the layout solver
/// and the themes.
enum Fixtures {
    static let background = Color(red: 0xD1, green: 0xD3, blue: 0xD9)
    static let keyFill = Color.white
    static let functionFill = Color(red: 0xAB, green: 0xB0, blue: 0xBA)
    static let enterFill = Color(red: 0x00, green: 0x7A, blue: 0xFF)
    static let shadow = Color(red: 0x89, green: 0x8A, blue: 0x8D)
    static let border = Color(red: 0xFF, green: 0x00, blue: 0x00)
    static let pressedFill = Color(red: 0xB5, green: 0xB8, blue: 0xBE)

    static func style(fill: Color = keyFill, text: Color = .black, textSize: Double = 22, cornerRadius: Double = 5, hiddenCorners: Set<Corner> = [], borderWidth: Double = 0, borderColor: Color = .clear, shadowHeight: Double = 1, shadowColor: Color = shadow, image: SceneImage? = nil) -> ResolvedKeyStyle {
        ResolvedKeyStyle(fill: fill, image: image, text: text, textSize: textSize, cornerRadius: cornerRadius, hiddenCorners: hiddenCorners, borderWidth: borderWidth, borderColor: borderColor, shadowHeight: shadowHeight, shadowColor: shadowColor)
    }

    /// One key at `frame` (points), snapped at `scale`.
    static func key(_ label: String, _ frame: Rect, scale: Double, index: Int = 0, icon: SceneIcon = .none, code: KeyCode = .input, state: KeyState = .normal, style: ResolvedKeyStyle = style()) -> SceneKey {
        let keyFrame = KeyFrame(index: index, key: Key(label: label, code: code), row: 0, slot: index, frame: frame, pixelFrame: PixelRect(snapping: frame, scale: scale))
        return SceneKey(frame: keyFrame, label: icon == .none ? label : "", icon: icon, state: state, style: style)
    }

    /// A scene `width × height` points (+ `safeBottom`) at `scale` holding `keys`.
    static func scene(width: Double, height: Double, scale: Double, safeBottom: Double = 0, background: SceneBackground = .color(background), font: SceneFont = SceneFont(family: "DejaVu Sans", weight: .regular), toolbar: SceneToolbar? = nil, keys: [SceneKey]) -> KeyboardScene {
        let canvas = Canvas(deviceName: nil, orientation: .portrait, width: width, scale: scale, safeArea: EdgeInsets(bottom: safeBottom))
        let frames = KeyboardFrames(
            layoutName: "test", canvas: canvas, width: width, height: height, safeAreaBottom: safeBottom,
            imageWidth: Int((width * scale).rounded()), imageHeight: Int(((height + safeBottom) * scale).rounded()),
            toolbarFrame: toolbar?.frame, toolbarTitle: toolbar?.title, keys: keys.map(\.frame))
        return KeyboardScene(frames: frames, background: background, font: font, toolbar: toolbar, keys: keys)
    }

    /// An iPhone-15-like QWERTY keyboard, 393 × 250 pt + 34 pt safe area at 3× (1179 × 852 px).
    static func letters(scale: Double = 3, pressed: String? = nil, shift: ShiftState = .off, labels: [String]? = nil) -> KeyboardScene {
        let width = 393.0, inset = 3.0, gap = 6.0, keyHeight = 46.0, rowPitch = 57.0, top = 12.0
        let unit = (width - 2 * inset - 9 * gap) / 10
        var keys: [SceneKey] = []
        func add(_ label: String, x: Double, row: Int, width w: Double, icon: SceneIcon = .none, code: KeyCode = .input, fill: Color = keyFill, text: Color = .black, textSize: Double = 25) {
            let frame = Rect(x: x, y: top + Double(row) * rowPitch, width: w, height: keyHeight)
            let isPressed = label == pressed
            let style = Self.style(fill: isPressed ? pressedFill : fill, text: text, textSize: textSize, cornerRadius: 5, shadowHeight: isPressed ? 0 : 1)
            keys.append(key(label, frame, scale: scale, index: keys.count, icon: icon, code: code, state: isPressed ? .pressed : .normal, style: style))
        }
        let all: [String] = labels ?? "qwertyuiopasdfghjklzxcvbnm".map { String($0) }
        let rows: [[String]] = [Array(all.prefix(10)), Array(all.dropFirst(10).prefix(9)), Array(all.dropFirst(19).prefix(7))]
        for (i, label) in rows[0].enumerated() { add(label, x: inset + Double(i) * (unit + gap), row: 0, width: unit) }
        let margin1 = (width - 9 * unit - 8 * gap) / 2
        for (i, label) in rows[1].enumerated() { add(label, x: margin1 + Double(i) * (unit + gap), row: 1, width: unit) }
        let margin2 = (width - 7 * unit - 6 * gap) / 2
        let functionWidth = 44.0
        add("shift", x: inset, row: 2, width: functionWidth, icon: SceneIcon(.shift, shift: shift), code: .shift, fill: shift == .off ? functionFill : keyFill)
        for (i, label) in rows[2].enumerated() { add(label, x: margin2 + Double(i) * (unit + gap), row: 2, width: unit) }
        add("delete", x: width - inset - functionWidth, row: 2, width: functionWidth, icon: SceneIcon(.delete), code: .delete, fill: functionFill)
        let modeWidth = 88.0
        add("123", x: inset, row: 3, width: (modeWidth - gap) / 2, code: .modeNumber, fill: functionFill, textSize: 16)
        add("globe", x: inset + (modeWidth + gap) / 2, row: 3, width: (modeWidth - gap) / 2, icon: SceneIcon(.globe), code: .collapse, fill: functionFill)
        add("space", x: inset + modeWidth + gap, row: 3, width: width - 2 * inset - 2 * (modeWidth + gap), code: .space, textSize: 16)
        add("return", x: width - inset - modeWidth, row: 3, width: modeWidth, icon: SceneIcon(.return), code: .done, fill: enterFill, text: .white)
        return scene(width: width, height: 250, scale: scale, safeBottom: 34, keys: keys)
    }
}
