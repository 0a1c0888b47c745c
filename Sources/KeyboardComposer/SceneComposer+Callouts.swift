import KeyboardModel

/// Input callouts (docs/pattern-pads.md): which pressed keys show one, the image growing upward for a
/// callout over the top row, and the resolved callout shapes.
extension SceneComposer {
    /// A pressed key that shows a callout, with its resolved callout style and normal style.
    struct CalloutCandidate {
        var key: Int
        var callout: CalloutStyle
        var normal: ResolvedKeyStyle
    }

    /// The pressed keys that show a callout: drawn pressed (`highlightOnPress` not false), a
    /// label and no icon, the callout enabled by the cascade `base < class < appearance`,
    /// on a layout that is not a number or ID-card pad nor an Android keyboard file (the
    /// callout is the iPhone's; an Android pad's kind is unknown, and security pads there
    /// turn key previews off).
    static func calloutCandidates(
        _ keys: [SceneKey], frames: KeyboardFrames, theme: Theme, highlight: Bool, context: KeyStyleContext,
        image: (FileReference) throws -> SceneImage
    ) throws -> [CalloutCandidate] {
        guard highlight, frames.layoutKind != .number, frames.layoutKind != .idcard, frames.source != .androidXML else { return [] }
        var candidates: [CalloutCandidate] = []
        for (n, key) in keys.enumerated() where key.state == .pressed && key.icon == .none && !key.label.isEmpty {
            let model = key.frame.key
            var callout = CalloutStyle()
            for layer in [theme.base, theme.styles(for: model.keyClass), model.appearance] {
                callout = callout.overlaid(by: layer?.callout)
            }
            guard callout.enabled == true else { continue }
            let normal = try resolveStyle(for: model, state: .normal, theme: theme, frame: key.frame.pixelFrame.points(scale: frames.canvas.scale), context: context, image: image)
            candidates.append(CalloutCandidate(key: n, callout: callout, normal: normal))
        }
        return candidates
    }

    /// Grows the image upward when a bubble would cross its top edge (whole pixels, so the
    /// pixel grid stays aligned), then adds one `SceneCallout` per candidate.
    static func addCallouts(_ candidates: [CalloutCandidate], to scene: inout KeyboardScene, measure: LabelMeasure?) throws {
        let scale = scene.scale
        let imageWidth = Double(scene.imageWidth) / scale
        var highest = 0.0
        for candidate in candidates {
            let key = candidate.normal.face(of: scene.keys[candidate.key].frame.pixelFrame, scale: scale).points(scale: scale)
            let bubble = CalloutGeometry.bubble(over: key, imageWidth: imageWidth, orientation: scene.frames.canvas.orientation)
            highest = min(highest, bubble.y)
        }
        if highest < 0 {
            let pixels = Int((-highest * scale - 1e-9).rounded(.up))
            let points = Double(pixels) / scale
            scene.frames = scene.frames.movedDown(points: points, pixels: pixels)
            for n in scene.keys.indices { scene.keys[n].frame = scene.frames.keys[n] }
            if let frame = scene.frames.toolbarFrame {
                scene.toolbar?.frame = frame
                scene.toolbar?.pixelFrame.y += pixels
            }
        }
        for candidate in candidates {
            let sceneKey = scene.keys[candidate.key]
            let key = candidate.normal.face(of: sceneKey.frame.pixelFrame, scale: scale).points(scale: scale)
            let bubble = CalloutGeometry.bubble(over: key, imageWidth: imageWidth, orientation: scene.frames.canvas.orientation)
            let normal = candidate.normal
            let style = candidate.callout
            let outline = CalloutGeometry.outline(
                bubble: bubble, key: key, keyRadius: normal.cornerRadius,
                squareBottom: normal.hiddenCorners.intersection([.bottomLeft, .bottomRight])
            )
            let drawn = style.drawn(over: normal)
            var size = drawn.textSize
            if let measure {
                let room = bubble.width - labelPadding
                size = try LabelFitting.fittedSize(sceneKey.label, font: scene.font, size: size, maxWidth: room > 0 ? room : bubble.width, maxHeight: bubble.height, measure: measure)
            }
            scene.callouts.append(SceneCallout(
                keyIndex: candidate.key, bubble: bubble, outline: outline, label: sceneKey.label,
                fill: drawn.fill, text: drawn.text, textSize: size,
                borderWidth: drawn.borderWidth, borderColor: drawn.borderColor,
                shadowHeight: normal.shadowHeight, shadowColor: drawn.shadowColor
            ))
        }
    }
}
