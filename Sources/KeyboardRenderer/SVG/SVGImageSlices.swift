import KeyboardModel
import MarkupText

/// Theme images in an SVG: each distinct slice of a PNG (the whole image, or one of the nine
/// of a 9-slice) is one `<image>` in `<defs>` holding its own PNG as a data URI, and every
/// key that draws it `<use>`s it, stretched onto its rectangle exactly as the PNG's painter
/// stretches it (`Renderer.paint(_:x:y:width:height:scale:in:)`).
struct SVGImageSlices {
    /// One slice: its id in `<defs>` and its size in image pixels.
    struct Slice: Hashable {
        var id: String
        var width: Int
        var height: Int
    }

    /// A slice placed on a rectangle of the image, pixels.
    struct Piece {
        var slice: Slice
        var x, y, width, height: Double
    }

    private struct Source: Hashable {
        var image: String
        var x, y, width, height: Int
    }

    private var definitions: [(slice: Slice, png: [UInt8])] = []
    private var known: [Source: Slice] = [:]
    private var decoded: [String: RasterImage] = [:]
    /// The bytes the slices' PNGs take, for sizing the document.
    private(set) var byteCount = 0

    /// The slice of `image` at (`x`, `y`), `width × height` image pixels, defined once.
    ///
    /// - Throws: `RenderError.imageDecoding` for a PNG that cannot be read, `.pngEncoding`
    ///   when a slice cannot be written.
    mutating func slice(of image: SceneImage, x: Int, y: Int, width: Int, height: Int) throws -> Slice {
        let source = Source(image: image.id, x: x, y: y, width: width, height: height)
        if let slice = known[source] { return slice }
        let raster = try decode(image)
        let slice = Slice(id: "slice-\(definitions.count + 1)", width: width, height: height)
        let png: [UInt8]
        if x == 0, y == 0, width == raster.width, height == raster.height {
            png = image.png
        } else {
            var rgba: [UInt8] = []
            rgba.reserveCapacity(width * height * 4)
            for row in y..<(y + height) {
                let start = (row * raster.width + x) * 4
                rgba.append(contentsOf: raster.rgba[start..<(start + width * 4)])
            }
            png = try PNGCodec.encode(RasterImage(width: width, height: height, rgba: rgba), compression: 9)
        }
        definitions.append((slice, png))
        known[source] = slice
        byteCount += png.count * 4 / 3 + 128
        return slice
    }

    /// The whole of `image` as one slice.
    mutating func whole(_ image: SceneImage) throws -> Slice {
        let raster = try decode(image)
        return try slice(of: image, x: 0, y: 0, width: raster.width, height: raster.height)
    }

    /// The pieces that draw `image` over `face` at `scale` pixels per point: the whole image
    /// stretched, or the nine slices of its cap insets (`Renderer.nineSlices`), empty ones left out.
    mutating func pieces(of image: SceneImage, in face: PixelRect, scale: Double) throws -> [Piece] {
        let raster = try decode(image)
        let imageWidth = Double(raster.width), imageHeight = Double(raster.height)
        let x = Double(face.x), y = Double(face.y), width = Double(face.width), height = Double(face.height)
        let insets = image.capInsets
        guard insets != .zero else {
            return [Piece(slice: try whole(image), x: x, y: y, width: width, height: height)]
        }
        return try Renderer.nineSlices(image, imageWidth: imageWidth, imageHeight: imageHeight, x: x, y: y, width: width, height: height, scale: scale).map { s, t in
            let cut = try slice(of: image, x: Int(s.0), y: Int(s.1), width: Int(s.2), height: Int(s.3))
            return Piece(slice: cut, x: t.0, y: t.1, width: t.2, height: t.3)
        }
    }

    /// Appends the attributes of a `<use>` drawing `slice` stretched over the rectangle:
    /// `image-rendering` `optimizeSpeed` when it lands pixel for pixel on whole pixels (the
    /// PNG copies those pixels), else `optimizeQuality` (the PNG filters them smoothly).
    func place(_ slice: Slice, x: Double, y: Double, width: Double, height: Double, in markup: inout SVGMarkup) {
        let sx = width / Double(slice.width), sy = height / Double(slice.height)
        markup.attribute("xlink:href", "#" + slice.id)
        markup.raw(" transform=\"matrix(")
        for (n, value) in [sx, 0, 0, sy, x, y].enumerated() {
            if n > 0 { markup.raw(" ") }
            markup.number(value)
        }
        markup.raw(")\"")
        let exact = sx == 1 && sy == 1 && x == x.rounded() && y == y.rounded()
        markup.attribute("image-rendering", exact ? "optimizeSpeed" : "optimizeQuality")
    }

    /// Appends `<defs>` with every slice as an `<image>` of its own PNG, when there is one.
    func writeDefinitions(to markup: inout SVGMarkup) {
        guard !definitions.isEmpty else { return }
        markup.raw("<defs>\n")
        for (slice, png) in definitions {
            markup.raw("<image id=\"\(slice.id)\" width=\"\(slice.width)\" height=\"\(slice.height)\" preserveAspectRatio=\"none\" xlink:href=\"data:image/png;base64,")
            markup.base64(png)
            markup.raw("\"/>\n")
        }
        markup.raw("</defs>\n")
    }

    private mutating func decode(_ image: SceneImage) throws -> RasterImage {
        if let raster = decoded[image.id] { return raster }
        let raster = try PNGCodec.decode(image.png, id: image.id)
        decoded[image.id] = raster
        return raster
    }
}
