import FolioCore

/// The HTML of the served pages' forms (see ``LiveForms``).
enum LiveBlocks {
    static func home(context: SiteContext) -> String { "" }
    static func record(_ record: Record, page: String, context: SiteContext) -> String { "" }
}
