import FolioCore
import Foundation

/// A chart as static SVG inside the page: no script, colours from the stylesheet (so it follows
/// the light and the dark theme), every word already in the vault's language.
enum SVGChart {
    static let width = 640.0
    static let height = 260.0
    /// Lines and legend swatches take these classes in turn (`.s0` … `.s5` in the stylesheet).
    static let seriesClasses = 6

    static func render(_ chart: ChartData, language: Language) -> SafeHTML {
        var svg: SafeHTML =
            "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(HTML.escape(chart.title))\">"
        svg += "<title>\(HTML.escape(chart.title))</title>"
        switch chart.body {
        case .bars(let bars): svg += columns(bars)
        case .counts(let bars): svg += rows(bars)
        case .lines(let series): svg += lines(series, isShare: chart.isShare, language: language)
        }
        return svg + "</svg>"
    }

    /// `12.5` with at most one decimal, for coordinates.
    static func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func text(_ words: String, x: Double, y: Double, anchor: String = "middle", className: String = "label") -> SafeHTML {
        "<text class=\"\(className)\" x=\"\(n(x))\" y=\"\(n(y))\" text-anchor=\"\(anchor)\">\(HTML.escape(words))</text>"
    }

    /// Vertical bars, one per period, the amount over each and the period under it.
    static func columns(_ bars: [ChartData.Bar]) -> SafeHTML {
        guard !bars.isEmpty else { return "" }
        let top = 24.0
        let bottom = height - 36
        let left = 8.0
        let slot = (width - left * 2) / Double(bars.count)
        let most = bars.map(\.value).max() ?? 0
        var svg: SafeHTML = "<line class=\"axis\" x1=\"\(n(left))\" y1=\"\(n(bottom))\" x2=\"\(n(width - left))\" y2=\"\(n(bottom))\"/>"
        for (index, bar) in bars.enumerated() {
            let x = left + slot * Double(index)
            let barHeight = most > 0 ? (bottom - top) * bar.value / most : 0
            let barWidth = slot * 0.6
            if barHeight > 0 {
                svg +=
                    "<rect class=\"bar\" x=\"\(n(x + (slot - barWidth) / 2))\" y=\"\(n(bottom - barHeight))\" width=\"\(n(barWidth))\" height=\"\(n(barHeight))\" rx=\"3\"/>"
            }
            if !bar.shown.isEmpty { svg += text(bar.shown, x: x + slot / 2, y: bottom - barHeight - 6, className: "value") }
            svg += text(bar.label, x: x + slot / 2, y: bottom + 22)
        }
        return svg
    }

    /// Horizontal bars, one per value, its label at the left and its count at the end.
    static func rows(_ bars: [ChartData.Bar]) -> SafeHTML {
        guard !bars.isEmpty else { return "" }
        let rowHeight = min(36.0, (height - 16) / Double(bars.count))
        let labelWidth = 150.0
        let room = width - labelWidth - 60
        let most = bars.map(\.value).max() ?? 0
        var svg: SafeHTML = ""
        for (index, bar) in bars.enumerated() {
            let y = 8 + rowHeight * Double(index)
            let length = most > 0 ? room * bar.value / most : 0
            svg += text(bar.label, x: labelWidth - 10, y: y + rowHeight * 0.65, anchor: "end")
            if length > 0 {
                svg +=
                    "<rect class=\"bar\" x=\"\(n(labelWidth))\" y=\"\(n(y + rowHeight * 0.2))\" width=\"\(n(length))\" height=\"\(n(rowHeight * 0.6))\" rx=\"3\"/>"
            }
            svg += text(bar.shown, x: labelWidth + length + 8, y: y + rowHeight * 0.65, anchor: "start", className: "value")
        }
        return svg
    }

    /// A line per series over time, a dot per record, the axis from 0 (0% to 100% for shares),
    /// the first and last day under it and a legend below.
    static func lines(_ series: [ChartData.Series], isShare: Bool, language: Language) -> SafeHTML {
        let points = series.flatMap(\.points)
        guard let first = points.min(by: { $0.epochSeconds < $1.epochSeconds }),
            let last = points.max(by: { $0.epochSeconds < $1.epochSeconds })
        else { return "" }
        let left = 48.0
        let right = width - 16
        let top = 16.0
        let bottom = height - 64
        let most = isShare ? 1.0 : max(points.map(\.value).max() ?? 1, 1e-9)
        let span = Double(last.epochSeconds - first.epochSeconds)
        func x(_ point: ChartData.Point) -> Double {
            span > 0 ? left + (right - left) * Double(point.epochSeconds - first.epochSeconds) / span : (left + right) / 2
        }
        func y(_ value: Double) -> Double { bottom - (bottom - top) * max(0, min(value, most)) / most }
        var svg: SafeHTML = "<line class=\"axis\" x1=\"\(n(left))\" y1=\"\(n(bottom))\" x2=\"\(n(right))\" y2=\"\(n(bottom))\"/>"
        for fraction in [0.0, 0.5, 1.0] {
            let value = most * fraction
            let words = isShare ? ComputedField.percent(value) : ChartData.number(value)
            svg += "<line class=\"grid\" x1=\"\(n(left))\" y1=\"\(n(y(value)))\" x2=\"\(n(right))\" y2=\"\(n(y(value)))\"/>"
            svg += text(words, x: left - 6, y: y(value) + 4, anchor: "end")
        }
        svg += text(first.day, x: left, y: bottom + 20, anchor: "start")
        if last.day != first.day { svg += text(last.day, x: right, y: bottom + 20, anchor: "end") }
        for (index, line) in series.enumerated() {
            let className = "s\(index % seriesClasses)"
            let coordinates = line.points.map { "\(n(x($0))),\(n(y($0.value)))" }.joined(separator: " ")
            if line.points.count > 1 { svg += "<polyline class=\"line \(className)\" points=\"\(coordinates)\"/>" }
            for point in line.points {
                svg += "<circle class=\"dot \(className)\" cx=\"\(n(x(point)))\" cy=\"\(n(y(point.value)))\" r=\"3.5\"/>"
            }
            let legendX = left + Double(index % 4) * 140
            let legendY = bottom + 38 + Double(index / 4) * 18
            svg += "<rect class=\"swatch \(className)\" x=\"\(n(legendX))\" y=\"\(n(legendY - 9))\" width=\"10\" height=\"10\" rx=\"2\"/>"
            svg += text(line.label.isEmpty ? "—" : line.label, x: legendX + 16, y: legendY, anchor: "start")
        }
        return svg
    }
}
