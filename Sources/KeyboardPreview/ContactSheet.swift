import RenderKeyboardKit
import Foundation
import KeyboardComposer
import KeyboardFormats
import KeyboardModel
import KeyboardRenderer
import LayoutEngine

/// Where everything sits on a contact sheet, in pixels.
///
/// The sheet is a grid of equal cells with `margin` pixels around and between them. Each
/// cell is a caption band of `captionBand` pixels on top of room for the largest keyboard
/// image; a keyboard is centred horizontally in its cell, right under the band, and its
/// caption starts at the keyboard's left edge.
package struct ContactSheetGeometry: Sendable, Hashable {
    /// Cells per row, 1…the number of keyboards.
    package var columns: Int
    /// Rows of cells, enough for every keyboard.
    package var rows: Int
    /// Cell size, caption band included, pixels.
    package var cellWidth: Int
    /// Cell height, pixels: the caption band plus the tallest keyboard.
    package var cellHeight: Int
    /// Space around and between cells, pixels.
    package var margin: Int
    /// Height of the caption band at the top of each cell, pixels.
    package var captionBand: Int
    /// Caption text size, pixels.
    package var captionSize: Double

    /// Caption text size in points (multiplied by the cells' scale), and the smallest size
    /// in pixels, so captions stay legible on scaled-down sheets.
    package static let captionPoints = 14.0
    /// The smallest caption size in pixels, whatever the scale (unless the cell is too narrow
    /// for the longest caption).
    package static let minCaptionPixels = 12.0
    /// Margin in points, and the smallest margin in pixels.
    package static let marginPoints = 16.0
    /// The smallest margin in pixels, whatever the scale.
    package static let minMarginPixels = 8
    /// Widest DejaVu Sans advance per character of a caption, in ems (an upper estimate, so a
    /// caption never runs out of its cell).
    static let captionEmsPerCharacter = 0.62

    /// The grid for `count` keyboards of at most `imageWidth × imageHeight` pixels drawn at
    /// `scale` pixels per point, `columns` per row (clamped to 1…count).
    ///
    /// - Parameters:
    ///   - count: the number of keyboards; at least one cell is laid out.
    ///   - columns: cells per row.
    ///   - imageWidth: the widest keyboard, pixels.
    ///   - imageHeight: the tallest keyboard, pixels.
    ///   - scale: pixels per point the keyboards are drawn at; margins and captions follow it.
    ///   - longestCaption: characters of the longest caption; the caption size shrinks so it
    ///     fits the cell's width.
    package init(count: Int, columns: Int, imageWidth: Int, imageHeight: Int, scale: Double, longestCaption: Int) {
        let count = max(count, 1)
        self.columns = min(max(columns, 1), count)
        self.rows = (count + self.columns - 1) / self.columns
        self.cellWidth = max(imageWidth, 1)
        self.margin = max(Self.minMarginPixels, Int((Self.marginPoints * scale).rounded()))
        let fitting = Double(cellWidth) / (Self.captionEmsPerCharacter * Double(max(longestCaption, 1)))
        self.captionSize = min(max(Self.minCaptionPixels, (Self.captionPoints * scale).rounded()), fitting.rounded(.down))
        self.captionBand = Int((captionSize * 1.9).rounded())
        self.cellHeight = captionBand + max(imageHeight, 1)
    }

    /// Sheet width, pixels.
    package var width: Int { margin + columns * (cellWidth + margin) }
    /// Sheet height, pixels.
    package var height: Int { margin + rows * (cellHeight + margin) }

    /// Top-left corner of cell `index` (row-major), pixels.
    package func cellOrigin(_ index: Int) -> (x: Int, y: Int) {
        (margin + (index % columns) * (cellWidth + margin), margin + (index / columns) * (cellHeight + margin))
    }

    /// Where a keyboard of `imageWidth` pixels goes in cell `index`.
    package func keyboardOrigin(_ index: Int, imageWidth: Int) -> (x: Int, y: Int) {
        let cell = cellOrigin(index)
        return (cell.x + (cellWidth - imageWidth) / 2, cell.y + captionBand)
    }

    /// Top-left of the caption's text box in cell `index`: at the keyboard's left edge,
    /// centred in the band.
    package func captionOrigin(_ index: Int, imageWidth: Int) -> (x: Int, y: Int) {
        let cell = cellOrigin(index)
        let textHeight = captionSize * 1.17
        return (cell.x + (cellWidth - imageWidth) / 2, cell.y + Int(((Double(captionBand) - textHeight) / 2).rounded()))
    }
}

