import KeyboardFormats
import KeyboardModel
import KeyboardRenderer

/// Everything a `ComposeRequest` draws, laid out and checked, before any pixel is painted:
/// one scene, and for each image its file and caption.
package struct ComposePlan: Sendable {
    /// One image of the plan.
    package struct Shot: Sendable {
        /// The file it is written to.
        package var path: String
        /// Its locale in a set, nil for a single screenshot.
        package var locale: String?
        /// Its caption, nil for none.
        package var caption: ComposedCaption?
        /// The caption's lines.
        package var captionLines: Int
    }

    /// The canvas and the framed device, shared by every shot.
    package var scene: ComposedScene
    /// The images, in the order they are written.
    package var shots: [Shot]
    /// The format every image is written in.
    package var format: StillImageFormat
    /// Where things lie on the canvas.
    var geometry: ComposeLayout.Geometry
    /// The keyboard's files' warnings and the notes about the images read.
    package var warnings: [Diagnostic]
}

extension ComposeLayout {
    /// Steps 2 to 6: the whole plan of the request.
    ///
    /// - Throws: `Diagnostic` for an image, font, frame or captions file that cannot be read, a
    ///   canvas over the limits, a caption that does not fit, or no room for the device.
    mutating func plan() throws -> ComposePlan {
        let canvas = try self.canvas()
        let p = keyboard.frames.canvas.scale
        let outline = try keyboard.frames.canvas.deviceName.flatMap(DeviceOutlineTable.outline(of:))
        let screen = try self.screen(outline: outline)
        var frameFile: ComposeFrameFile?
        if case .file(let path) = request.frame { frameFile = try ComposeFrameFile.load(path) }
        let body = try DeviceBody.make(request.frame, frameFile: frameFile, outline: outline, screenWidth: screen.width, screenHeight: screen.height,
                                       pixelsPerPoint: p, orientation: keyboard.frames.canvas.orientation)
        let (margin, size) = captionMetrics(width: canvas.width, height: canvas.height)
        let lineWidth = Double(canvas.width) - 2 * margin
        guard lineWidth >= 1 else {
            throw Diagnostic(origin: .requestField(ComposeRequest.Field.margin.optionName), reason: "margins of \(Limits.format(margin)) px leave nothing of the \(canvas.width) px wide canvas")
        }
        let texts = try captionTexts(canvasName: canvas.name, preset: canvas.preset)
        let font = try ComposeFiles.captionFont(request.captionFont ?? ComposeRequest.defaultCaptionFont)
        let captioned = texts.compactMap { shot in shot.text.map { (text: $0, origin: shot.origin) } }
        let measures = try measure(captioned, font: font, size: size, lineWidth: lineWidth)
        let band = measures.map(\.height).max() ?? 0
        let top = margin + (band > 0 ? band + margin : 0)
        let placed = try place(body, screen: screen, canvas: (canvas.width, canvas.height), top: top, margin: margin, pixelsPerPoint: p)
        var measured = measures.makeIterator()
        let shots = texts.map { text -> ComposePlan.Shot in
            guard let caption = text.text, let measure = measured.next() else { return ComposePlan.Shot(path: text.path, locale: text.locale, caption: nil, captionLines: 0) }
            let box = Rect(x: margin, y: margin + (band - measure.height) / 2, width: lineWidth, height: measure.height)
            return ComposePlan.Shot(path: text.path, locale: text.locale, caption: ComposedCaption(text: caption, font: font, size: size, color: request.captionColour, box: box), captionLines: measure.lines)
        }
        let scene = ComposedScene(width: canvas.width, height: canvas.height, background: try background(), device: placed)
        let geometry = Geometry(canvasWidth: canvas.width, canvasHeight: canvas.height, store: canvas.name,
                                screen: Rect(x: Double(placed.screenX), y: Double(placed.screenY), width: Double(screen.width) * placed.scale, height: Double(screen.height) * placed.scale),
                                screenRadius: placed.cornerRadius,
                                keyboard: Rect(x: Double(placed.screenX) + Double(screen.keyboardX) * placed.scale, y: Double(placed.screenY) + Double(screen.keyboardY) * placed.scale,
                                               width: Double(keyboard.imageWidth) * placed.scale, height: Double(keyboard.imageHeight) * placed.scale),
                                scale: placed.scale)
        return ComposePlan(scene: scene, shots: shots, format: request.resolvedFormat, geometry: geometry, warnings: warnings)
    }

    /// Each image's file, locale and caption (nil: none), and where its caption came from.
    private func captionTexts(canvasName: String, preset: StorePreset?) throws -> [(path: String, locale: String?, text: String?, origin: InputOrigin)] {
        guard let file = request.captions else {
            let caption = request.caption.flatMap { $0.isEmpty ? nil : $0 }
            return [(request.resolvedOutput, nil, caption, .requestField(ComposeRequest.Field.caption.optionName))]
        }
        let captions = try LocalizedCaptions.load(file)
        return try captions.selecting(request.locales).map { entry in
            let path = request.setPath(in: request.resolvedOutput, locale: entry.locale, store: canvasName, preset: preset)
            return (path, entry.locale, entry.caption.isEmpty ? nil : entry.caption, .file(captions.file, path: entry.locale))
        }
    }

    /// Step 6: the device scaled and placed below the caption band.
    private func place(_ body: DeviceBody, screen: ComposedScreen, canvas: (width: Int, height: Int), top: Double, margin: Double, pixelsPerPoint: Double) throws -> ComposedDevice {
        let roomWidth = Double(canvas.width) - 2 * margin, roomHeight = Double(canvas.height) - top - margin
        let scale = request.deviceScale ?? min(roomWidth / body.width, roomHeight / body.height)
        guard scale.isFinite, scale > 0, roomHeight > 0 else {
            throw Diagnostic(origin: .requestField(ComposeRequest.Field.margin.optionName), reason: "no room is left for the device on the \(canvas.width) × \(canvas.height) px canvas below the caption: make the margin or the caption smaller")
        }
        let bodyWidth = body.width * scale, bodyHeight = body.height * scale
        let bodyX = (Double(canvas.width) - bodyWidth) / 2
        let bodyY = request.deviceScale == nil ? top + (roomHeight - bodyHeight) / 2 : top
        let screenX = Int((bodyX + body.screenX * scale).rounded()), screenY = Int((bodyY + body.screenY * scale).rounded())
        let bodyRect = Rect(x: Double(screenX) - body.screenX * scale, y: Double(screenY) - body.screenY * scale, width: bodyWidth, height: bodyHeight)
        let screenRect = Rect(x: Double(screenX), y: Double(screenY), width: Double(screen.width) * scale, height: Double(screen.height) * scale)
        let frame: ComposedFrame
        switch body.frame {
        case .none: frame = .none
        case .image(let image): frame = .image(PlacedImage(image: image, rect: bodyRect))
        case .outline(let row):
            frame = .vector(VectorFrameLayout.frame(row, body: bodyRect, screen: screenRect, scale: scale, pixelsPerPoint: pixelsPerPoint,
                                                    orientation: keyboard.frames.canvas.orientation, color: request.frameColour.opaque))
        }
        return ComposedDevice(screen: screen, screenX: screenX, screenY: screenY, scale: scale, cornerRadius: body.screenRadius * scale, frame: frame)
    }

    /// The canvas's background, its image read.
    private func background() throws -> ComposedBackground {
        switch request.background {
        case .color(let color): return .color(color)
        case .image(let path): return .image(try ComposeFiles.image(path))
        }
    }
}
