// HeliBoard's rows (docs/format.md "HeliBoard and FlorisBoard layouts"), before geometry: functional keys added and every
// key given its width as a fraction of the keyboard's width, in float32 as HeliBoard computes.
//
//  1. Symbols: the first row is replaced by the digits 1…9, 0.
//  2. Letters and symbols: if the last row has exactly 2 keys they replace comma and period
//     (groupId 1, 2) and the row goes; the (new) last row is flanked by shift (0.15; not for
//     the letters of a no-shift layout) and delete (0.15); a bottom row follows: symbol_alpha
//     0.15, comma, numpad (symbols only), space, period, action 0.15.
//  3. Widths: unset or 0 → −1 (fill) for space (letters and symbols) and numeric keys
//     (number pads), else 0.17 on number pads, else 0.1.
//  4. Per row, `setReasonableWidths`: fills share what is left (never less than the default
//     width); a row short of 1 gets two spacers around its main keys; a row over 1 shrinks its
//     main keys (factor > 0.82) or all keys.
//  5. Letters and symbols: a last main row a little wider than the row above (≤ 10 %) takes
//     the row above's width, with spacers at both ends.
import KeyboardModel

/// What HeliBoard draws behind a key; decides its theme class and what step 5 counts.
package enum HeliBoardBackground: Sendable, Hashable {
    case normal, functional, spacebar, action, spacer
}

/// One slot of a HeliBoard row: a key, or a spacer (no key), and its width fraction.
struct HeliBoardSlot: Sendable, Hashable {
    var key: IMEKey?
    var width: Float
    var background: HeliBoardBackground
    /// True for the keys of the layout file (not functional keys, not spacers).
    var isMain = false
}

extension IMEKeyboard {
    /// HeliBoard's no-shift layouts (`method.xml`), by file stem: their letters have no shift key.
    static let noShiftLayouts: Set<String> = [
        "arabic", "arabic_hijai", "arabic_pc", "central_kurdish", "farsi", "hebrew", "hebrew_1452_2", "hindi_compact",
        "kannada", "kannada_extended", "malayalam", "marathi", "tamil", "telugu",
    ]

    /// The labels HeliBoard draws on a functional background.
    static let functionalLabels: Set<String> = [
        "shift", "delete", "symbol_alpha", "symbol", "alpha", "comma", "period", "com", "numpad", "emoji", "language_switch",
        "zwnj", "ctrl", "alt", "fn", "meta", "tab", "esc", "clipboard", "settings", "voice_input",
    ]

    /// Steps 1–5: the rows as HeliBoard lays them out.
    func heliBoardRows() -> [[HeliBoardSlot]] {
        let isNumberPad = [.number, .numpad, .phone, .phoneSymbols].contains(mode)
        let defaultWidth: Float = isNumberPad ? 0.17 : 0.1
        let (base, functional) = heliBoardBaseRows()
        var rows: [[HeliBoardSlot]] = []
        var mainRanges: [Range<Int>] = []
        for (i, keys) in base.enumerated() {
            let (left, right) = functional[i]
            var slots = left.map { slot($0, defaultWidth: defaultWidth, isNumberPad: isNumberPad) }
            let main = keys.map { var s = slot($0, defaultWidth: defaultWidth, isNumberPad: isNumberPad); s.isMain = true; return s }
            slots += main + right.map { slot($0, defaultWidth: defaultWidth, isNumberPad: isNumberPad) }
            let (fitted, range) = Self.reasonableWidths(slots, mainStart: left.count, mainCount: main.count, defaultWidth: defaultWidth)
            rows.append(fitted)
            mainRanges.append(range)
        }
        if mode.isLettersOrSymbols { Self.alignLastRow(&rows, mainRanges: mainRanges) }
        return rows
    }

    /// Steps 1 and 2: the file's rows (the main keys) and the functional keys left and right
    /// of each; letters and symbols get the bottom row as a row of no main keys.
    func heliBoardBaseRows() -> (base: [[IMEKey]], functional: [(left: [IMEKey], right: [IMEKey])]) {
        var base = rows.filter { !$0.isEmpty }
        if mode == .symbols {
            let digits = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"].map { IMEKey(label: $0, path: "digits") }
            if base.isEmpty { base = [digits] } else { base[0] = digits }
        }
        guard mode.isLettersOrSymbols else { return (base, base.map { _ in ([], []) }) }
        var bottom = [IMEKey(label: "symbol_alpha", width: 0.15), IMEKey(label: "comma")]
        if mode == .symbols { bottom.append(IMEKey(label: "numpad")) }
        bottom += [IMEKey(label: "space"), IMEKey(label: "period"), IMEKey(label: "action", width: 0.15)]
        if let last = base.last, last.count == 2 {
            var comma = last[0], period = last[1]
            comma.groupId = 1
            period.groupId = 2
            bottom[1] = comma
            bottom[bottom.count - 2] = period
            base.removeLast()
        }
        var functional: [(left: [IMEKey], right: [IMEKey])] = base.map { _ in ([], []) }
        if !functional.isEmpty {
            let shift = mode == .main && Self.noShiftLayouts.contains(name) ? [] : [IMEKey(label: "shift", width: 0.15)]
            functional[functional.count - 1] = (shift, [IMEKey(label: "delete", width: 0.15)])
        }
        base.append([])
        functional.append((bottom, []))
        return (base, functional)
    }

