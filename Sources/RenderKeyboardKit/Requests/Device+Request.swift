import KeyboardFormats
import KeyboardModel

extension Device {
    /// Why `name` is neither a preset nor a valid `WxH@D` pixel device, or nil when it is one.
    package static func nameProblem(_ name: String) -> String? {
        if named(name) != nil { return nil }
        if looksCustom(name), case .failure(let problem) = custom(name) { return problem.reason }
        let size = name.split(separator: "x", omittingEmptySubsequences: false)
        if !name.contains("@"), size.count == 2, size.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }) {
            return "\(Diagnostic.quote(name)) has no density: a pixel device is WxH@D, with D the pixels per point (such as \(name)@2.625)"
        }
        let names = all.map(\.name)
        var reason = "\(Diagnostic.quote(name)) is not a device preset or a pixel device WxH@D (such as 1080x2340@2.625); presets: \(names.joined(separator: ", "))"
        reason += FieldReader.didYouMean(name, in: names)
        return reason
    }

    /// The device `name` names: a preset or `WxH@D`.
    ///
    /// - Throws: `RequestError` for the `device` field saying why it is neither.
    package static func resolve(_ name: String) throws -> Device {
        if let device = named(name) { return device }
        throw RequestError(field: .device, reason: nameProblem(name) ?? "is not a device")
    }
}
