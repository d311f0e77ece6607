import Foundation

/// What a filter looks at: a summary, or a catalog row that decodes only what is asked.
public protocol FilterableRecord {
    var kind: String? { get }
    /// Whether the record carries `tag`, front matter or inline, compared without case.
    func hasTag(_ tag: String) -> Bool
    var sortTime: Timestamp? { get }
    var completion: RecordSummary.Completion { get }
    /// The id of the record's parent, for a child kind.
    var parent: String? { get }
}

extension RecordSummary: FilterableRecord {}

/// Which records a listing, a count or a bulk command takes: the one meaning of `--kind`, `--tag`,
/// `--since`, `--until`, `--on`, `--on-this-day`, `--open` and `--done` for every command.
public struct RecordFilter: Sendable, Equatable {
    /// Only this kind; without one, every kind but the owner's profile.
    public var kind: String?
    /// Every tag must be carried (front matter or inline, compared without case).
    public var tags: [String] = []
    public var since: DateBound?
    public var until: DateBound?
    /// A day, `YYYY-MM-DD`.
    public var on: String?
    /// Today's month and day in earlier years (on 28 February of a common year, 29 February too).
    public var onThisDay = false
    /// Only open (`false`) or only done (`true`) to-dos.
    public var done: Bool?
    /// Only the children of this record: its id (a command resolves the user's reference first).
    public var parent: String?

    public init(
        kind: String? = nil, tags: [String] = [], since: DateBound? = nil, until: DateBound? = nil,
        on: String? = nil, onThisDay: Bool = false, done: Bool? = nil, parent: String? = nil
    ) {
        self.kind = kind
        self.tags = tags
        self.since = since
        self.until = until
        self.on = on
        self.onThisDay = onThisDay
        self.done = done
        self.parent = parent
    }

    /// Whether a record of kind `recordKind` (nil: none, judged as "") can be taken: of the filter's
    /// kind; without one, of any kind but the owner's profile.
    public func takesKind(_ recordKind: String?) -> Bool {
        let recordKind = recordKind ?? ""
        if let kind { return recordKind == kind }
        return recordKind != "profile"
    }

    /// Whether the filter asks for nothing but a kind (or nothing at all): ``takesKind(_:)`` alone decides.
    public var asksOnlyForKind: Bool {
        tags.isEmpty && since == nil && until == nil && on == nil && !onThisDay && done == nil && parent == nil
    }

    /// Whether `record` is taken, judged at `now` in `zone` (ages such as `30d` count back from now).
    public func matches(_ record: some FilterableRecord, now: Timestamp, zone: TimeZone) -> Bool {
        guard takesKind(record.kind) else { return false }
        if let parent, record.parent != parent { return false }
        for tag in tags where !record.hasTag(tag) { return false }
        if since != nil || until != nil || on != nil || onThisDay {
            guard let time = record.sortTime else { return false }
            if let since, !since.isOnOrAfter(time, now: now, zone: zone) { return false }
            if let until, !until.isOnOrBefore(time, now: now, zone: zone) { return false }
            let day = time.day10
            if let on, day != on { return false }
            if onThisDay, !Self.isSameDayInEarlierYear(day, today: now) { return false }
        }
        if let done {
            guard record.completion != .none else { return false }
            if (record.completion == .done) != done { return false }
        }
        return true
    }

    /// `day` is YYYY-MM-DD: an earlier year, the same -MM-DD (a 29 February counts on 28 February
    /// of a common year).
    static func isSameDayInEarlierYear(_ day: String, today: Timestamp) -> Bool {
        let monthDay = day.dropFirst(4)
        let todayMonthDay = today.day10.dropFirst(4)
        let leapDayShown = todayMonthDay == "-02-28" && !CivilDate.isValid(year: today.year, month: 2, day: 29) && monthDay == "-02-29"
        return day.prefix(4) < today.day10.prefix(4) && (monthDay == todayMonthDay || leapDayShown)
    }
}
