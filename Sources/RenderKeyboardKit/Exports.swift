// What a user of the one-call API (`RenderRequest`, `PreviewRequest`, `PatternRequest`) reads
// and passes along: the frames and scenes it returns and the geometry inside them, the canvas
// and orientation, the renderer to reuse, and the errors it throws. The rest of the model,
// KeyboardFormats, LayoutEngine, KeyboardComposer and KeyboardRenderer (decoders, solver,
// composer, themes) comes with their own `import`.
@_exported import struct KeyboardModel.KeyboardFrames
@_exported import struct KeyboardModel.KeyFrame
@_exported import enum KeyboardModel.FrameSource
@_exported import enum KeyboardModel.LayoutKind
@_exported import struct KeyboardModel.Key
@_exported import enum KeyboardModel.KeyCode
@_exported import enum KeyboardModel.KeyClass
@_exported import enum KeyboardModel.KeyIcon
@_exported import struct KeyboardModel.Rect
@_exported import struct KeyboardModel.PixelRect
@_exported import struct KeyboardModel.EdgeInsets
@_exported import struct KeyboardModel.Color
@_exported import struct KeyboardModel.Canvas
@_exported import enum KeyboardModel.Orientation
@_exported import enum KeyboardModel.ShiftState
@_exported import struct KeyboardModel.KeyboardScene
@_exported import enum KeyboardModel.PatternState
@_exported import struct KeyboardModel.PatternFrames
@_exported import struct KeyboardModel.PatternScene
@_exported import struct KeyboardModel.Diagnostic
@_exported import struct KeyboardModel.DiagnosticList
@_exported import enum KeyboardModel.LintRule
@_exported import class KeyboardRenderer.Renderer
@_exported import enum KeyboardRenderer.RenderError
@_exported import struct KeyboardRenderer.RasterImage
@_exported import enum KeyboardRenderer.OutputFormat
