// What a user of the one-call API (`RenderRequest`, `PreviewRequest`, `PatternRequest`) reads
// and passes along: the frames and scenes it returns and the geometry inside them, the canvas
// and orientation, the renderer to reuse, and the errors it throws. The rest of LayoutEngine
// and KeyboardRenderer (decoders, solver, composer, themes) comes with their own `import`.
@_exported import struct LayoutEngine.KeyboardFrames
@_exported import struct LayoutEngine.KeyFrame
@_exported import enum LayoutEngine.FrameSource
@_exported import enum LayoutEngine.LayoutKind
@_exported import struct LayoutEngine.Key
@_exported import enum LayoutEngine.KeyCode
@_exported import enum LayoutEngine.KeyClass
@_exported import enum LayoutEngine.KeyIcon
@_exported import struct LayoutEngine.Rect
@_exported import struct LayoutEngine.PixelRect
@_exported import struct LayoutEngine.EdgeInsets
@_exported import struct LayoutEngine.Color
@_exported import struct LayoutEngine.Canvas
@_exported import enum LayoutEngine.Orientation
@_exported import enum LayoutEngine.ShiftState
@_exported import struct LayoutEngine.KeyboardScene
@_exported import enum LayoutEngine.PatternState
@_exported import struct LayoutEngine.PatternFrames
@_exported import struct LayoutEngine.PatternScene
@_exported import struct LayoutEngine.Diagnostic
@_exported import struct LayoutEngine.DiagnosticList
@_exported import enum LayoutEngine.LintRule
@_exported import class KeyboardRenderer.Renderer
@_exported import enum KeyboardRenderer.RenderError
@_exported import struct KeyboardRenderer.RasterImage
@_exported import enum KeyboardRenderer.OutputFormat
