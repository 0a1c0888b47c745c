/// An Android keyboard file (`res/xml/*.xml` for `android.inputmethodservice.Keyboard`),
/// read and checked but not yet placed: placement needs the display (SPEC §8).
///
/// The file is kept as the stream of start and end tags Android's parser walks, so
/// `place(on:keyboardMode:shuffle:file:)` can run Android's own loop over it, quirks
/// included (an unknown element's end tag ends a row there too).
public struct AndroidKeyboard: Sendable, Hashable {
    /// A length attribute with the field path it came from (`Row[2].Key[4].keyWidth`).
    public struct Length: Sendable, Hashable {
        public var dimension: AndroidDimension
        public var path: String
    }

    /// `keyWidth`, `keyHeight`, `horizontalGap`, `verticalGap` of one element; nil when absent.
    public struct Lengths: Sendable, Hashable {
        public var keyWidth: Length?
        public var keyHeight: Length?
        public var horizontalGap: Length?
        public var verticalGap: Length?
    }

    public struct Row: Sendable, Hashable {
        /// `Row[i]`, counting every `<Row>` of the file.
        public var path: String
        public var index: Int
        public var lengths: Lengths
        public var edgeFlags: AndroidKeyAttributes.EdgeFlags
        /// The `keyboardMode` id's name (`mode_url` for `@+id/mode_url`), nil when unset.
        public var mode: String?
    }

    public struct KeySpec: Sendable, Hashable {
        /// `Row[i].Key[j]`, or `Key[j]` outside a row.
        public var path: String
        /// Index of the key in its `<Row>` element.
        public var indexInRow: Int
        public var lengths: Lengths
        /// nil: no `codes` attribute; may be empty (`codes=""`), which stops Android's parser.
        public var codes: [Int]?
        /// `keyLabel`, escapes applied.
        public var label: String?
        public var outputText: String?
        public var icon: String?
        public var edgeFlags: AndroidKeyAttributes.EdgeFlags
        public var isRepeatable: Bool
        public var isModifier: Bool
        public var isSticky: Bool

        /// The codes Android gives the key: `codes`, else the label's first UTF-16 unit;
        /// nil when the key has neither (Android's parser stops at such a key).
        public var resolvedCodes: [Int]? {
            if let codes { return codes.isEmpty ? nil : codes }
            if let unit = label?.utf16.first { return [Int(unit)] }
            return nil
        }
    }

    public enum Element: Sendable, Hashable {
        case keyboard(Lengths)
        case row(Row)
        case key(KeySpec)
        /// Any other element: Android ignores its start tag, but its end tag counts.
        case other(String)
    }

    public enum Event: Sendable, Hashable {
        case start(Element)
        case end
    }

    /// The file's stem (`pad` for `res/xml/pad.xml`), the frames JSON's `layout`.
    public var name: String
    /// Start and end tags in document order.
    public var events: [Event]

    public init(name: String, events: [Event]) {
        self.name = name
        self.events = events
    }
}
