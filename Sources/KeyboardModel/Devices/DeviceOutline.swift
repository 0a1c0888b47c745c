/// How a device looks around its screen: the screen's rounded corners, the cut-out at its top
/// edge, the bezel and the home button. One row of the device table (`devices/screens.csv`),
/// which a store screenshot's frame is drawn from as vectors.
///
/// Lengths are points of the device (dp for Android phones), in portrait; `source` says where
/// each value came from, and which were not measured from a device.
public struct DeviceOutline: Sendable, Hashable {
    /// What interrupts the screen at its top edge (in portrait).
    public enum CutoutKind: String, Sendable, Hashable, CaseIterable {
        /// The pill of the Dynamic Island, floating below the top edge.
        case island = "dynamic-island"
        /// The sensor housing hanging from the top edge, its lower corners rounded.
        case notch
        /// A round camera hole below the top edge (Android phones).
        case hole = "punch-hole"
        /// Nothing: the screen is whole.
        case none
    }

    /// The cut-out's shape and place; all zero for `.none`.
    public struct Cutout: Sendable, Hashable {
        /// Which shape.
        public var kind: CutoutKind
        /// Width in points, centred on the screen; a hole's diameter.
        public var width: Double
        /// Height in points; a hole's diameter.
        public var height: Double
        /// Distance of its top from the screen's top edge, points (0 for a notch).
        public var top: Double

        /// A cut-out; `top` is 0 for a notch, which hangs from the edge.
        public init(kind: CutoutKind, width: Double, height: Double, top: Double) {
            self.kind = kind
            self.width = width
            self.height = height
            self.top = top
        }

        /// No cut-out.
        public static let none = Cutout(kind: .none, width: 0, height: 0, top: 0)
    }

    /// The device preset the row describes (`iphone-15`, a name of `Device.all`).
    public var device: String
    /// Radius of the screen's rounded corners, points; 0 for a rectangular screen.
    public var cornerRadius: Double
    /// The cut-out at the screen's top edge.
    public var cutout: Cutout
    /// Width of the body around the screen at its left and right, points.
    public var sideBezel: Double
    /// Height of the body above the screen, points.
    public var topBezel: Double
    /// Height of the body below the screen, points.
    public var bottomBezel: Double
    /// Diameter of the home button centred in the bottom bezel, points; 0 for none.
    public var homeButton: Double
    /// Where each value came from, in words; a value not measured from a device says so.
    public var source: String

    /// A row with every value given; nothing is checked here (the table's reader checks them).
    public init(device: String, cornerRadius: Double, cutout: Cutout, sideBezel: Double, topBezel: Double, bottomBezel: Double, homeButton: Double, source: String) {
        self.device = device
        self.cornerRadius = cornerRadius
        self.cutout = cutout
        self.sideBezel = sideBezel
        self.topBezel = topBezel
        self.bottomBezel = bottomBezel
        self.homeButton = homeButton
        self.source = source
    }

    /// Whether the device has a home button below its screen (the Touch ID models).
    public var hasHomeButton: Bool { homeButton > 0 }
}