    /// Step 3: the key's slot with its width before the row is fitted, and its background.
    func slot(_ key: IMEKey, defaultWidth: Float, isNumberPad: Bool) -> HeliBoardSlot {
        var width = key.width ?? 0
        if width == 0 {
            let fills = isNumberPad ? key.type == "numeric" : (mode.isLettersOrSymbols && key.label == "space")
            width = fills ? -1 : defaultWidth
        }
        return HeliBoardSlot(key: key, width: width, background: heliBoardBackground(of: key))
    }

    /// The background HeliBoard gives `key`: by its type, else by its label (functional keys,
    /// space, action; the comma and period replacements of the symbols), else normal.
    func heliBoardBackground(of key: IMEKey) -> HeliBoardBackground {
        switch key.type {
        case "normal"?, "numeric"?, "character"?: return .normal
        case "function"?, "modifier"?, "system_gui"?, "lock"?, "shift"?: return .functional
        case "space"?, "navigation"?: return .spacebar
        case "action"?, "enter_editing"?: return .action
        case "placeholder"?, "unspecified"?: return .spacer
        default: break
        }
        if key.label == "space" { return .spacebar }
        if key.label == "action" { return .action }
        if Self.functionalLabels.contains(key.label) { return .functional }
        if mode == .symbols || mode == .moreSymbols, key.groupId == 1 || key.groupId == 2 { return .functional }
        return .normal
    }

    /// Step 4 (`setReasonableWidths`) for one row whose main keys are `mainCount` slots from
    /// `mainStart`: the fitted slots and where the main keys now are.
    static func reasonableWidths(_ row: [HeliBoardSlot], mainStart: Int, mainCount: Int, defaultWidth: Float) -> ([HeliBoardSlot], Range<Int>) {
        var slots = row
        var total: Float = 0
        var fills: [Int] = []
        for (i, slot) in slots.enumerated() {
            if slot.width == -1 { fills.append(i) } else { total += slot.width }
        }
        if !fills.isEmpty {
            let width = total + Float(fills.count) * defaultWidth > 1 ? defaultWidth : (1 - total) / Float(fills.count)
            for i in fills { slots[i].width = width }
            total = slots.reduce(Float(0)) { $0 + $1.width }
        }
        let mainRange = mainStart..<(mainStart + mainCount)
        if total < 0.9999 {
            let spacer = HeliBoardSlot(key: nil, width: (1 - total) / 2, background: .spacer)
            slots.insert(spacer, at: mainRange.upperBound)
            slots.insert(spacer, at: mainRange.lowerBound)
            return (slots, (mainRange.lowerBound + 1)..<(mainRange.upperBound + 1))
        }
        if total > 1.0001 {
            let mainWidth = slots[mainRange].reduce(Float(0)) { $0 + $1.width }
            let scale = (1 - (total - mainWidth)) / mainWidth
            if scale > 0.82 {
                for i in mainRange { slots[i].width *= scale }
            } else {
                for i in slots.indices { slots[i].width /= total }
            }
        }
        return (slots, mainRange)
    }

    /// Step 5: the last main row (above the bottom row) takes the width of the row above when
    /// all keys of each are one width, the last's wider by at most 10 %, neither holding a
    /// spacer; two spacers take the difference.
    static func alignLastRow(_ rows: inout [[HeliBoardSlot]], mainRanges: [Range<Int>]) {
        guard rows.count >= 3, mainRanges[rows.count - 1].isEmpty else { return }
        let lastIndex = rows.count - 2, aboveIndex = rows.count - 3
        let last = Array(rows[lastIndex][mainRanges[lastIndex]]), above = Array(rows[aboveIndex][mainRanges[aboveIndex]])
        guard let lastWidth = last.first?.width, let aboveWidth = above.first?.width else { return }
        if lastWidth <= aboveWidth + 0.0001 || lastWidth / aboveWidth > 1.1
            || last.contains(where: { $0.background == .spacer }) || above.contains(where: { $0.background == .spacer })
            || last.contains(where: { $0.width != lastWidth }) || above.contains(where: { $0.width != aboveWidth }) {
            return
        }
        let normalCount = Float(last.filter { $0.background == .normal }.count)
        let spacerWidth = (normalCount * lastWidth - normalCount * aboveWidth) / 2
        for i in mainRanges[lastIndex] where rows[lastIndex][i].background == .normal {
            rows[lastIndex][i].width = aboveWidth
        }
        let spacer = HeliBoardSlot(key: nil, width: spacerWidth, background: .spacer)
        rows[lastIndex].insert(spacer, at: mainRanges[lastIndex].upperBound)
        rows[lastIndex].insert(spacer, at: mainRanges[lastIndex].lowerBound)
    }
}