/// A contact sheet (`preview`): every keyboard of a `PreviewRequest` in one PNG, captioned.
public struct ContactSheet: Sendable {
    /// The sheet's neutral background and caption ink.
    package static let background = Color(red: 0xE8, green: 0xE8, blue: 0xEB)
    /// The caption ink: near-black `#1C1C1E`.
    package static let captionColor = Color(red: 0x1C, green: 0x1C, blue: 0x1E)

    /// The sheet, `geometry.width × geometry.height` pixels, straight RGBA.
    public var image: RasterImage
    /// Where each cell, keyboard and caption sits, pixels.
    package var geometry: ContactSheetGeometry
    /// Pixels per point the keyboards were drawn at.
    package var scale: Double
    /// The device's own scale; larger than `scale` when the sheet was scaled down to stay
    /// within 16384 px a side.
    package var deviceScale: Double
    /// The keyboards in cell order.
    public var items: [PreviewItem]
    /// Decoding warnings of the layouts.
    public var warnings: [Diagnostic]

    /// True when the keyboards are drawn smaller than the device's scale.
    package var isScaledDown: Bool { scale < deviceScale }

    /// What a sheet will hold before anything is painted: the scenes (in cell order), the
    /// grid and the scale they are drawn at.
    package struct Plan: Sendable {
        /// The keyboards to draw, in cell order (themes vary fastest, then states, orientations
        /// and layouts).
        package var items: [PreviewItem]
        /// The resolved keyboards, one per item, in the same order.
        package var scenes: [KeyboardScene]
        /// The grid, pixels, for the scenes drawn at `scale`.
        package var geometry: ContactSheetGeometry
        /// Pixels per point of the scenes.
        package var scale: Double
        /// The device's own pixels per point; larger than `scale` when the sheet is scaled
        /// down.
        package var deviceScale: Double
        /// Decoding warnings of the layouts, each `FILE: field.path: reason`.
        package var warnings: [Diagnostic]
        /// One pattern pad per theme (with `PreviewRequest.patterns`), after the keyboards.
        package var patterns: [PatternScene] = []
    }

