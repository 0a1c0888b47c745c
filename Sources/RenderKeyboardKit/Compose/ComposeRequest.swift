import KeyboardFormats
import KeyboardModel
import KeyboardRenderer

/// One store screenshot, or one localised set of them (docs/store-screenshots.md): the
/// keyboard `keyboard` describes, drawn exactly as `render` draws it, on its device's screen
/// over an app's screenshot, in a device frame, under a caption, on a store's canvas.
///
/// The command line (`compose`) and batch manifests (`compose: {…}`) decode into this one
/// shape through `ComposeRequest.declarations`, so each field is read and checked once.
public struct ComposeRequest: Sendable, Hashable {
    /// The request's own fields, spelled as manifest fields; `optionName` is the command line's.
    package enum Field: String, Sendable, Hashable, CaseIterable {
        /// `store` (`--store`): a store's canvas.
        case store
        /// `size` (`--size`): any other canvas, `WxH` pixels.
        case size
        /// `app` (`--app`): the app's screenshot on the screen.
        case app
        /// `screenFill` (`--screen-fill`): the screen's colour without an app image.
        case screenFill
        /// `statusBar` (`--status-bar`): the time of a status bar.
        case statusBar
        /// `frame` (`--frame`): `auto`, `none` or a frame file.
        case frame
        /// `frameColour` (`--frame-colour`): the colour of a drawn frame.
        case frameColour
        /// `caption` (`--caption`): one caption.
        case caption
        /// `captionFont` (`--caption-font`): a family and weight, or a font file.
        case captionFont
        /// `captionSize` (`--caption-size`): pixels.
        case captionSize
        /// `captionColour` (`--caption-colour`).
        case captionColour
        /// `background` (`--background`): a colour or an image.
        case background
        /// `margin` (`--margin`): pixels.
        case margin
        /// `deviceScale` (`--device-scale`): canvas pixels per screen pixel.
        case deviceScale
        /// `framesOut` (`--frames-out`): the frames JSON written.
        case framesOut
        /// `captions` (`--captions`): a captions file, one screenshot per locale.
        case captions
        /// `locales` (`--locales`): the locales drawn, or `all`.
        case locales
        /// `layoutKind` (`--layout-kind`): `deliver` or `play` folders.
        case layoutKind
        /// `name` (`--name`): the screenshot's name in `deliver` file names.
        case name
        /// `number` (`--number`): the screenshot's place, 1…99.
        case number
        /// `format` (`--format`): `png` or `jpeg`.
        case format
        /// `output` (`-o`/`--output`): the image, or a set's folder; a manifest job's `output`.
        case output

        /// The option that sets the field (`caption-size`), without dashes.
        package var optionName: String {
            var name = ""
            for character in rawValue {
                if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
            }
            return name
        }
    }

