// KeyboardSnapshotTesting
