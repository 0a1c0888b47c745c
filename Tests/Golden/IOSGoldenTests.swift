import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardSnapshotTesting
import LayoutEngine
import XCTest

/// The built-in iOS keyboards in their own themes, light and dark, in both orientations, each
/// at its device's scale: `ios` and `ios26` on six iPhones of different sizes (`ios26` has no
/// row for the iPhones that do not run iOS 26), `ios-ipad` on the two iPads its table covers.
final class IOSGoldenTests: XCTestCase {
    static let keyboards: [(layout: String, themes: [String], devices: [String])] = [
        ("ios", ["ios", "ios-dark"], ["iphone-se-1", "iphone-se", "iphone-13-mini", "iphone-14", "iphone-8-plus", "iphone-16-pro-max"]),
        ("ios26", ["ios26", "ios26-dark"], ["iphone-se", "iphone-14", "iphone-16-pro", "iphone-11", "iphone-14-plus", "iphone-16-pro-max"]),
        ("ios-ipad", ["ios", "ios-dark"], ["ipad-6", "ipad-9"]),
    ]

    func testEveryIOSKeyboardInLightAndDark() {
        for keyboard in Self.keyboards {
            withEvery("theme", in: keyboard.themes) { theme in
                withEvery("device", in: keyboard.devices) { device in
                    withEvery("orientation", in: Orientation.allCases) { orientation in
                        let golden = GoldenCase(layout: keyboard.layout, theme: theme, orientation: orientation, device: device)
                        assertGolden(of: try golden.scene(), as: .png, named: golden.name)
                    }
                }
            }
        }
    }
}
