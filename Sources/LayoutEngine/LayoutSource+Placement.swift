import KeyboardModel

extension LayoutSource {
    /// The frames of the layout on `canvas`: a weight layout shuffled (when it shuffles and
    /// `shuffle` is not nil) and solved (docs/layouts-and-themes.md); an Android keyboard file
    /// placed as Android places it, `keyboardMode` selecting its mode rows, its keys shuffled
    /// by kind only with `forceShuffle` (it has no shuffle flag of its own) and a `shuffle`
    /// source (docs/android-xml.md); a HeliBoard or FlorisBoard
    /// layout placed as its app places it (docs/android-imes.md). Either way the image limits
    /// are checked, and a keyboard taller than the device's screen is refused
    /// (`Layout.checked`).
    ///
    /// - Parameter file: the layout's name in messages.
    /// - Throws: the solver's or placement's `Diagnostic`.
    package func frames(on canvas: Canvas, shuffle: ShuffleSource?, forceShuffle: Bool = false, keyboardMode: String? = nil, file: String) throws -> KeyboardFrames {
        switch self {
        case .weights(let layout):
            return try layout.frames(on: canvas, shuffle: shuffle, file: file)
        case .androidXML(let keyboard):
            return try Layout.checked(keyboard.place(on: canvas, keyboardMode: keyboardMode, shuffle: forceShuffle ? shuffle : nil, file: file), file: file)
        case .ime(let keyboard):
            return try Layout.checked(keyboard.place(on: canvas, file: file), file: file)
        }
    }

    /// The layout's keys in file order, unshuffled: a weight layout's keys; the keys Android
    /// reads from a keyboard file with the rows of `keyboardMode` (nil: no mode); an IME
    /// layout's keys as its app makes them. Which keys exist does not depend on the device,
    /// so the placed formats are placed on their reference phone.
    ///
    /// - Throws: placement's `Diagnostic` for a file that cannot be placed.
    package func keys(keyboardMode: String? = nil, file: String) throws -> [Key] {
        switch self {
        case .weights(let layout):
            return layout.keys
        case .androidXML(let keyboard):
            return try keyboard.keys(keyboardMode: keyboardMode, file: file)
        case .ime(let keyboard):
            guard let phone = Device.named(IMEKeyboard.defaultDevice) else { preconditionFailure("the IMEs' phone is a preset") }
            return try keyboard.place(on: Canvas(device: phone, orientation: .portrait), file: file).keys.map(\.key)
        }
    }

    /// The device a layout is drawn on when none is named: the IMEs' and Android's phone
    /// (`pixel-8`) for the formats placed as an Android app places them, else `iphone-15`.
    package var defaultDevice: String {
        switch self {
        case .weights: return Device.defaultName
        case .androidXML, .ime: return IMEKeyboard.defaultDevice
        }
    }

    /// Whether the layout can be drawn on `device` in `orientation`: a weight layout that
    /// reads a metrics table only where the table has a row, an IME layout only on a phone
    /// (narrower than `IMEKeyboard.maxPhoneWidth`) in portrait; anything else anywhere.
    package func canBeDrawn(on device: Device, _ orientation: Orientation) -> Bool {
        switch self {
        case .weights(let layout):
            return layout.metrics.map { $0.row(device: device.name, orientation: orientation) != nil } ?? true
        case .androidXML:
            return true
        case .ime:
            return orientation == .portrait && device.portrait.width < IMEKeyboard.maxPhoneWidth
        }
    }

    /// Every device preset and orientation the layout can be drawn on (`canBeDrawn(on:_:)`),
    /// as `validate` solves it.
    package var places: [(device: Device, orientation: Orientation)] {
        Device.all.flatMap { device in Orientation.allCases.map { (device, $0) } }.filter { canBeDrawn(on: $0.0, $0.1) }
    }
}
