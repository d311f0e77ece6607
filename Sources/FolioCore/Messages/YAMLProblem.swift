/// What libyaml says is wrong with a front matter, in the user's language.
///
/// libyaml's words are English (`while parsing a flow sequence, did not find expected ',' or ']'`);
/// the zh-Hant message says the same in Chinese, part by part. A part libyaml words otherwise
/// (a newer version) is said in general words, never quoted: the file, line and column beside the
/// message show where.
enum YAMLProblem {
    static func zhHant(_ problem: String) -> String {
        let parts = problem.components(separatedBy: ", ").map { $0.trimmingCharacters(in: .whitespaces) }
        var said: [String] = []
        for part in parts {
            let words = words(for: part)
            if !said.contains(words) { said.append(words) }
        }
        return said.joined(separator: "，")
    }

    private static func words(for part: String) -> String {
        if let context = contexts[part] { return "讀\(context)時" }
        if let problem = problems[part] { return problem }
        for (words, prefix) in prefixes where part.hasPrefix(prefix) { return words }
        return "寫法不對"
    }

    /// `while parsing …` and `while scanning …`: what libyaml was reading.
    private static let contexts: [String: String] = [
        "while parsing a block mapping": "「鍵: 值」區塊",
        "while parsing a block collection": "區塊",
        "while parsing a block node": "區塊裡的值",
        "while parsing a flow mapping": "大括號 { } 裡的「鍵: 值」",
        "while parsing a flow sequence": "中括號 [ ] 裡的清單",
        "while parsing a flow node": "括號裡的值",
        "while parsing a node": "值",
        "while parsing a quoted scalar": "引號裡的文字",
        "while parsing a tag": "標記（!）",
        "while parsing a tag directive": "%TAG 指令",
        "while parsing a %TAG directive": "%TAG 指令",
        "while scanning a simple key": "鍵",
        "while scanning a plain scalar": "沒有引號的文字",
        "while scanning a quoted scalar": "引號裡的文字",
        "while scanning a block scalar": "多行文字（| 或 >）",
        "while scanning an alias": "別名（*）",
        "while scanning an anchor": "錨點（&）",
        "while scanning a tag": "標記（!）",
        "while scanning a directive": "指令（%）",
        "while scanning a %YAML directive": "%YAML 指令",
        "while scanning a %TAG directive": "%TAG 指令",
        "while scanning a tag directive": "%TAG 指令",
        "while scanning for the next token": "下一個符號",
    ]

    private static let problems: [String: String] = [
        "mapping values are not allowed in this context": "這裡不能再出現「:」（值裡有冒號時，整個值請加上引號）",
        "mapping keys are not allowed in this context": "這裡不能出現鍵",
        "block sequence entries are not allowed in this context": "這裡不能出現以「- 」開頭的清單項目",
        "could not find expected ':'": "找不到鍵後面的「:」",
        "did not find expected key": "找不到應有的鍵（縮排可能不一致）",
        "did not find expected node content": "找不到應有的值",
        "did not find expected ',' or ']'": "找不到應有的「,」或「]」",
        "did not find expected ',' or '}'": "找不到應有的「,」或「}」",
        "did not find expected '-' indicator": "找不到應有的「- 」",
        "did not find expected <document start>": "找不到文件開頭的「---」",
        "did not find expected comment or line break": "這一行後面多了東西",
        "did not find expected whitespace or line break": "這裡應該是空白或換行",
        "did not find expected whitespace": "這裡應該是空白",
        "did not find expected alphabetic or numeric character": "這裡應該是英文字母或數字",
        "did not find expected tag URI": "標記（!）寫法不對",
        "did not find expected '!'": "標記（!）寫法不對",
        "did not find the expected '>'": "標記少了「>」",
        "found character that cannot start any token": "有個字元不能放在這裡（例如 @ 或 ` 開頭的值請加上引號）",
        "found unexpected end of stream": "內容在中途結束（可能少了結尾的引號或括號）",
        "found unexpected ':'": "有個多出來的「:」",
        "found unexpected document indicator": "中間出現了「---」或「...」",
        "found a tab character that violates indentation": "縮排用了定位字元（請改用空白）",
        "found a tab character where an indentation space is expected": "縮排用了定位字元（請改用空白）",
        "found unknown escape character": "引號裡有不認得的跳脫字元（\\）",
        "found undefined tag handle": "標記（!）沒有定義",
        "found undefined alias": "別名（*）沒有定義",
        "found an indentation indicator equal to 0": "多行文字的縮排數字不能是 0",
        "found unexpected non-alphabetical character": "這裡應該是英文字母",
        "control characters are not allowed": "有不能出現的控制字元",
        "invalid leading UTF-8 octet": "有不是 UTF-8 的位元組",
        "invalid trailing UTF-8 octet": "有不是 UTF-8 的位元組",
        "incomplete UTF-8 octet sequence": "有不完整的 UTF-8 字元",
        "invalid length of a UTF-8 sequence": "有不是 UTF-8 的位元組",
        "invalid Unicode character": "有不能使用的 Unicode 字元",
        "found invalid Unicode character escape code": "引號裡的 Unicode 跳脫碼不對",
        "input is too long": "內容太長",
    ]

    /// Problems libyaml words with details after them.
    private static let prefixes: [(words: String, prefix: String)] = [
        ("同一個錨點（&）出現了兩次", "found duplicate anchor"),
        ("同一個指令（%）出現了兩次", "found duplicate %"),
        ("YAML 版本不相容", "found incompatible YAML document"),
        ("不認得的指令（%）", "found unknown directive name"),
        ("少了應有的符號", "did not find expected"),
        ("有個不該出現在這裡的符號", "found "),
    ]
}
