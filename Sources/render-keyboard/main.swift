print("render-keyboard")
