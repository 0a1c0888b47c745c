import KeyboardSnapshotTesting
import XCTest

/// Every built-in layout in every built-in theme, both orientations, on `iphone-15` at its
/// device scale (3).
final class ThemeGoldenTests: XCTestCase {
    func testEveryLayoutInEveryThemeAndOrientation() {
        withEvery("layout", in: Resources.layoutNames.sorted()) { layout in
            withEvery("theme", in: Resources.themeNames.sorted()) { theme in
                withEvery("orientation", in: Orientation.allCases) { orientation in
                    let golden = GoldenCase(layout: layout, theme: theme, orientation: orientation)
                    assertGolden(of: try golden.scene(), as: .png, named: golden.name)
                }
            }
        }
    }
}
