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
/// `--by month|week|year` repeats the counts, fields and rates per period (weeks are ISO 8601:
/// `2026-W47`, starting on Monday).
struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count records by kind, month and tag, and sum, average, minimum and maximum of their fields.",
        discussion: """
            Key paths: `duration_minutes` (a key), `context.temperature` (into maps), `shots.count` (the length
            of the list `shots`), `shots.power` or `power` (the key of every map in a list, over all items).
            Examples:
              folio stats
              folio stats training
              folio stats training --sum shots.count --rate shots.result=made --by month
              folio stats training --avg duration_minutes --json | jq '.fields'
            """)

    @Argument(
        help: "Only records of this kind (the profile is counted only when named); the same as --kind.",
        completion: .custom(Completions.kinds)) var positionalKind: String?
    @OptionGroup var filters: FilterOptions
    @Option(name: .customLong("sum"), help: "A key path to total (repeatable).") var sums: [String] = []
    @Option(name: .customLong("avg"), help: "A key path to average (repeatable).") var averages: [String] = []
    @Option(name: .customLong("rate"), help: "KEY=VALUE: the share of values at KEY equal to VALUE (repeatable).") var rates: [String] = []
    @Option(
        name: .customLong("count"),
        help: "A key whose values to count, e.g. answer_type (repeatable; default: the kind's keys with listed values).")
    var counts: [String] = []
    @Option(help: "Repeat the figures per month, week (ISO) or year.") var by: StatsPeriod?
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        _ = try filters.filter(positionalKind: positionalKind)
        for key in sums + averages + counts where !FieldPath.isValid(key) {
            throw ValidationError("'\(key)' is not a key path such as duration or shots.count.")
        }
    }

    func run() throws {
        let context = try Context.openForReading(global)
        let filter = try filters.filter(positionalKind: positionalKind)
        // The records first, so what the catalog warns of comes before a --rate refused.
        let selection = try context.select(filter)
        let request = try request(kind: filter.kind)
        let report = context.vault.statistics(request, of: selection)
        for key in report.unvalued { context.warn(FolioError(.statsNoValues(key))) }
        StatsPrinter(report, request: request).print(json: output.json, context: context)
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
        static let help = "Print JSON: {total, by_kind, by_month, by_tag, fields, rates[, by, by_period]}."
    }
}

extension StatsPeriod: ExpressibleByArgument {}
