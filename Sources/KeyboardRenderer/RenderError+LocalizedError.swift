import Foundation

extension RenderError: LocalizedError {
    /// The same text as `description`, so `localizedDescription` and test failures say what
    /// went wrong rather than naming the error type.
    public var errorDescription: String? { description }
}
