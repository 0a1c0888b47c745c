import KeyboardModel

/// A `RenderRequest` whose fields have passed `RenderRequest.problems()`: what the pipeline
/// draws. Only `RenderRequest.checked()` makes one, so a request is checked once, where it is
/// made (the command line, a manifest job, a preview cell, a Swift caller), and every step
/// after it takes the checked value instead of checking again.
public struct CheckedRequest: Sendable, Hashable {
    /// The request; every field is valid on its own (files are read and checked later).
    public let request: RenderRequest

    /// Only `RenderRequest.checked()` makes a checked request.
    fileprivate init(_ request: RenderRequest) {
        self.request = request
    }

    /// The canvas the request's options describe.
    ///
    /// - Throws: nothing a checked request can cause; `RequestError` is declared for a device
    ///   table that lost a preset the check saw.
    package func canvas() throws -> Canvas {
        try request.canvasOptions.uncheckedCanvas()
    }
}

extension RenderRequest {
    /// The request, checked: every field valid on its own (`problems()`).
    ///
    /// - Throws: the first of `problems()`, a `RequestError` naming its field.
    public func checked() throws -> CheckedRequest {
        if let first = problems().first { throw first }
        return CheckedRequest(self)
    }
}
