import ArgumentParser
import FolioCore
import FolioStore
import Foundation

/// `folio stats`: counts per kind, per month and per tag, and the sum, average, minimum and
/// maximum of record fields (key paths as ``FieldPath`` reads them), computed from the files on
/// every run, never stored (``StatsReport``).
///
/// With a KIND and neither `--sum` nor `--avg`, every numeric key and list length found in that
/// kind's records is reported, and every key the kind lists `values:` for (the magic 8 ball's
/// `answer_type`) is counted per value, overall and per month; `--count KEY` counts any key.
/// `--by day|week|month|year` repeats the counts, fields and rates per period (weeks are ISO 8601:
/// `2026-W47`, starting on Monday), `--by KEY` per value of a key (`--by course`). A kind's
/// computed values (a sleep's `duration_minutes`) count as keys of its records.
struct Stats: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "stats",
            abstract: bilingual(
                "Count records by kind, month and tag, and sum, average, minimum and maximum of their fields.",
                "依類型、月份和標籤統計紀錄，並算出欄位的總和、平均、最小和最大值。"),
            discussion: bilingual(
                """
                Key paths: `duration_minutes` (a key), `context.temperature` (into maps), `shots.count` (the length
                of the list `shots`), `shots.power` or `power` (the key of every map in a list, over all items).
                What a kind computes (a sleep's `duration_minutes`, a player's `level`, a training's `success_rate`)
                counts as a key too. On a terminal, each row of --by gets a bar beside its numbers.
                Examples:
                  folio stats
                  folio stats sleep --sum duration_minutes --by day
                  folio stats training --rate shots.result=made --by course
                  folio stats training
                  folio stats training --sum shots.count --rate shots.result=made --by month
                  folio stats training --avg duration_minutes --json | jq '.fields'
                """,
                """
                欄位路徑：`duration_minutes`（一個欄位）、`context.temperature`（進到對照表裡）、`shots.count`（清單
                `shots` 的長度）、`shots.power` 或 `power`（清單裡每個對照表的這個欄位，所有項目一起算）。類型算出來的值（例如睡眠的
                `duration_minutes`、球員的 `level`、練球的 `success_rate`）也可以當欄位。在終端機上，每一列旁邊會畫一條長條。
                例如：
                  folio stats
                  folio stats sleep --sum duration_minutes --by day
                  folio stats training --rate shots.result=made --by course
                  folio stats training --sum shots.count --rate shots.result=made --by month
                  folio stats training --avg duration_minutes --json | jq '.fields'
                """))
    }

    @Argument(
        help: bilingual(
            "Only records of this kind (the profile is counted only when named); the same as --kind.", "只統計這個類型的紀錄（指名時才算主人資料）；和 --kind 相同。"),
        completion: .custom(Completions.kinds)) var positionalKind: String?
    @OptionGroup var filters: FilterOptions
    @Option(name: .customLong("sum"), help: bilingual("A key path to total (repeatable).", "要加總的欄位路徑（可重複）。")) var sums: [String] = []
    @Option(name: .customLong("avg"), help: bilingual("A key path to average (repeatable).", "要平均的欄位路徑（可重複）。")) var averages: [String] = []
    @Option(
        name: .customLong("rate"),
        help: bilingual("KEY=VALUE: the share of values at KEY equal to VALUE (repeatable).", "鍵=值：鍵的值等於這個值的比例（可重複）。"))
    var rates: [String] = []
    @Option(
        name: .customLong("count"),
        help: bilingual(
            "A key whose values to count, e.g. answer_type (repeatable; default: the kind's keys with listed values).",
            "要統計各個值出現次數的欄位，例如 `answer_type`（可重複；預設是類型裡有列出可用值的欄位）。"))
    var counts: [String] = []
    @Option(
        help: bilingual(
            "Repeat the figures per day, week (ISO), month or year, or per value of a key (`--by course`).",
            "依日、週（ISO）、月或年分別列出數字，或依某個欄位的值分組（`--by course`）。")) var by: StatsGrouping?
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func validate() throws {
        _ = try filters.filter(positionalKind: positionalKind)
        for key in sums + averages + counts where !FieldPath.isValid(key) {
            throw ValidationError(Message.usage(.notAKeyPath(key)).text(MessageLanguage.shared.current))
        }
    }

    func run() throws {
        let context = try Context.openForReading(global)
        let filter = try filters.filter(positionalKind: positionalKind)
        // The records first, so what the catalog warns of comes before a --rate refused.
        let selection = try context.select(filter)
        let request = try request(kind: filter.kind)
        let report = try context.vault.statistics(request, of: selection)
        // A key no chosen record holds is most likely a mistyped period (`--by fortnight`), not an empty table.
        if case .key(let key)? = by, report.periods.isEmpty {
            throw ValidationError(
                Message.usage(.unknownGrouping(text: key, periods: [StatsPeriod.day, .week, .month, .year].map(\.rawValue))).text(
                    MessageLanguage.shared.current))
        }
        for key in report.unvalued { context.warn(FolioError(.statsNoValues(key))) }
        StatsPrinter(report, request: request, kind: filter.kind.flatMap { context.vault.kindNamed($0) }, kinds: context.vault.kinds).print(
            json: output.json, context: context)
    }

    /// The figures asked for; a `--rate` that is not KEY=VALUE with a key path is refused.
    private func request(kind: String?) throws(FolioError) -> StatsRequest {
        let rates = try rates.map { text throws(FolioError) in
            let (key, value) = try keyValue(text)
            guard FieldPath.isValid(key) else { throw FolioError(.fieldNeedsKeyValue(text)) }
            return (key: key, value: value)
        }
        return StatsRequest(kind: kind, sums: sums, averages: averages, rates: rates, counts: counts, by: by)
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print JSON: {total, by_kind, by_month, by_tag, fields, rates[, by, by_period | by_value]}.",
                "輸出 JSON：`{total, by_kind, by_month, by_tag, fields, rates[, by, by_period | by_value]}`。")
        }
    }
}

extension StatsGrouping: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}
