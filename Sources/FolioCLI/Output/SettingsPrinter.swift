import FolioCore

/// `config list`: every setting with its value (— when unset), aligned; or a JSON object of them.
enum SettingsPrinter {
    static func print(_ rows: [(key: String, value: String?)], json: Bool) {
        if json { return Console.out(JSONWriter.render(.object(rows.map { ($0.key, $0.value.map(JSONWriter.JSON.string) ?? .null) }))) }
        let width = rows.map(\.key.count).max() ?? 10
        Console.out(rows.map { $0.key.oneLine.padded(to: width) + "  " + ($0.value?.oneLine ?? "—") }.joined(separator: "\n"))
    }
}
