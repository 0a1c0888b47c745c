// `import KeyboardSnapshotTesting` is enough for a test: it brings `assertSnapshot` and the
// keyboard types along.
@_exported import RenderKeyboardKit
@_exported import SnapshotTesting