    /// Lays out the sheet. Keyboards are drawn at the device's scale, or — when the sheet
    /// would exceed `Limits.maxImageSide` pixels a side — at a smaller scale, a
    /// multiple of 0.01 in proportion to the overshoot, lowered until the sheet fits.
    ///
    /// - Throws: `Diagnostic`/`DiagnosticList` for bad options or files, and a `Diagnostic`
    ///   when even a scale of 0.1 does not fit.
    package static func plan(_ request: PreviewRequest) throws -> Plan {
        let builder = try PreviewSceneBuilder(request)
        let items = try builder.items()
        let deviceScale = try request.canvas(.portrait).scale
        let columns = request.columns ?? request.themes.count
        let longestCaption = items.map { request.caption(of: $0).count }.max() ?? 1
        let limit = Limits.maxImageSide
        var scale = deviceScale
        while true {
            let scenes = try items.map { try builder.scene($0, scale: scale) }
            let patterns = request.patterns ? try patternScenes(request, builder: builder, height: scenes.map(\.imageHeight).max() ?? 1, scale: scale) : []
            let geometry = ContactSheetGeometry(
                count: items.count + patterns.count, columns: columns,
                imageWidth: (scenes.map(\.imageWidth) + patterns.map(\.imageSide)).max() ?? 1,
                imageHeight: (scenes.map(\.imageHeight) + patterns.map(\.imageSide)).max() ?? 1,
                scale: scale, longestCaption: longestCaption)
            if Limits.imageSizeProblem(width: geometry.width, height: geometry.height) == nil {
                return Plan(items: items, scenes: scenes, geometry: geometry, scale: scale, deviceScale: deviceScale, warnings: builder.warnings, patterns: patterns)
            }
            let largest = Double(max(geometry.width, geometry.height))
            let byPixels = (Double(Limits.maxImagePixels) / (Double(geometry.width) * Double(geometry.height))).squareRoot()
            var next = (scale * min(Double(limit) / largest, byPixels) * 100).rounded(.down) / 100
            if next >= scale { next = ((scale - 0.01) * 100).rounded(.down) / 100 }
            let smallest = Limits.scale.lowerBound
            guard next >= smallest else {
                throw Diagnostic(origin: .requestField("columns"), reason: "\(items.count) keyboards in \(geometry.columns) columns do not fit \(limit) px a side (\(Limits.maxImagePixels) px in all) even at scale \(Limits.format(smallest)); use fewer themes, layouts or orientations, or change --columns")
            }
            scale = next
        }
    }

    /// One `selected` pattern pad per theme, as tall as the tallest keyboard (`height` pixels).
    static func patternScenes(_ request: PreviewRequest, builder: PreviewSceneBuilder, height: Int, scale: Double) throws -> [PatternScene] {
        let canvas = Canvas(deviceName: nil, orientation: .portrait, width: Double(height) / scale, scale: scale)
        let frames = try PatternPad.solve(path: PreviewRequest.patternPreviewPath, on: canvas)
        return try request.themes.map { try builder.patternScene(frames, theme: $0, state: .selected) }
    }

    /// Plans and paints the sheet (see `plan`).
    ///
    /// - Throws: as `plan`, and `RenderError` from painting.
    public static func render(_ request: PreviewRequest, with renderer: Renderer) throws -> ContactSheet {
        let plan = try plan(request)
        let geometry = plan.geometry
        var cells: [SheetCell] = []
        for (i, scene) in plan.scenes.enumerated() {
            let origin = geometry.keyboardOrigin(i, imageWidth: scene.imageWidth)
            let caption = geometry.captionOrigin(i, imageWidth: scene.imageWidth)
            cells.append(SheetCell(scene: scene, originX: origin.x, originY: origin.y, caption: request.caption(of: plan.items[i]),
                                   captionX: caption.x, captionY: caption.y, captionSize: geometry.captionSize, captionColor: captionColor))
        }
        var patternCells: [PatternSheetCell] = []
        for (n, pattern) in plan.patterns.enumerated() {
            let i = plan.scenes.count + n
            let origin = geometry.keyboardOrigin(i, imageWidth: pattern.imageSide)
            let caption = geometry.captionOrigin(i, imageWidth: pattern.imageSide)
            patternCells.append(PatternSheetCell(
                scene: pattern, originX: origin.x, originY: origin.y,
                caption: "\(PreviewItem.displayName(request.themes[n])) · pattern · selected",
                captionX: caption.x, captionY: caption.y, captionSize: geometry.captionSize, captionColor: captionColor))
        }
        let image = try renderer.rasterizeSheet(width: geometry.width, height: geometry.height, background: background, cells: cells, patterns: patternCells)
        return ContactSheet(image: image, geometry: geometry, scale: plan.scale, deviceScale: plan.deviceScale, items: plan.items, warnings: plan.warnings)
    }

    /// The sheet as PNG bytes (zlib level 1).
    public func png() throws -> [UInt8] {
        try PNGCodec.encode(image, compression: 1)
    }
}
