/// An Android keyboard file (`res/xml/*.xml` for `android.inputmethodservice.Keyboard`),
/// read and checked but not yet placed: placement needs the display (docs/android-xml.md).
///
/// The file is kept as the stream of start and end tags Android's parser walks, so
/// `place(on:keyboardMode:shuffle:file:)` can run Android's own loop over it, quirks
/// included (an unknown element's end tag ends a row there too).
public struct AndroidKeyboard: Sendable, Hashable {
    /// A length attribute with the field path it came from (`Row[2].Key[4].keyWidth`).
    package struct Length: Sendable, Hashable {
        /// The value as the build tools store it, with its unit.
        package var dimension: AndroidDimension
        /// Where the attribute was written, e.g. `Row[2].Key[4].keyWidth`, for messages.
        package var path: String

        /// A value with every stored property given; those with a default may be left out.
        package init(dimension: AndroidDimension, path: String) {
            self.dimension = dimension
            self.path = path
        }
    }

    /// `keyWidth`, `keyHeight`, `horizontalGap`, `verticalGap` of one element; nil when absent.
    package struct Lengths: Sendable, Hashable {
        /// `keyWidth`: the width of a key (fractions are of the display width).
        package var keyWidth: Length?
        /// `keyHeight`: the height of a key, and the step between rows (fractions are of the
        /// display height).
        package var keyHeight: Length?
        /// `horizontalGap`: the space left of a key (fractions are of the display width).
        package var horizontalGap: Length?
        /// `verticalGap`: the space under a row (fractions are of the display height).
        package var verticalGap: Length?

        /// A value with every stored property given; those with a default may be left out.
        package init(keyWidth: Length? = nil, keyHeight: Length? = nil, horizontalGap: Length? = nil, verticalGap: Length? = nil) {
            self.keyWidth = keyWidth
            self.keyHeight = keyHeight
            self.horizontalGap = horizontalGap
            self.verticalGap = verticalGap
        }
    }

    /// One `<Row>` element: its defaults for the keys in it, its edge flags and its mode.
    package struct Row: Sendable, Hashable {
        /// `Row[i]`, counting every `<Row>` of the file.
        package var path: String
        /// Position among the file's `<Row>` elements, from 0.
        package var index: Int
        /// The row's own length attributes; those absent come from the `<Keyboard>`.
        package var lengths: Lengths
        /// `rowEdgeFlags`: which keyboard edges the row touches; reported, never used to place
        /// keys.
        package var edgeFlags: AndroidKeyAttributes.EdgeFlags
        /// The `keyboardMode` id's name (`mode_url` for `@+id/mode_url`), nil when unset.
        package var mode: String?
        /// Line and column (from 1) of the `<Row>` start tag.
        package var line = 0, column = 0

        /// A value with every stored property given; those with a default may be left out.
        package init(path: String, index: Int, lengths: Lengths, edgeFlags: AndroidKeyAttributes.EdgeFlags, mode: String? = nil, line: Int = 0, column: Int = 0) {
            self.path = path
            self.index = index
            self.lengths = lengths
            self.edgeFlags = edgeFlags
            self.mode = mode
            self.line = line
            self.column = column
        }
    }

    /// One `<Key>` element as written, before inheritance and placement.
    package struct KeySpec: Sendable, Hashable {
        /// `Row[i].Key[j]`, or `Key[j]` outside a row.
        package var path: String
        /// Index of the key in its `<Row>` element.
        package var indexInRow: Int
        /// The key's own length attributes; those absent come from its row.
        package var lengths: Lengths
        /// nil: no `codes` attribute; may be empty (`codes=""`), which stops Android's parser.
        package var codes: [Int]?
        /// `keyLabel`, escapes applied.
        package var label: String?
        /// `keyOutputText`: what the key types, escapes applied; nil when absent.
        package var outputText: String?
        /// `keyIcon` as written (`@drawable/sym_keyboard_delete`); never loaded, only reported.
        package var icon: String?
        /// `keyEdgeFlags`: which keyboard edges the key touches; reported, never used to place
        /// it.
        package var edgeFlags: AndroidKeyAttributes.EdgeFlags
        /// `isRepeatable`: the key repeats while held (delete, space); reported only.
        package var isRepeatable: Bool
        /// `isModifier`: the key modifies others (shift, alt); reported only.
        package var isModifier: Bool
        /// `isSticky`: the key toggles (shift); reported only.
        package var isSticky: Bool
        /// Line and column (from 1) of the `<Key>` start tag.
        package var line = 0, column = 0

        /// The codes Android gives the key: `codes`, else the label's first UTF-16 unit;
        /// nil when the key has neither (Android's parser stops at such a key).
        package var resolvedCodes: [Int]? {
            if let codes { return codes.isEmpty ? nil : codes }
            if let unit = label?.utf16.first { return [Int(unit)] }
            return nil
        }

        /// A value with every stored property given; those with a default may be left out.
        package init(path: String, indexInRow: Int, lengths: Lengths, codes: [Int]? = nil, label: String? = nil, outputText: String? = nil, icon: String? = nil, edgeFlags: AndroidKeyAttributes.EdgeFlags, isRepeatable: Bool, isModifier: Bool, isSticky: Bool, line: Int = 0, column: Int = 0) {
            self.path = path
            self.indexInRow = indexInRow
            self.lengths = lengths
            self.codes = codes
            self.label = label
            self.outputText = outputText
            self.icon = icon
            self.edgeFlags = edgeFlags
            self.isRepeatable = isRepeatable
            self.isModifier = isModifier
            self.isSticky = isSticky
            self.line = line
            self.column = column
        }
    }

    /// The start tag of one element of the file.
    package enum Element: Sendable, Hashable {
        /// `<Keyboard>`: the file's root, with the defaults of every row and key.
        case keyboard(Lengths)
        /// `<Row>`: starts a row of keys.
        case row(Row)
        /// `<Key>`: one key.
        case key(KeySpec)
        /// Any other element: Android ignores its start tag, but its end tag counts.
        case other(String)
    }

    /// One step of Android's parser: a start tag or an end tag.
    package enum Event: Sendable, Hashable {
        /// The start tag of an element.
        case start(Element)
        /// The end tag of the innermost open element, whatever it is.
        case end
    }

    /// The file's stem (`pad` for `res/xml/pad.xml`), the frames JSON's `layout`.
    public var name: String
    /// Start and end tags in document order.
    package var events: [Event]

    /// Where the element is that sets a key's size, by the key's field path
    /// (`Row[2].Key[4]`): the `<Key>` when it writes `keyWidth` or `keyHeight`, else the
    /// `<Row>` it is written in; its field path and the line and column of its start tag.
    package var sizeElements: [String: (path: String, line: Int, column: Int)] {
        var out: [String: (path: String, line: Int, column: Int)] = [:]
        var row: Row?
        for case .start(let element) in events {
            switch element {
            case .row(let r): row = r
            case .key(let key):
                if key.lengths.keyWidth == nil, key.lengths.keyHeight == nil, let row, key.path.hasPrefix(row.path + ".") {
                    out[key.path] = (row.path, row.line, row.column)
                } else {
                    out[key.path] = (key.path, key.line, key.column)
                }
            default: break
            }
        }
        return out
    }

    /// A keyboard from its tag stream, as `AndroidKeyboardDecoder` reads it; nothing is
    /// checked.
    package init(name: String, events: [Event]) {
        self.name = name
        self.events = events
    }
}
