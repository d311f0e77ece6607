import FolioCore
import FolioSecrets

/// `config list`: every setting with its value (— when unset), aligned; or a JSON object of them.
/// Tokens and URL passwords in values are masked, as everywhere folio prints.
enum SettingsPrinter {
    static func print(_ rows: [(key: String, value: String?)], json: Bool) {
        let rows = rows.map { (key: $0.key, value: $0.value.map(ConfiguredSecrets.redact)) }
        if json { return Console.out(JSONWriter.render(.object(rows.map { ($0.key, $0.value.map(JSONWriter.JSON.string) ?? .null) }))) }
        let width = rows.map(\.key.count).max() ?? 10
        Console.out(rows.map { $0.key.oneLine.padded(to: width) + "  " + ($0.value?.oneLine ?? "—") }.joined(separator: "\n"))
    }
}
