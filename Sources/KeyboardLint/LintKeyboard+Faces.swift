import RenderKeyboardKit
import ColorMetrics
import KeyboardModel
import KeyboardRenderer

/// Labels on faces that are not one colour (an image, or a translucent fill over a background
/// image): the faces are drawn without labels, and each label is read against the pixels
/// under its box, at the 5th percentile of contrast.
///
/// Every box of a scene is known before the first is read, so one drawing serves them all and
/// only the boxes are copied out of it (`Renderer.rasterize(_:regions:)`). Each distinct pixel
/// of a box is measured once.
extension LintKeyboard {
    /// One pixel read for a label: its straight RGBA, and whether it is read as drawn
    /// (composited over white) or, for the pixel at the key's centre taken when the box holds
    /// none, as its colour channels alone.
    struct FacePixel: Hashable {
        var rgba: UInt32
        var composited: Bool

        /// The face colour this pixel gives.
        var color: SRGB {
            let srgb = SRGB(red8: UInt8(rgba >> 24), green8: UInt8((rgba >> 16) & 0xFF), blue8: UInt8((rgba >> 8) & 0xFF))
            return composited ? srgb.composited(alpha: Double(rgba & 0xFF) / 255, over: .white) : srgb
        }
    }

    /// The pixels read under a box of `box` pixels centred in `frame`: the box clipped to the
    /// key, or, when that holds no pixel of the image, the pixel at the key's centre.
    static func sampleRectangles(frame: PixelRect, box: (width: Double, height: Double)) -> (box: PixelRect, centre: PixelRect) {
        let cx = Double(frame.x) + Double(frame.width) / 2, cy = Double(frame.y) + Double(frame.height) / 2
        let x0 = max(frame.x, Int((cx - box.width / 2).rounded(.down))), x1 = min(frame.x + frame.width, Int((cx + box.width / 2).rounded(.up)))
        let y0 = max(frame.y, Int((cy - box.height / 2).rounded(.down))), y1 = min(frame.y + frame.height, Int((cy + box.height / 2).rounded(.up)))
        return (PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)), PixelRect(x: Int(cx), y: Int(cy), width: 1, height: 1))
    }

    /// The box, in pixels, a key's label (or icon) is read in, or nil when the key shows
    /// nothing or its label cannot be measured (its own measure then reports why).
    func labelBox(of key: SceneKey, in scene: KeyboardScene) -> (width: Double, height: Double)? {
        let frame = key.frame.pixelFrame
        if key.icon != .none {
            let side = Double(min(frame.width, frame.height)) / 2
            return (side, side)
        }
        guard !key.label.isEmpty, let size = try? measure(key.label, scene.font, key.style.textSize) else { return nil }
        return (size.width * scene.scale, size.height * scene.scale)
    }

    /// The pixels of the label-free faces read for a label of `box` pixels centred in `frame`.
    func facePixels(state: KeyState, scene: KeyboardScene, frame: PixelRect, box: (width: Double, height: Double)) throws -> [FacePixel] {
        let (inBox, centre) = Self.sampleRectangles(frame: frame, box: box)
        var out: [FacePixel] = []
        if inBox.width > 0, inBox.height > 0 {
            let image = try faces(state: state, scene: scene, region: inBox)
            out.reserveCapacity(image.width * image.height)
            for i in stride(from: 0, to: image.rgba.count - 3, by: 4) {
                out.append(FacePixel(rgba: Self.packed(image.rgba, at: i), composited: true))
            }
        }
        if out.isEmpty {
            let image = try faces(state: state, scene: scene, region: centre)
            if image.rgba.count >= 4 { out.append(FacePixel(rgba: Self.packed(image.rgba, at: 0), composited: false)) }
        }
        return out
    }

    private static func packed(_ rgba: [UInt8], at i: Int) -> UInt32 {
        UInt32(rgba[i]) << 24 | UInt32(rgba[i + 1]) << 16 | UInt32(rgba[i + 2]) << 8 | UInt32(rgba[i + 3])
    }

    /// The label-free faces of `scene` in `region` (its part inside the image). The first
    /// call for a state draws every region a label of the scene reads on its face (a key
    /// under a callout is read on the bubble), and keys that reach none of them are left out.
    private func faces(state: KeyState, scene: KeyboardScene, region: PixelRect) throws -> RasterImage {
        if let image = faces[state]?[region] { return image }
        var wanted: Set<PixelRect> = [region]
        if faces[state] == nil {
            let underCallouts = Set(scene.callouts.map(\.keyIndex))
            for (n, key) in scene.keys.enumerated() where !underCallouts.contains(n) && solidFace(key.style, in: scene) == nil {
                guard key.frame.pixelFrame.width > 0, key.frame.pixelFrame.height > 0, let box = labelBox(of: key, in: scene) else { continue }
                let (inBox, centre) = Self.sampleRectangles(frame: key.frame.pixelFrame, box: box)
                wanted.insert(inBox)
                wanted.insert(centre)
            }
        }
        var bare = scene
        for n in bare.keys.indices {
            bare.keys[n].label = ""
            bare.keys[n].icon = .none
        }
        bare.callouts = []
        let regions = Array(wanted)
        let images = try renderer.rasterize(bare, regions: regions)
        var known = faces[state] ?? [:]
        for (region, image) in zip(regions, images) { known[region] = image }
        faces[state] = known
        return known[region] ?? RasterImage(width: 0, height: 0, rgba: [])
    }

    /// The face read for a label of colour `text` at opacity `alpha` over `pixels`: the pixel
    /// at the 5th percentile of contrast (`percentile(_:)`) and that contrast, or nil for no
    /// pixel. Each distinct pixel is measured once.
    static func worstFace(_ pixels: [FacePixel], text: SRGB, alpha: Double) -> (ratio: Double, face: SRGB)? {
        guard !pixels.isEmpty else { return nil }
        var table = DistinctPixels(capacity: pixels.count)
        var distinct: [(ratio: Double, face: SRGB, count: Int)] = []
        var kinds = [Int](repeating: 0, count: pixels.count)
        for (n, pixel) in pixels.enumerated() {
            let kind = table.index(of: pixel, next: distinct.count)
            if kind == distinct.count {
                let face = pixel.color
                distinct.append((ColorMetrics.contrastRatio(text.composited(alpha: alpha, over: face), face), face, 0))
            }
            distinct[kind].count += 1
            kinds[n] = kind
        }
        guard !distinct.contains(where: { $0.ratio.isNaN }) else {
            return percentile(kinds.map { (distinct[$0].ratio, distinct[$0].face) })
        }
        // The ratio whose run holds the place, then that run's entry in the pixels' order.
        let place = percentilePlace(count: pixels.count)
        let order = distinct.indices.sorted { distinct[$0].ratio < distinct[$1].ratio }
        var before = 0, i = 0
        while i < order.count {
            let ratio = distinct[order[i]].ratio
            var count = 0
            while i < order.count, distinct[order[i]].ratio == ratio {
                count += distinct[order[i]].count
                i += 1
            }
            if before + count > place {
                var remaining = place - before
                for kind in kinds where distinct[kind].ratio == ratio {
                    if remaining == 0 { return (ratio, distinct[kind].face) }
                    remaining -= 1
                }
            }
            before += count
        }
        return nil
    }

    /// Where the 5th percentile lies among `count` samples sorted by contrast.
    static func percentilePlace(count: Int) -> Int {
        Int((Double(count - 1) * 0.05).rounded(.down))
    }

    /// The entry at the 5th percentile of contrast (the lowest 5 % of pixels), or nil for
    /// none: the entry at that place once the samples are sorted by ratio, those of equal
    /// ratio kept in their order.
    static func percentile(_ samples: [(ratio: Double, face: SRGB)]) -> (ratio: Double, face: SRGB)? {
        guard !samples.isEmpty else { return nil }
        return samples.sorted { $0.ratio < $1.ratio }[percentilePlace(count: samples.count)]
    }
}

/// A table of the distinct pixels of one label's box, each numbered in the order first seen:
/// open addressing on the pixel's bits, cheaper than hashing each of thousands of pixels.
struct DistinctPixels {
    private var keys: [UInt64]
    private var numbers: [Int]
    private let mask: Int

    /// A table for up to `capacity` distinct pixels.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        keys = [UInt64](repeating: .max, count: size)
        numbers = [Int](repeating: 0, count: size)
        mask = size - 1
    }

    /// The number of `pixel`: the one it was given, or `next` when it is new.
    mutating func index(of pixel: LintKeyboard.FacePixel, next: Int) -> Int {
        let key = UInt64(pixel.rgba) | (pixel.composited ? 1 << 32 : 0)
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        while keys[slot] != .max {
            if keys[slot] == key { return numbers[slot] }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        numbers[slot] = next
        return next
    }
}
