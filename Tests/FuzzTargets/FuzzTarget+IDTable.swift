import FolioStore

extension FuzzTarget {
    /// The id table reader (`.folio/local/cache/ids`) on any bytes, looked up with references cut
    /// from the input itself and with fixed ones.
    ///
    /// Promises: no crash or runaway read whatever counts and offsets claim; every answer is a
    /// plain record path inside the vault; a table folio writes answers each of its ids with its path.
    static let idTable = FuzzTarget(
        name: "id-table",
        summary: "IDTable.path(for:in:): answers are record paths; a written table finds each id",
        generatedSeeds: { [IDTableFuzzing.table(IDTableSeeds.rows)] }
    ) { bytes throws(InvariantFailure) in
        var references: [[UInt8]] = ["5b0c", "5b0c7e2a-0000-4000-8000-000000000001", "abcd", "f"].map { Array($0.utf8) }
        if bytes.count > 8 { references.append(Array(bytes.suffix(Int(bytes[0] % 40) + 1))) }
        for reference in references {
            if let path = IDTableFuzzing.path(for: reference, in: bytes) {
                try expect(IDTableFuzzing.isRecordPath(path), "answered a path no record can have: \(excerpt(path))")
            }
        }
        // Folio's own writer, fed rows made from the input, must find each id it wrote.
        let text = String(decoding: bytes.prefix(512), as: UTF8.self)
        let rows = text.split(separator: "\n").prefix(16).enumerated().map { i, line in
            (id: String(line.prefix(40)), path: "ideas/\(i)-\(line.filter { $0.isLetter || $0.isNumber }.prefix(20)).md")
        }.filter { !$0.id.isEmpty && IDTableFuzzing.isRecordPath($0.path) }
        let table = IDTableFuzzing.table(rows)
        for row in rows where rows.filter({ $0.id.utf8.starts(with: row.id.utf8) }).count == 1 {
            let found = IDTableFuzzing.path(for: Array(row.id.utf8), in: table)
            try expect(
                found == row.path,
                "the written table gives \(found.map { excerpt($0) } ?? "nothing") for \(excerpt(row.id)), not \(row.path)")
        }
    }
}

enum IDTableSeeds {
    static let rows: [(id: String, path: String)] = [
        ("5b0c7e2a-0000-4000-8000-000000000001", "ideas/2026/11/a.md"),
        ("5b0c7e2a-0000-4000-8000-000000000002", "diary/2026/11/b.md"),
        ("abcd", "qa/short.md"), ("abcd-1", "qa/longer.md"),
    ]
}
