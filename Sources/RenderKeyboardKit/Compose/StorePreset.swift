import KeyboardModel

/// A screenshot size a store asks for (docs/store-screenshots.md): App Store Connect's iPhone
/// and iPad display sizes and Google Play's phone and tablet sizes, in portrait pixels.
public struct StorePreset: Sendable, Hashable {
    /// Which store and which of its screenshot folders the size belongs to.
    package enum Family: String, Sendable, Hashable {
        /// An App Store iPhone size.
        case appStorePhone
        /// An App Store iPad size.
        case appStoreTablet
        /// Google Play's phone screenshots (`phoneScreenshots`).
        case playPhone
        /// Google Play's 7-inch tablet screenshots (`sevenInchScreenshots`).
        case playTablet7
        /// Google Play's 10-inch tablet screenshots (`tenInchScreenshots`).
        case playTablet10
    }

    /// The name `--store` takes (`appstore-6.9`).
    public var name: String
    /// Portrait width, pixels.
    public var width: Int
    /// Portrait height, pixels.
    public var height: Int
    /// The store and its folder.
    package var family: Family

    /// Every preset, in the order the help lists them.
    public static let all: [StorePreset] = [
        StorePreset(name: "appstore-6.9", width: 1320, height: 2868, family: .appStorePhone),
        StorePreset(name: "appstore-6.7", width: 1290, height: 2796, family: .appStorePhone),
        StorePreset(name: "appstore-6.5", width: 1284, height: 2778, family: .appStorePhone),
        StorePreset(name: "appstore-6.5-alt", width: 1242, height: 2688, family: .appStorePhone),
        StorePreset(name: "appstore-5.5", width: 1242, height: 2208, family: .appStorePhone),
        StorePreset(name: "appstore-ipad-13", width: 2064, height: 2752, family: .appStoreTablet),
        StorePreset(name: "appstore-ipad-12.9", width: 2048, height: 2732, family: .appStoreTablet),
        StorePreset(name: "play-phone", width: 1080, height: 1920, family: .playPhone),
        StorePreset(name: "play-tablet-7", width: 1200, height: 1920, family: .playTablet7),
        StorePreset(name: "play-tablet-10", width: 1600, height: 2560, family: .playTablet10),
    ]

    /// The preset called `name`, or nil.
    public static func named(_ name: String) -> StorePreset? {
        all.first { $0.name == name }
    }

    /// The preset a device is shown on when no store or size is given: the App Store's
    /// largest iPhone or iPad size, or Google Play's phone size for every other device.
    package static func defaultPreset(forDevice name: String?) -> StorePreset {
        let device = name ?? ""
        if device.hasPrefix("iphone") { return all[0] }
        if device.hasPrefix("ipad") { return all[5] }
        return all[7]
    }

    /// The folder of `supply`'s metadata (`LOCALE/images/FOLDER`) a size is uploaded from.
    package var supplyFolder: String {
        switch family {
        case .playTablet7: return "sevenInchScreenshots"
        case .playTablet10: return "tenInchScreenshots"
        default: return "phoneScreenshots"
        }
    }
}