    /// A canvas size in pixels, each side ≥ 1.
    package struct CanvasSize: Sendable, Hashable {
        /// Pixels.
        package var width: Int
        /// Pixels.
        package var height: Int

        /// A size; its limits are checked when the canvas is laid out.
        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The device frame drawn around the screen.
    package enum FrameChoice: Sendable, Hashable {
        /// Drawn as vectors from the device table.
        case auto
        /// None: the bare screen, still clipped to its rounded corners.
        case none
        /// A frame JSON file naming a PNG of a frame and its screen (`ComposeFrameFile`).
        case file(String)
    }

    /// What the canvas shows under the caption and the device.
    package enum BackgroundChoice: Sendable, Hashable {
        /// One colour.
        case color(Color)
        /// A PNG or JPEG covering the canvas.
        case image(String)
    }

    /// Where a localised set is written, in the folders of fastlane's upload tools.
    package enum FolderLayout: String, Sendable, Hashable, CaseIterable {
        /// `deliver` (App Store): `OUT/LOCALE/NN_NAME_STORE.png`.
        case deliver
        /// `supply` (Google Play): `OUT/LOCALE/images/phoneScreenshots/NN.png`.
        case play
    }

    /// The keyboard: layout, theme, device, orientation and every other render option but the
    /// output. The device's screen is the screenshot's screen; a bare width is refused.
    public var keyboard = RenderRequest()
    /// A store's canvas size; nil: `size`, else the device's store (`StorePreset.defaultPreset`).
    public var store: StorePreset?
    /// Any other canvas size, portrait pixels (swapped in landscape like a store's).
    package var size: CanvasSize?
    /// The app's own screenshot (PNG or JPEG) under the keyboard.
    public var app: String?
    /// The screen's colour without an app image; nil: the theme's background colour.
    package var screenFill: Color?
    /// The time of a status bar (`9:41`); nil draws none.
    package var statusBar: String?
    /// The device frame.
    package var frame: FrameChoice = .auto
    /// The colour of a vector frame's body.
    package var frameColour = Color(red: 0x1C, green: 0x1C, blue: 0x1E)
    /// One caption above the device; nil: none (or the `captions` file's).
    public var caption: String?
    /// The caption's font: a pinned family and weight (`Inter Bold`) or a font file; nil:
    /// `ComposeRequest.defaultCaptionFont`.
    package var captionFont: String?
    /// The caption's size, canvas pixels; nil: 6.5 % of the canvas's shorter side.
    package var captionSize: Double?
    /// The caption's colour.
    package var captionColour = Color.black
    /// The canvas's background.
    package var background: BackgroundChoice = .color(.white)
    /// Space around the caption and the device, canvas pixels; nil: 5 % of the shorter side.
    package var margin: Double?
    /// Canvas pixels per screen pixel; nil: the largest that fits below the caption.
    package var deviceScale: Double?
    /// Where the positions of everything drawn are written as JSON; nil: not written.
    package var framesOut: String?
    /// A captions file (`LOCALE: "caption"`, YAML or JSON): one screenshot per locale.
    package var captions: String?
    /// The locales of `captions` to draw; nil: all of them, in the file's order.
    package var locales: [String]?
    /// The folders a localised set is written in.
    package var layoutKind: FolderLayout = .deliver
    /// The screenshot's name in `deliver` file names (`01_NAME_STORE.png`).
    package var name = "keyboard"
    /// The screenshot's place in the store's order, 1…99 (`NN`).
    package var number = 1
    /// The file format; nil: from `output`'s extension, else PNG.
    package var format: StillImageFormat?
    /// The image written, or the folder of a localised set; nil: `ComposeRequest.defaultOutput`.
    public var output: String?

    /// Why a keyboard on a bare width (`width`, `height`) cannot be composed.
    package static let bareWidthReason = "a screenshot puts the keyboard on a device's screen, which a bare width has not: give a device (a preset or WxH@D)"

    /// The caption font when none is given: Inter (standing in for Apple's SF Pro), bold.
    package static let defaultCaptionFont = "Inter Bold"

    /// The request of `compose` with no options: the `letters` layout on `iphone-15`.
    public init() {}

    /// Whether the request writes a localised set (a `captions` file) rather than one image.
    package var isSet: Bool { captions != nil }

    /// The format written: `format`, else the output's extension, else PNG.
    package var resolvedFormat: StillImageFormat {
        format ?? output.flatMap { isSet ? nil : StillImageFormat(fileExtension: FilePath.pathExtension($0)) } ?? .png
    }

    /// The image or folder written when no output is given: `screenshot.png`, or fastlane's
    /// own folders for a set (`fastlane/screenshots`, `fastlane/metadata/android`).
    package var defaultOutput: String {
        guard isSet else { return "screenshot." + (resolvedFormat == .jpeg ? "jpg" : "png") }
        return layoutKind == .deliver ? "fastlane/screenshots" : "fastlane/metadata/android"
    }

    /// The image or folder written.
    package var resolvedOutput: String { output ?? defaultOutput }
}
