import KeyboardModel

/// Paints a `ComposedStatusBar`: the time, four signal bars, the Wi-Fi fan and a full battery,
/// each inside the box the scene gives it, in the bar's one colour.
enum StatusBarPainter {
    /// Paints `bar` on a screen surface (screen pixels).
    ///
    /// - Throws: `RenderError` when the time cannot be set.
    static func paint(_ bar: ComposedStatusBar, text: TextEngine, in context: CairoContext) throws {
        if !bar.time.isEmpty {
            let layout = try text.layout(bar.time, font: bar.font, sizePx: bar.timeSize)
            context.setSource(bar.color)
            layout.draw(in: context, centeredAt: bar.timeCenterX, bar.timeCenterY)
        }
        context.setSource(bar.color)
        signal(bar.signal, in: context)
        wifi(bar.wifi, in: context)
        battery(bar.battery, color: bar.color, in: context)
    }

    /// Four bars rising left to right, all full.
    private static func signal(_ box: Rect, in context: CairoContext) {
        let bar = box.width / 5.5, gap = (box.width - 4 * bar) / 3
        for i in 0..<4 {
            let height = box.height * (0.4 + 0.2 * Double(i))
            context.roundedRectangle(box.x + Double(i) * (bar + gap), box.maxY - height, bar, height, radius: bar / 3)
        }
        context.fill()
    }

    /// Three arcs and a dot fanning up from the bottom centre of the box.
    private static func wifi(_ box: Rect, in context: CairoContext) {
        let cx = box.x + box.width / 2, cy = box.maxY
        let stroke = box.height * 0.19
        let spread = 0.27 * Double.pi
        context.save()
        context.setLineWidth(stroke)
        context.setRoundJoins()
        for radius in [box.height - stroke / 2, box.height * 0.58] {
            context.newPath()
            context.arc(cx, cy, radius: radius, from: -Double.pi / 2 - spread, to: -Double.pi / 2 + spread)
            context.stroke()
        }
        context.restore()
        context.newPath()
        context.move(cx, cy)
        context.arc(cx, cy, radius: box.height * 0.26, from: -Double.pi / 2 - spread, to: -Double.pi / 2 + spread)
        context.closePath()
        context.fill()
    }

    /// A battery outline at reduced opacity, its cell full, and the nub on its right.
    private static func battery(_ box: Rect, color: Color, in context: CairoContext) {
        let nub = box.width * 0.07, body = box.width - nub * 1.5
        let line = max(1, box.height * 0.09)
        let faint = Color(red: color.red, green: color.green, blue: color.blue, alpha: 100)
        context.roundedRectangle(box.x + line / 2, box.y + line / 2, body - line, box.height - line, radius: box.height * 0.3)
        context.setLineWidth(line)
        context.setSource(faint)
        context.stroke()
        context.roundedRectangle(box.x + body + nub * 0.5, box.y + box.height * 0.33, nub, box.height * 0.34, radius: nub / 2)
        context.fill()
        let inset = line * 2
        context.roundedRectangle(box.x + inset, box.y + inset, body - 2 * inset, box.height - 2 * inset, radius: box.height * 0.2)
        context.setSource(color)
        context.fill()
    }
}
