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
        }
    }
}
