/// The table shape: rows of cells laid out in columns by display width (CJK counts double), the
/// first column left-aligned, the others right-aligned, two spaces apart; the header row dimmed.
enum Table {
    static func lines(_ rows: [[String]], terminal: Terminal) -> [String] {
        // A cell is one line of text from a record (a key, a value): shown, never obeyed.
        let rows = rows.map { $0.map(\.oneLine) }
        let widths = columnWidths(rows)
        return rows.enumerated().map { index, row in
            let line = row.enumerated().map { column, cell in
                column == 0
                    ? cell.padded(to: widths[column])
                    : String(repeating: " ", count: widths[column] - cell.displayWidth) + cell
            }.joined(separator: "  ")
            return index == 0 ? terminal.dim(line) : line
        }
    }

    /// The display width of each column, as ``lines(_:terminal:)`` lays them out.
    static func columnWidths(_ rows: [[String]]) -> [Int] {
        let count = rows.map(\.count).max() ?? 0
        return (0..<count).map { column in rows.map { column < $0.count ? $0[column].oneLine.displayWidth : 0 }.max() ?? 0 }
    }

    /// How wide ``lines(_:terminal:)`` makes the lines of `rows`: their columns two spaces apart.
    static func width(of rows: [[String]]) -> Int {
        let widths = columnWidths(rows)
        return widths.reduce(0, +) + 2 * max(0, widths.count - 1)
    }

    /// A bar of eighth blocks, `width` cells for `most`; a count above zero always shows a sliver.
    static func bar(_ count: Int, of most: Int, width: Int) -> String {
        bar(Double(count), of: Double(most), width: width)
    }

    /// The same for any amount (minutes slept, a rate).
    static func bar(_ value: Double, of most: Double, width: Int) -> String {
        guard most > 0, value > 0, value.isFinite, most.isFinite else { return String(repeating: " ", count: width) }
        let eighths = max(1, min(width * 8, Int((value / most * Double(width * 8)).rounded())))
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        let text = String(repeating: "█", count: eighths / 8) + partial
        return text + String(repeating: " ", count: max(0, width - text.count))
    }
}
