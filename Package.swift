// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "render-keyboard",
    platforms: [.macOS(.v13)],
    // MARK: - Public products
    products: [
        .executable(name: "render-keyboard", targets: ["render-keyboard"]),
        .executable(name: "render-keyboard-serve", targets: ["render-keyboard-serve"]),
        .library(name: "KeyboardModel", targets: ["KeyboardModel"]),
        .library(name: "KeyboardFormats", targets: ["KeyboardFormats"]),
        .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
        .library(name: "KeyboardComposer", targets: ["KeyboardComposer"]),
        .library(name: "KeyboardRenderer", targets: ["KeyboardRenderer"]),
        .library(name: "RenderKeyboardKit", targets: ["RenderKeyboardKit"]),
        .library(name: "KeyboardCompare", targets: ["KeyboardCompare"]),
        .library(name: "KeyboardBatch", targets: ["KeyboardBatch"]),
        .library(name: "KeyboardLint", targets: ["KeyboardLint"]),
        .library(name: "KeyboardPreview", targets: ["KeyboardPreview"]),
        .library(name: "KeyboardSnapshotTesting", targets: ["KeyboardSnapshotTesting"]),
        .library(name: "PasswordPolicy", targets: ["PasswordPolicy"]),
        .library(name: "ColorMetrics", targets: ["ColorMetrics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.0.0"),
    ],
    targets: [
        // MARK: - Libraries
        // The model: geometry, keys, styles, themes, the scene, limits and diagnostics.
        // Pure Swift; every other module speaks it.
        .target(name: "KeyboardModel", dependencies: ["JSONText", "TerminalText"]),
        // Formats in: every decoder (YAML/JSON, Android XML, HeliBoard, FlorisBoard, Snygg,
        // metrics tables) to the one model, and the table that tells them apart.
        .target(
            name: "KeyboardFormats",
            dependencies: ["KeyboardModel", "LayoutEngine", "JSONText", "TerminalText", .product(name: "Yams", package: "Yams")]
        ),
        // The solver: a layout on a canvas to frames. Reads no file format.
        .target(name: "LayoutEngine", dependencies: ["KeyboardModel", "JSONText"]),
        // Frames and a theme to the resolved scene the painters draw.
        .target(name: "KeyboardComposer", dependencies: ["KeyboardModel"]),
        // Painters out: Cairo (PNG, PDF); the only module that talks to C. Reads the model alone.
        .target(
            name: "KeyboardRenderer",
            dependencies: ["KeyboardModel", "MarkupText", "CCairo"]
        ),
        .target(
            name: "RenderKeyboardKit",
            dependencies: [
                "KeyboardModel", "KeyboardFormats", "LayoutEngine", "KeyboardComposer", "KeyboardRenderer",
                "ColorMetrics", "JSONText", "TerminalText", .product(name: "Yams", package: "Yams"),
            ]
        ),
        // What only some users need, each on top of RenderKeyboardKit: comparing images and
        // keyboards, running and checking batches, the accessibility lint.
        .target(name: "KeyboardCompare", dependencies: ["RenderKeyboardKit", "ColorMetrics"]),
        .target(name: "KeyboardBatch", dependencies: ["RenderKeyboardKit", "KeyboardCompare"]),
        .target(name: "KeyboardLint", dependencies: ["RenderKeyboardKit", "ColorMetrics", "TerminalText"]),
        // Many keyboards at once: contact sheets, galleries and the live page's grid.
        .target(name: "KeyboardPreview", dependencies: ["RenderKeyboardKit"]),
        .target(
            name: "KeyboardSnapshotTesting",
            dependencies: [
                "RenderKeyboardKit",
                "KeyboardCompare",
                "KeyboardRenderer",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .target(name: "PasswordPolicy", dependencies: ["JSONText", "TerminalText"]),
        .target(name: "ColorMetrics"),
        // MARK: - Command line
        .executableTarget(
            name: "render-keyboard",
            dependencies: [
                "RenderKeyboardKit",
                "KeyboardCompare",
                "KeyboardBatch",
                "KeyboardLint",
                "KeyboardPreview",
                "PasswordPolicy",
                "TerminalText",
            ]
        ),
        .executableTarget(
            name: "render-keyboard-bench",
            dependencies: ["RenderKeyboardKit", "KeyboardLint", "KeyboardBatch"]
        ),
        // MARK: - Live preview (its own executable, so `render` never links the HTTP server)
        .target(
            name: "PreviewServer",
            dependencies: [
                "RenderKeyboardKit", "KeyboardPreview", "JSONText",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "render-keyboard-serve", dependencies: ["PreviewServer"]),
        .executableTarget(name: "render-keyboard-serve-bench", dependencies: ["PreviewServer"]),
        // MARK: - Fuzzing (make fuzz; see the README)
        .target(name: "KeyboardFuzzing", dependencies: ["KeyboardModel", "KeyboardFormats", "LayoutEngine", "KeyboardComposer", "KeyboardRenderer"]),
        .executableTarget(name: "render-keyboard-fuzz", dependencies: ["KeyboardFuzzing", "CLibFuzzer"]),
        // MARK: - Implementation details
        .systemLibrary(
            name: "CCairo",
            // Not pangocairo: its closure (through gio-2.0 and gmodule-no-export-2.0) adds
            // `-pthread`, which SwiftPM warns about on every build; shim.h declares the Pango
            // calls it needs (see pango-declarations.h for why no other way works).
            pkgConfig: "cairo fontconfig libpng",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libpng-dev", "libjpeg-dev"])]
        ),
        .systemLibrary(name: "CLibFuzzer"),
        // The one JSON string and number writer of LayoutEngine and PasswordPolicy.
        .target(name: "JSONText"),
        // The one rule of which characters are escaped in messages and reports.
        .target(name: "TerminalText"),
        // The one rule of how numbers and text are written into SVG markup.
        .target(name: "MarkupText"),
        // MARK: - Test bundles
        .testTarget(name: "LayoutEngineTests", dependencies: ["KeyboardModel", "KeyboardFormats", "LayoutEngine", "KeyboardComposer", "JSONText"], exclude: ["Fixtures", "AndroidFixtures", "AndroidApps", "IMELayouts"]),
        .testTarget(name: "KeyboardRendererTests", dependencies: ["KeyboardRenderer", "RenderKeyboardKit", "KeyboardCompare"]),
        .testTarget(name: "RenderKeyboardKitTests", dependencies: ["RenderKeyboardKit", "KeyboardCompare", "KeyboardBatch", "KeyboardLint", "KeyboardPreview", "ColorMetrics", "TerminalText"]),
        .testTarget(
            name: "GoldenTests",
            dependencies: ["KeyboardSnapshotTesting", "RenderKeyboardKit", "KeyboardCompare", "KeyboardRenderer"],
            path: "Tests/Golden",
            exclude: ["References"]
        ),
        // The programs its tests run: a test never runs a binary older than the sources.
        .testTarget(name: "EndToEndTests", dependencies: ["render-keyboard", "render-keyboard-serve"], exclude: ["Fixtures"]),
        .testTarget(name: "ColorMetricsTests", dependencies: ["ColorMetrics"]),
        .testTarget(name: "PreviewServerTests", dependencies: ["PreviewServer", "render-keyboard", "render-keyboard-serve"]),
        .testTarget(name: "PasswordPolicyTests", dependencies: ["PasswordPolicy"], exclude: ["Fixtures"]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["KeyboardFuzzing", "KeyboardRenderer"], exclude: ["Inputs"]),
    ],
    swiftLanguageModes: [.v6]
)
