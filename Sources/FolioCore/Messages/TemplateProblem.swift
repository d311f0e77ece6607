/// What is wrong with a kind's template file, said in the user's language.
public enum TemplateProblem: Sendable, Equatable {
    case badKindName(String)
    case directoryOutside
    case badDeleteRule(String)
    case fieldsNotAMap
    case badSetWhen(field: String, flag: String)
    case badExtraKeys(String)
    case badDateKey(String)
    case unknownType(key: String, type: String, known: [String])
    case badFieldDeclaration(String)
    /// Mustache's own words for the problem (a technical detail, kept as it says it).
    case mustache(String)
    case includesFile(String)
    /// Sections nested deeper than ``Kind/maxSectionDepth``.
    case sectionsTooDeep(limit: Int)
    /// A template file larger than ``Kind/maxTemplateBytes``.
    case tooLarge(bytes: Int, limit: Int)
    /// A body (after the front matter) larger than ``Kind/maxBodyBytes``.
    case bodyTooLarge(bytes: Int, limit: Int)
    /// A body holding the opening delimiter's first character (`character`) more than
    /// ``Kind/maxDelimiterStarts`` times.
    case tooManyDelimiterStarts(character: String, count: Int, limit: Int)
    /// `values:` is neither a list nor a map of values to labels.
    case badValues(String)
    /// A `label:` that is neither a text nor `{zh-Hant: …, en: …}` (of the kind, a key or a value).
    case badLabel(key: String?, value: String?)
    /// One label names two values of a key.
    case labelClash(key: String, label: String, values: [String])
    /// A `computed:` entry folio cannot read (or named like a declared key).
    case badComputed(name: String?)
    /// The chart at this position of `charts:` (1-based) folio cannot read.
    case badChart(Int?)

    public var pair: (String, String) {
        switch self {
        case .badKindName(let name):
            ("類型名稱「\(name)」只能有字母、數字和連字號", "the kind name '\(name)' must be letters, digits and dashes")
        case .directoryOutside:
            ("dir 必須是資料庫裡的資料夾", "'dir' must be a folder inside the vault")
        case .badDeleteRule(let rule):
            ("on_parent_delete 只能是 cascade、keep 或 refuse，不能是「\(rule)」", "'on_parent_delete' must be cascade, keep or refuse, not '\(rule)'")
        case .fieldsNotAMap:
            ("fields 必須把每個欄位對應到它的類型", "'fields' must map each key to its type")
        case .badSetWhen(let field, let flag):
            (
                "「\(field)」的 set_when 必須是這個類型的 true/false 欄位，不能是「\(flag)」",
                "'set_when' of '\(field)' must name a true/false key of the kind, not '\(flag)'"
            )
        case .badExtraKeys(let value):
            ("extra_keys 只能是 allow 或 refuse，不能是「\(value)」", "'extra_keys' must be allow or refuse, not '\(value)'")
        case .badDateKey(let key):
            ("date_key 必須是這個類型的日期或日期時間欄位，不能是「\(key)」", "'date_key' must name a date or datetime key of the kind, not '\(key)'")
        case .unknownType(let key, let type, let known):
            (
                "「\(key)」的類型「\(type)」不存在；可用：\(known.joined(separator: "、"))",
                "unknown type '\(type)' for '\(key)'; use one of \(known.joined(separator: ", "))"
            )
        case .badFieldDeclaration(let key):
            ("「\(key)」必須是類型名稱或 {type: …}", "'\(key)' must be a type name or {type: …}")
        case .mustache(let detail):
            ("Mustache 語法錯誤（\(detail)）", "Mustache: \(detail)")
        case .includesFile(let name):
            (
                "「\(name)」會從另一個範本檔讀入內容；folio 的範本不能引入檔案",
                "'\(name)' would be read from another template file; a folio template cannot include files"
            )
        case .sectionsTooDeep(let limit):
            (
                "範本的區段（{{#…}}）巢狀超過 \(limit) 層，folio 不讀這個範本",
                "the template nests sections ({{#…}}) more than \(limit) deep; folio does not read it"
            )
        case .tooLarge(let bytes, let limit):
            (
                "範本有 \(bytes) 位元組，超過上限 \(limit)，folio 不讀它",
                "the template is \(bytes) bytes, over the limit of \(limit); folio does not read it"
            )
        case .bodyTooLarge(let bytes, let limit):
            (
                "範本的內文（front matter 之後）有 \(bytes) 位元組，超過上限 \(limit)，folio 不讀它",
                "the template's body (after its front matter) is \(bytes) bytes, over the limit of \(limit); folio does not read it"
            )
        case .tooManyDelimiterStarts(let character, let count, let limit):
            (
                "範本的內文有 \(count) 個「\(character)」，超過上限 \(limit)：範本程式庫每遇到一個就把其後的內文重看一遍，folio 不讀這個範本",
                "the template's body holds '\(character)' \(count) times, over the limit of \(limit): the template library reads the rest of the body again at each one, so folio does not read it"
            )
        case .badValues(let key):
            ("「\(key)」的 values 必須是值的清單，或把每個值對應到它的標籤", "'values' of '\(key)' must be a list of values, or map each value to its label")
        case .badLabel(let key, let value):
            switch (key, value) {
            case (let key?, let value?):
                (
                    "「\(key)」的值「\(value)」的標籤必須是文字或 `{zh-Hant: …, en: …}`",
                    "the label of '\(value)' of '\(key)' must be text or {zh-Hant: …, en: …}"
                )
            case (let key?, nil):
                ("「\(key)」的 label 必須是文字或 `{zh-Hant: …, en: …}`", "'label' of '\(key)' must be text or {zh-Hant: …, en: …}")
            default:
                ("類型的 label 必須是文字或 `{zh-Hant: …, en: …}`", "the kind's 'label' must be text or {zh-Hant: …, en: …}")
            }
        case .labelClash(let key, let label, let values):
            (
                "「\(key)」的標籤「\(label)」同時指到 \(values.joined(separator: " 和 "))；一個標籤只能代表一個值",
                "the label '\(label)' of '\(key)' names both \(values.joined(separator: " and ")); a label must name one value"
            )
        case .badComputed(let name):
            (
                "computed 的「\(name ?? "")」必須是 `{minutes: [開始, 結束]}`、`{level: {of: 鍵, thresholds: [...]}}`、`{share: {of: 鍵, equals: 值}}`、`{ratio: [鍵, 鍵]}` 或 `{sum: [鍵]}`，名稱不能和欄位相同",
                "computed '\(name ?? "")' must be {minutes: [from, to]}, {level: {of: KEY, thresholds: [...]}}, {share: {of: KEY, equals: VALUE}}, {ratio: [KEY, KEY]} or {sum: [KEYS]}, named unlike any key"
            )
        case .badChart(let number):
            (
                "charts 的第 \(number ?? 1) 個圖表必須是 `{bars: 鍵, by: day|week|month, last: 天數}`、`{lines: 鍵, series: 鍵}` 或 `{counts: 鍵}`",
                "chart \(number ?? 1) of 'charts' must be {bars: KEY, by: day|week|month, last: N}, {lines: KEY, series: KEY} or {counts: KEY}"
            )
        }
    }
}
