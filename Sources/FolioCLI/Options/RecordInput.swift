import ArgumentParser
import FolioCore
import FolioStore

/// Options shared by the commands that make a record.
struct RecordInput: ParsableArguments {
    @Option(name: [.customShort("t", allowingJoined: true), .long], help: bilingual("The record's title.", "紀錄的標題。")) var title: String?
    @Option(name: .long, help: bilingual("A tag (repeat for more).", "一個標籤（要多個就重複這個選項）。"), completion: .custom(Completions.tags)) var tag:
        [String] = []
    @Option(
        name: .customLong("field"),
        help: bilingual(
            "A key of the kind: KEY=VALUE; a listed value may be typed by its label (repeat for more).",
            "類型的欄位：鍵=值（要多個就重複這個選項）；有列出可用值的欄位，也可以打值的中文標籤。")) var fields: [String] = []
    @Flag(help: bilingual("Take --field keys the kind does not declare (your own keys, on purpose).", "接受這個類型沒有宣告的 --field 欄位（刻意加的自訂欄位）。"))
    var extra = false
    @Option(
        help: bilingual("The parent record, for a child kind (id, prefix, path or slug).", "上層紀錄，給有上層的類型用（id、id 開頭、路徑或 slug）。"),
        completion: .custom(Completions.records)) var parent: String?
    @Option(
        help: bilingual(
            "The date (YYYY-MM-DD, YYYY-MM-DDTHH:MM, yesterday, last friday, 3 days ago) to file the record under, instead of now.",
            "紀錄歸檔的日期（YYYY-MM-DD、YYYY-MM-DDTHH:MM、昨天、上週五、3 天前），取代現在的時間。")) var date: String?
    @Option(help: bilingual("A photo, video or voice note to copy into the vault (repeat for more).", "要複製進資料庫的照片、影片或語音（要多個就重複這個選項）。"))
    var media: [String] = []
    @Flag(help: bilingual("Date the record when its first photo was taken (from the photo's EXIF).", "用第一張照片的拍攝時間當作紀錄的日期（取自照片的 EXIF）。"))
    var dateFromMedia = false
    @OptionGroup var output: OutputFormat<NewRecordJSON>

    /// `--date` as the record takes it: a day said as people say it (``DayPhrase``) is that day;
    /// anything else is the record's to check.
    func when(_ context: Context) -> String? {
        guard let date else { return nil }
        let clock = context.vault.clock
        return DayPhrase.day(date, now: clock.now(), zone: clock.zone) ?? date
    }

    func mediaSources(_ context: Context) -> [MediaSource] {
        media.map { MediaSource(url: context.absoluteURL($0), displayName: $0) }
    }
}
