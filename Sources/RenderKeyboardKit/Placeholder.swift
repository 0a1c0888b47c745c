// RenderKeyboardKit
