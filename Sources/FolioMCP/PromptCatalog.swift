import FolioCore
import FolioStore
import Foundation
import MCP

/// The prompts `folio mcp` offers a client's menu: requests the owner often makes of an assistant,
/// written out as the steps the tools take, in the vault's language. A prompt only asks; what the
/// assistant reads comes from the read tools, never from the prompt.
enum PromptCatalog {
    static func prompts(_ language: Language) -> [Prompt] {
        let zh = language == .zhHant
        return [
            Prompt(
                name: "summarize_week", title: zh ? "整理這一週" : "Summarise my week",
                description: zh
                    ? "讀一週的日記和紀錄，寫一段短短的整理，附上每筆紀錄的 id。" : "Read a week of the journal and write a short summary, citing each record.",
                arguments: [
                    Prompt.Argument(
                        name: "week", title: zh ? "哪一週" : "Which week",
                        description: zh
                            ? "這一週的任何一天（今天、上週五、2026-11-20），預設今天。"
                            : "Any day of the week (today, last friday, 2026-11-20); today by default.",
                        required: false)
                ]),
            Prompt(
                name: "what_did_i_write", title: zh ? "我寫過什麼" : "What did I write about…",
                description: zh ? "找出日記裡寫到某件事的地方，依時間說給你聽。" : "Find where the journal speaks of something and tell it in order of time.",
                arguments: [
                    Prompt.Argument(
                        name: "topic", title: zh ? "主題" : "Topic",
                        description: zh ? "要找的事、人或地方。" : "The thing, person or place to look for.",
                        required: true)
                ]),
        ]
    }

    /// The messages of prompt `name` with `arguments`; the week's days are worked out here, on the
    /// vault's clock, so the assistant is given dates, not a phrase to guess.
    static func messages(_ name: String, arguments: [String: String], clock: FolioStore.Clock, language: Language) throws(ToolFailure)
        -> [Prompt.Message]
    {
        let zh = language == .zhHant
        switch name {
        case "summarize_week":
            let said = arguments["week"].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            let zone = clock.zone
            guard
                let day = said.isEmpty ? Timestamp(date: clock.now(), zone: zone).day10 : DateBound.day(said, now: clock.now(), zone: zone),
                let (monday, sunday) = week(of: day)
            else { throw .arguments(.wrongArgumentType(name: "week", expected: .day)) }
            let text =
                zh
                ? """
                請整理我 \(monday) 到 \(sunday) 這一週的日記和紀錄：用 list 工具（since: \(monday)、until: \(sunday)，需要的話用 cursor 取完），\
                每筆需要細看的用 show 讀。寫一段短短的整理：發生了什麼、心情、還沒完成的想法。每件事後面附上紀錄的 id 和路徑。只根據讀到的內容，不要猜。
                """
                : """
                Summarise my journal for the week of \(monday) to \(sunday): call list with since \(monday) and until \(sunday) \
                (follow next_cursor to the end), and show for each record you need to read whole. Write a short summary: what \
                happened, how I felt, ideas still open. Cite each record by its id and path after what you take from it. Use only \
                what you read; do not guess.
                """
            return [.user(.text(text: text))]
        case "what_did_i_write":
            let topic = arguments["topic"].map { UserInput.oneLine($0).trimmingCharacters(in: .whitespaces) } ?? ""
            guard !topic.isEmpty, topic.count <= 200 else { throw .arguments(.missingArgument(tool: name, name: "topic")) }
            let text =
                zh
                ? """
                我寫過哪些關於「\(topic)」的事？用 search 工具找（ranking: hybrid），把最相關的幾筆用 show 讀完，\
                依時間先後告訴我寫了什麼，每件事附上日期、紀錄的 id 和路徑。找不到就直說。
                """
                : """
                What did I write about "\(topic)"? Search the journal with the search tool (ranking hybrid), read the best \
                records whole with show, and tell me what I wrote in order of time, each with its date, id and path. If \
                nothing is found, say so.
                """
            return [.user(.text(text: text))]
        default:
            throw .arguments(.unknownTool(name: String(name.prefix(100)), known: prompts(language).map(\.name)))
        }
    }

    /// Monday and Sunday of the week holding `day` (YYYY-MM-DD).
    static func week(of day: String) -> (String, String)? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .gmt
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) else {
            return nil
        }
        let weekday = calendar.component(.weekday, from: date)  // 1 is Sunday
        let back = (weekday + 5) % 7
        guard let monday = calendar.date(byAdding: .day, value: -back, to: date),
            let sunday = calendar.date(byAdding: .day, value: 6, to: monday)
        else { return nil }
        func text(_ date: Date) -> String {
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
        }
        return (text(monday), text(sunday))
    }
}
