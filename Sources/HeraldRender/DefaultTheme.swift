enum DefaultTheme {}
