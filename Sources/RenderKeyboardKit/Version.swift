
/// The version of render-keyboard, as `render-keyboard --version` prints it.
public enum RenderKeyboardVersion {
    /// Semantic version of this release.
    public static let current = "1.0.0"
}
