// KeyboardRenderer
