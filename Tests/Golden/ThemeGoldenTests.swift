import KeyboardSnapshotTesting
import XCTest

/// Every built-in layout in every built-in theme, both orientations, on `iphone-15` at its
/// device scale (3). The layouts that read a metrics table (the iOS keyboards) are drawn in
/// their own themes on their own devices by `IOSGoldenTests`.
final class ThemeGoldenTests: XCTestCase {
    func testEveryLayoutInEveryThemeAndOrientation() {
        let layouts = Resources.layoutNames.sorted().filter { (try? LayoutLoader.load($0))?.source.metrics == nil }
        withEvery("layout", in: layouts) { layout in
            withEvery("theme", in: Resources.themeNames.sorted()) { theme in
                withEvery("orientation", in: Orientation.allCases) { orientation in
                    let golden = GoldenCase(layout: layout, theme: theme, orientation: orientation)
                    assertGolden(of: try golden.scene(), as: .png, named: golden.name)
                }
            }
        }
    }
}
