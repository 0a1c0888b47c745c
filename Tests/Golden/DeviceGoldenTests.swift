import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardSnapshotTesting
import LayoutEngine
import XCTest

/// `letters` in the `default` theme on every device preset, both orientations, at each
/// device's scale. (`iphone-15` portrait and landscape are already covered by the theme sweep
/// under the same names, so they are compared there.)
final class DeviceGoldenTests: XCTestCase {
    func testLettersOnEveryDevice() {
        withEvery("device", in: Device.all.map(\.name).filter { $0 != "iphone-15" }) { device in
            withEvery("orientation", in: Orientation.allCases) { orientation in
                let golden = GoldenCase(layout: "letters", orientation: orientation, device: device)
                assertGolden(of: try golden.scene(), as: .png, named: golden.name)
            }
        }
    }
}
