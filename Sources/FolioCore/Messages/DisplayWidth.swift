extension Unicode.Scalar {
    /// Columns this character takes on a terminal: East Asian wide characters two, combining marks none.
    public var displayWidth: Int {
        let v = value
        if properties.generalCategory == .nonspacingMark { return 0 }
        let wide =
            (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
        return wide ? 2 : 1
    }
}

extension String {
    /// Columns this text takes on a terminal: East Asian wide characters take two.
    public var displayWidth: Int {
        unicodeScalars.reduce(0) { $0 + $1.displayWidth }
    }

    /// The text cut to at most `width` columns, ending in `…` when it was cut; whole characters
    /// only, so a wide character never shows by half.
    public func truncated(toDisplayWidth width: Int) -> String {
        guard displayWidth > width else { return self }
        guard width > 0 else { return "" }
        var out = ""
        var used = 0
        for character in self {
            let columns = String(character).displayWidth
            if used + columns > width - 1 { break }
            out.append(character)
            used += columns
        }
        return out + "…"
    }
}
