import Foundation

/// Checks layout and theme files the way `render` would read them, reporting every problem.
public enum Validator {
    /// What `validate` found in one file.
    public struct Report: Sendable {
        public var file: String
        /// "layout" or "theme", when the file could be told apart.
        public var kind: String?
        public var problems: [Diagnostic]
        public var warnings: [Diagnostic]
    }

    /// Validates the file at `path`: decodes it, and for a layout solves it on every device
    /// preset in both orientations; for a theme follows `extends` and reads its images.
    /// A file is a layout when it has `portrait` or a list of `keys`, otherwise a theme.
    public static func validate(_ path: String) -> Report {
        var report = Report(file: path, kind: nil, problems: [], warnings: [])
        if AndroidKeyboardLoader.isAndroidKeyboardFile(path) {
            return validateAndroidKeyboard(path)
        }
        let bytes: [UInt8]
        let document: Document
        do {
            bytes = try FileAccess.read(path)
            document = try Document.parse(bytes, file: path)
        } catch {
            report.problems = diagnostics(of: error, file: path)
            return report
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isLayout = document["portrait"] != nil
        if case .sequence? = document["keys"] { isLayout = true }
        if isLayout {
            report.kind = "layout"
            do {
                let decoded = try LayoutDecoder.decode(bytes, file: path, baseDirectory: folder)
                report.warnings = decoded.warnings
                var seen = Set<Diagnostic>()
                for device in Device.all {
                    for orientation in Orientation.allCases {
                        do {
                            _ = try Solver.solve(decoded.layout, on: Canvas(device: device, orientation: orientation), file: path)
                        } catch let diagnostic as Diagnostic {
                            var found = diagnostic
                            found.reason += " (on \(device.name) \(orientation.rawValue))"
                            if seen.insert(diagnostic).inserted { report.problems.append(found) }
                        } catch {
                            report.problems.append(Diagnostic(file: path, path: "", reason: "\(error)"))
                        }
                    }
                }
                for (i, key) in decoded.layout.keys.enumerated() {
                    for state in KeyState.allCases {
                        if let reference = key.appearance?.style(for: state)?.image {
                            do { _ = try ImageLoader.load(reference) } catch {
                                report.problems += diagnostics(of: error, file: path).map {
                                    Diagnostic(file: path, path: "keys[\(i)].appearance.\(state.rawValue).image", reason: $0.reason)
                                }
                            }
                        }
                    }
                }
            } catch {
                report.problems = diagnostics(of: error, file: path)
            }
        } else {
            report.kind = "theme"
            do {
                let theme = try ThemeLoader.load(path)   // decodes this file first, then what it extends
                for reference in images(of: theme) {
                    do { _ = try ImageLoader.load(reference) } catch {
                        report.problems += diagnostics(of: error, file: path)
                    }
                }
            } catch {
                report.problems = diagnostics(of: error, file: path)
            }
        }
        return report
    }

    /// An Android keyboard file: read with its values files, then placed on every device
    /// preset in both orientations.
    static func validateAndroidKeyboard(_ path: String) -> Report {
        var report = Report(file: path, kind: "android keyboard", problems: [], warnings: [])
        do {
            let loaded = try AndroidKeyboardLoader.load(path: path, display: path, valuesFiles: [])
            report.warnings = loaded.warnings
            var seen = Set<Diagnostic>()
            for device in Device.all {
                for orientation in Orientation.allCases {
                    do {
                        _ = try RenderRequest.solve(loaded, on: Canvas(device: device, orientation: orientation), shuffle: nil)
                    } catch {
                        for diagnostic in diagnostics(of: error, file: path) where seen.insert(diagnostic).inserted {
                            var found = diagnostic
                            found.reason += " (on \(device.name) \(orientation.rawValue))"
                            report.problems.append(found)
                        }
                    }
                }
            }
        } catch {
            report.problems = diagnostics(of: error, file: path)
        }
        return report
    }

    /// Every image a (merged) theme names.
    static func images(of theme: Theme) -> [ImageReference] {
        var references: [ImageReference] = []
        if case .image(let reference)? = theme.background { references.append(reference) }
        for styles in [theme.base, theme.content, theme.function, theme.enter] {
            for state in KeyState.allCases {
                if let reference = styles?.style(for: state)?.image { references.append(reference) }
            }
        }
        return Array(Set(references)).sorted { $0.path < $1.path }
    }

    /// The diagnostics an error carries, or one describing it.
    public static func diagnostics(of error: Error, file: String) -> [Diagnostic] {
        switch error {
        case let list as DiagnosticList: return list.diagnostics
        case let diagnostic as Diagnostic: return [diagnostic]
        default: return [Diagnostic(file: file, path: "", reason: "\(error)")]
        }
    }
}
