// The mods of FlorisBoard's own package (florisboard/florisboard @e4a640ba,
// org.florisboard.layouts, Apache-2.0), as codes, labels and types: what a FlorisBoard layout
// is merged with when it sits in no package, or its package lacks the default mod.
import KeyboardModel

extension FlorisBoardReader {
    /// The built-in rows of the default mod in `folder` (`charactersMod`, `symbolsMod`,
    /// `symbols2Mod`, `numericRow`); nil for any other folder.
    package static func builtinMod(inFolder folder: String) -> [[IMEKey]]? {
        func key(_ code: Int, _ label: String, _ type: String? = nil, group: Int? = nil) -> IMEKey {
            IMEKey(label: label, code: code, type: type, groupId: group, path: "builtin \(folder)")
        }
        let placeholder = key(0, "", "placeholder")
        let delete = key(-7, "delete", "enter_editing")
        let enter = key(10, "enter", "enter_editing", group: 3)
        let space = key(32, "space")
        switch folder {
        case "charactersMod":
            return [
                [key(-11, "shift", "modifier"), placeholder, delete],
                [key(-202, "view_symbols", "system_gui"), key(44, ",", group: 1), key(-227, "language_switch", "system_gui"),
                 key(-212, "ime_ui_mode_media", "system_gui"), space, key(46, ".", group: 2), enter],
            ]
        case "symbolsMod":
            return [
                [key(-203, "view_symbols2", "system_gui"), placeholder, delete],
                [key(-201, "view_characters", "system_gui"), key(44, ","), key(-205, "view_numeric_advanced", "system_gui"), space, key(46, "."), enter],
            ]
        case "symbols2Mod":
            return [
                [key(-202, "view_symbols", "system_gui"), placeholder, delete],
                [key(-201, "view_characters", "system_gui"), key(60, "<"), key(-205, "view_numeric_advanced", "system_gui"), space, key(62, ">"), enter],
            ]
        case numericRowFolder:
            return [zip(49...57, "123456789").map { key($0, String($1), "numeric") } + [key(48, "0", "numeric")]]
        default:
            return nil
        }
    }
}
