import KeyboardModel

/// Even labels: the text size of every label is decided when the scene is composed, so the
/// renderer draws each label at the size the scene gives.
///
/// 1. Each label is fitted on its own: its size shrinks (never grows) until the logical box
///    fits the key's drawn frame less `SceneComposer.labelPadding` in width.
/// 2. Labels are grouped by (row, key class). When any label of a group had to shrink, every
///    label of the group is set at the smallest fitted size of the group (a label already
///    smaller keeps its size), so a row of letters stays even.
/// 3. When single-character content labels (the letters) shrank, every label is capped at
///    its theme size times the letters' largest shrink factor: letters in other rows match
///    the smallest letters, and word labels ("space", "123", "Done") keep their proportion
///    to the letters instead of ending up larger than them.
enum LabelFitting {
    /// A label that needs fitting: its index in the scene's keys and where it sits.
    struct Item {
        /// The key's index in the scene's keys.
        var key: Int
        /// The key's row; with `keyClass`, the group whose labels share one size.
        var row: Int
        var keyClass: KeyClass
        var text: String
        /// The theme's size, points: the largest the label is drawn at.
        var size: Double
        /// The room the label may fill, points: the key less its label padding.
        var maxWidth: Double
        var maxHeight: Double
    }

    /// The size, points, at which `text` fits `maxWidth × maxHeight`: `size` itself when it
    /// fits, else a smaller one (a multiple of 1/64 pt, as close to fitting as 8 rounds of
    /// proportional shrinking get; text width is close to proportional to size without
    /// hinting). 0 when there is no room at all.
    static func fittedSize(_ text: String, font: SceneFont, size: Double, maxWidth: Double, maxHeight: Double, measure: LabelMeasure) throws -> Double {
        guard size > 0, maxWidth > 0, maxHeight > 0 else { return 0 }
        var current = size
        for _ in 0..<8 {
            let (width, height) = try measure(text, font, current)
            guard width > maxWidth || height > maxHeight, width > 0, height > 0 else { return current }
            let factor = min(maxWidth / width, maxHeight / height) * 0.995
            let next = (current * factor * 64).rounded(.down) / 64
            guard next > 0 else { return 0 }
            current = next
        }
        return current
    }

    /// The final size of every item, in the items' order (steps 1–3 above).
    static func evenSizes(_ items: [Item], font: SceneFont, measure: LabelMeasure) throws -> [Double] {
        var fitted = try items.map { try fittedSize($0.text, font: font, size: $0.size, maxWidth: $0.maxWidth, maxHeight: $0.maxHeight, measure: measure) }
        struct Group: Hashable { var row: Int; var keyClass: KeyClass }
        var smallest: [Group: Double] = [:]
        for (n, item) in items.enumerated() where fitted[n] < item.size {
            let group = Group(row: item.row, keyClass: item.keyClass)
            smallest[group] = min(smallest[group] ?? .infinity, fitted[n])
        }
        for (n, item) in items.enumerated() {
            if let size = smallest[Group(row: item.row, keyClass: item.keyClass)] { fitted[n] = min(item.size, size) }
        }
        var letterFactor = 1.0
        for (n, item) in items.enumerated() where item.keyClass == .content && item.text.count == 1 {
            letterFactor = min(letterFactor, fitted[n] / item.size)
        }
        if letterFactor < 1 {
            for (n, item) in items.enumerated() {
                fitted[n] = min(fitted[n], item.size * letterFactor)
            }
        }
        return fitted
    }
}
