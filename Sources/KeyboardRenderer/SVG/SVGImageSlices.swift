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
    /// stretched, or the nine slices of its cap insets (`Renderer.caps`), empty ones left out.
    mutating func pieces(of image: SceneImage, in face: PixelRect, scale: Double) throws -> [Piece] {
        let raster = try decode(image)
        let imageWidth = Double(raster.width), imageHeight = Double(raster.height)
        let x = Double(face.x), y = Double(face.y), width = Double(face.width), height = Double(face.height)
        let insets = image.capInsets
        guard insets != .zero else {
            return [Piece(slice: try whole(image), x: x, y: y, width: width, height: height)]
        }
        let source = Renderer.caps(insets.left * image.scale, insets.right * image.scale, total: imageWidth)
        let sourceV = Renderer.caps(insets.top * image.scale, insets.bottom * image.scale, total: imageHeight)
        let target = Renderer.caps(insets.left * scale, insets.right * scale, total: width)
        let targetV = Renderer.caps(insets.top * scale, insets.bottom * scale, total: height)
        let sourceColumns = [(0, source.0), (source.0, imageWidth - source.0 - source.1), (imageWidth - source.1, source.1)]
        let sourceRows = [(0, sourceV.0), (sourceV.0, imageHeight - sourceV.0 - sourceV.1), (imageHeight - sourceV.1, sourceV.1)]
        let targetColumns = [(x, target.0), (x + target.0, width - target.0 - target.1), (x + width - target.1, target.1)]
        let targetRows = [(y, targetV.0), (y + targetV.0, height - targetV.0 - targetV.1), (y + height - targetV.1, targetV.1)]
        var pieces: [Piece] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let s = (sourceColumns[column], sourceRows[row]), t = (targetColumns[column], targetRows[row])
                guard s.0.1 > 0, s.1.1 > 0, t.0.1 > 0, t.1.1 > 0 else { continue }
                let cut = try slice(of: image, x: Int(s.0.0), y: Int(s.1.0), width: Int(s.0.1), height: Int(s.1.1))
                pieces.append(Piece(slice: cut, x: t.0.0, y: t.1.0, width: t.0.1, height: t.1.1))
            }
        }
        return pieces
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
