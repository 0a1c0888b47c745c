@_exported import KeyboardRenderer
@_exported import LayoutEngine
