/// A unified diff of two texts, line by line, as `diff -u` prints it: what a failing transcript
/// shows so the reader sees what changed.
public enum LineDiff {
    /// The diff from `old` to `new` with `context` lines around each change; empty when they are equal.
    public static func unified(_ old: String, _ new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        guard a != b else { return "" }
        let edits = script(a, b)
        var out = "--- \(oldName)\n+++ \(newName)\n"
        // Group the edits into hunks: runs of changes with at most 2 × context equal lines between.
        var index = 0
        while index < edits.count {
            guard let firstChange = edits[index...].firstIndex(where: { $0.kind != .same }) else { break }
            var last = firstChange
            var cursor = firstChange
            while cursor < edits.count {
                if edits[cursor].kind != .same {
                    last = cursor
                } else if cursor - last > 2 * context {
                    break
                }
                cursor += 1
            }
            let start = max(index, firstChange - context)
            let end = min(edits.count, last + context + 1)
            let hunk = edits[start..<end]
            let oldStart = hunk.first?.oldLine ?? 0
            let newStart = hunk.first?.newLine ?? 0
            let oldCount = hunk.filter { $0.kind != .added }.count
            let newCount = hunk.filter { $0.kind != .removed }.count
            out += "@@ -\(oldStart + (oldCount > 0 ? 1 : 0)),\(oldCount) +\(newStart + (newCount > 0 ? 1 : 0)),\(newCount) @@\n"
            for edit in hunk {
                switch edit.kind {
                case .same: out += " " + edit.text + "\n"
                case .removed: out += "-" + edit.text + "\n"
                case .added: out += "+" + edit.text + "\n"
                }
            }
            index = end
        }
        return out
    }

    struct Edit {
        enum Kind { case same, removed, added }
        var kind: Kind
        var text: String
        /// Lines of each side before this one.
        var oldLine: Int
        var newLine: Int
    }

    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The shortest edit script by the longest common subsequence (transcripts are a few hundred lines).
    static func script(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count
        let m = b.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                edits.append(Edit(kind: .same, text: a[i], oldLine: i, newLine: j))
                i += 1
                j += 1
            } else if j < m, i == n || table[i][j + 1] > table[i + 1][j] {
                edits.append(Edit(kind: .added, text: b[j], oldLine: i, newLine: j))
                j += 1
            } else {
                edits.append(Edit(kind: .removed, text: a[i], oldLine: i, newLine: j))
                i += 1
            }
        }
        return edits
    }
}
