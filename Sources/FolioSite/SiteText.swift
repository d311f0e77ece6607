import FolioCore

/// The words of the site's pages, in zh-Hant and English (the companion diary's wording where it
/// has one: 全部, 找不到符合的日記, 這個分類還沒有日記, 媒體無法播放).
enum SiteText {
    case all, searchPlaceholder, noMatch, emptyTile, noRecords, mediaUnplayable, chosenDay, showAll
    case more, moreTags, allTags, chosenTag
    case onThisDay, calendar, previous, next, parent, children, conversation, fields, tags
    case back, me, yearsAgo, records, weekdays
    case monthTitle(Int, Int)
    case yearTitle(Int)
    case siteTitle
    case untitled, kindLabel
    case charts
    case details, place, time, weather, answer, question, close, kinds, otherKind
    case recordID, createdAt, modifiedAt, file, yes, no
    case photoNumber(Int, Int)
    case spokenDay(year: Int, month: Int, day: Int, weekday: Int)
    case spokenClock(hour: Int, minute: Int)

    init(yes: Bool) { self = yes ? .yes : .no }

    func text(_ language: Language) -> String {
        let (zh, en) = pair
        return language == .zhHant ? zh : en
    }

    var pair: (String, String) {
        switch self {
        case .all: ("全部", "All")
        case .chosenDay: ("只顯示這一天：", "Showing one day: ")
        case .showAll: ("顯示全部", "Show all")
        case .more: ("更多", "More")
        case .moreTags: ("更多標籤", "More tags")
        case .allTags: ("所有標籤", "All tags")
        case .chosenTag: ("只顯示這個標籤：", "Showing one tag: ")
        case .searchPlaceholder: ("搜尋這個分類的日記", "Search this tile")
        case .noMatch: ("找不到符合的日記", "No matching records")
        case .emptyTile: ("這個分類還沒有日記", "No records here yet")
        case .noRecords: ("目前還沒有日記", "No records yet")
        case .mediaUnplayable: ("媒體無法播放", "This media cannot be played")
        case .onThisDay: ("那年今日", "On this day")
        case .calendar: ("月曆", "Calendar")
        case .previous: ("← 上一篇", "← Previous")
        case .next: ("下一篇 →", "Next →")
        case .parent: ("屬於", "Belongs to")
        case .children: ("底下的紀錄", "Records under it")
        case .conversation: ("聊天紀錄", "Conversation")
        case .fields: ("欄位", "Fields")
        case .tags: ("標籤", "Tags")
        case .back: ("回到列表", "Back to the list")
        case .me: ("我", "me")
        case .yearsAgo: ("年前", "years ago")
        case .records: ("筆", "records")
        case .weekdays: ("日 一 二 三 四 五 六", "Sun Mon Tue Wed Thu Fri Sat")
        case .monthTitle(let year, let month): ("\(year) 年 \(month) 月", "\(Self.monthNames[max(0, min(11, month - 1))]) \(year)")
        case .yearTitle(let year): ("\(year) 年", "\(year)")
        case .siteTitle: ("日記", "Journal")
        case .untitled: ("（無標題）", "(untitled)")
        case .kindLabel: ("種類", "Kind")
        case .charts: ("統計圖", "Charts")
        case .details: ("詳細資料", "Details")
        case .place: ("地點", "Place")
        case .time: ("時間", "Time")
        case .weather: ("天氣", "Weather")
        case .answer: ("答案", "Answer")
        case .question: ("問題", "Question")
        case .close: ("關閉", "Close")
        case .kinds: ("分類", "Kinds")
        case .otherKind: ("其他", "Other")
        case .recordID: ("編號", "ID")
        case .createdAt: ("建立時間", "Created")
        case .modifiedAt: ("修改時間", "Modified")
        case .file: ("檔案", "File")
        case .yes: ("是", "yes")
        case .no: ("否", "no")
        case .photoNumber(let number, let total): ("第 \(number) 張，共 \(total) 張", "Photo \(number) of \(total)")
        case .spokenDay(let year, let month, let day, let weekday):
            (
                "\(year) 年 \(month) 月 \(day) 日（星期\(Self.weekdaysZh[max(0, min(6, weekday))])）",
                "\(Self.weekdaysEn[max(0, min(6, weekday))]), \(day) \(Self.monthNames[max(0, min(11, month - 1))]) \(year)"
            )
        case .spokenClock(let hour, let minute):
            (
                Self.partOfDay(hour) + " \(hour % 12 == 0 ? 12 : hour % 12):" + Self.twoDigits(minute),
                "\(hour % 12 == 0 ? 12 : hour % 12):" + Self.twoDigits(minute) + (hour < 12 ? " am" : " pm")
            )
        }
    }

    static let weekdaysZh = ["日", "一", "二", "三", "四", "五", "六"]
    static let weekdaysEn = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The part of the day a clock in Taiwan is read with: 凌晨 6:04 is before dawn, 傍晚 6:04 at dusk.
    static func partOfDay(_ hour: Int) -> String {
        switch hour {
        case ..<5: "凌晨"
        case ..<8: "清晨"
        case ..<11: "上午"
        case ..<13: "中午"
        case ..<17: "下午"
        case ..<19: "傍晚"
        default: "晚上"
        }
    }

    static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(max(0, number))" : String(number) }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]
}
