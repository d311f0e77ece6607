import FolioCore
import Foundation
import Testing

/// Every message folio shows in zh-Hant is Chinese but for names, values and technical words.
///
/// The catalog is the source of `Sources/FolioCore/Messages/`: each `("zh-Hant", "English")` pair's
/// Chinese text is read with its interpolations (values), code spans, option and command names,
/// setting keys, paths and quoted names taken out; any Latin word left must be a technical word.
/// And no message anywhere in `Sources/` is made with an English sentence as its detail, which
/// would show untranslated inside the Chinese text.
@Suite("The zh-Hant message catalog")
struct MessageCatalogTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Words a Chinese reader sees in English on purpose: names of programs, formats, keys and
    /// settings that are typed as they are, and the keys of a terminal.
    static let technicalWords: Set<String> = [
        "folio", "git", "front", "matter", "YAML", "UTF-8", "SSH", "ssh-agent", "HTTP", "HTTPS", "http", "https", "API", "Windows",
        "GitHub", "builtin", "Enter", "Ctrl-C", "Ctrl-D", "slug", "id", "clone", "revoked", "Mustache", "NUL", "diary", "media",
        "true", "false", "female", "male", "other", "refuse", "cascade", "keep", "allow", "dir", "on_parent_delete", "set_when",
        "extra_keys", "date_key", "fields", "type", "Lv", "duration", "known_hosts", "commit", "rm", "list", "show", "save", "cancel",
        "ai", "key", "name", "Markdown", "JSON", "URL", "ffmpeg", "EXIF", "GPS", "HEIC", "UTC", "ai_key", "allow-secret", "md",
        "check", "sha256", "zip", "unzip", "Debian", "sudo", "apt-get", "install", "mine", "theirs", "both",
        "git-crypt", "libgit2", "gitattributes", "gitignore", "macOS", "Unicode", "init", "unlock", "export-key", "GiB", "MiB", "KiB",
        "Git", "docs", "OpenSSL", "Ollama",
        "localhost", "git_tokens",
        // Keys of a kind's template, typed as they are.
        "values", "label", "computed", "charts",
    ]

    /// The first string of each `(`"…", "…"`)` pair in `text`: the zh-Hant side of a message.
    static func chineseTexts(in text: String) -> [String] {
        var found: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "(" else {
                index += 1
                continue
            }
            var start = index + 1
            while start < scalars.count, scalars[start] == " " || scalars[start] == "\n" { start += 1 }
            guard start < scalars.count, scalars[start] == "\"", let (literal, end) = literal(scalars, from: start) else {
                index += 1
                continue
            }
            if literal.unicodeScalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) }) { found.append(literal) }
            index = end
        }
        return found
    }

    /// The string literal opening at `start` with its interpolations blanked out, and where it ends.
    static func literal(_ scalars: [Unicode.Scalar], from start: Int) -> (String, Int)? {
        var out = String.UnicodeScalarView()
        var index = start + 1
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" { return (String(out), index + 1) }
            if scalar == "\\", index + 1 < scalars.count {
                if scalars[index + 1] == "(" {
                    // An interpolation is a value: skip to its closing parenthesis, strings inside included.
                    var depth = 0
                    var inString = false
                    index += 1
                    while index < scalars.count {
                        let c = scalars[index]
                        if inString {
                            if c == "\\" { index += 1 } else if c == "\"" { inString = false }
                        } else if c == "\"" {
                            inString = true
                        } else if c == "(" {
                            depth += 1
                        } else if c == ")" {
                            depth -= 1
                            if depth == 0 { break }
                        }
                        index += 1
                    }
                    out.append(" ")
                    index += 1
                    continue
                }
                index += 2
                out.append(" ")
                continue
            }
            if scalar == "\n" { return nil }
            out.append(scalar)
            index += 1
        }
        return nil
    }

    /// The Latin words of a zh-Hant text that are neither a technical word nor a name.
    static func englishWords(in text: String) -> [String] {
        var rest = text
        let patterns = [
            "`[^`]*`", "「[^」]*」", "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.+-]*", "\\[[^\\]]*\\]", "--[A-Za-z][A-Za-z0-9-]*", "folio [a-z]+",
            "git [a-z]+", "\\$[A-Z_]+", "[~.A-Za-z0-9_-]*/[A-Za-z0-9_./~-]*",
            "[A-Za-z0-9_-]+\\.[A-Za-z0-9_.-]+", "\\b[A-Z][A-Z0-9_]+\\b", "/[a-z]+", "@[a-z]+", "YYYY[-MDTHS:\\[\\]±]*", "\\*[a-z]+",
            "&[a-z]+",
        ]
        for pattern in patterns {
            rest = rest.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        var words: [String] = []
        var current = ""
        for character in rest + " " {
            if character.isASCII
                && (character.isLetter || character == "-" || character == "_" || character == "'"
                    || (character.isNumber && !current.isEmpty))
            {
                current.append(character)
            } else {
                let word = current.trimmingCharacters(in: CharacterSet(charactersIn: "-_'"))
                if word.count >= 2, word.contains(where: \.isLetter), !technicalWords.contains(word) { words.append(word) }
                current = ""
            }
        }
        return words
    }

    static func swiftFiles(under folder: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test("every zh-Hant message is Chinese but for names, values and technical words")
    func chineseThroughout() throws {
        let files = Self.swiftFiles(under: Self.sources.appendingPathComponent("FolioCore/Messages"))
        #expect(files.count >= 10, "the catalog is where this test looks for it")
        var texts = 0
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for text in Self.chineseTexts(in: source) {
                texts += 1
                let english = Self.englishWords(in: text)
                #expect(english.isEmpty, "\(file.lastPathComponent): English \(english) in 「\(text)」")
            }
        }
        #expect(texts > 250, "found only \(texts) zh-Hant texts: the scan lost its way")
    }

    @Test("the scan sees what it must: an English phrase in a Chinese message fails it")
    func scanCatchesEnglish() {
        #expect(Self.englishWords(in: "「quality」必須是 a whole number") == ["whole", "number"])
        #expect(Self.englishWords(in: "寫入失敗：the file changed on disk") == ["the", "file", "changed", "on", "disk"])
        #expect(Self.englishWords(in: "用 `folio config set ai.model x` 設定 ai.base_url，或 --allow-secret") == [])
        #expect(Self.chineseTexts(in: #"case .x(let a): ("「\(a.joined(separator: "、"))」不對", "bad")"#) == ["「 」不對"])
    }

    @Test("no message is made with an English sentence as its detail")
    func noEnglishDetails() throws {
        let made = try NSRegularExpression(pattern: #"FolioError\(\s*\.[A-Za-z]+\(\s*(?:[a-z]+: )?"([A-Za-z]+ [a-z]+ [a-z][^"]*)""#)
        for file in Self.swiftFiles(under: Self.sources) {
            let source = try String(contentsOf: file, encoding: .utf8)
            for match in made.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
                let text = Range(match.range(at: 1), in: source).map { String(source[$0]) } ?? ""
                Issue.record("\(file.lastPathComponent): a message detail in English: \"\(text)\"")
            }
        }
    }

    @Test("a setting's expected value is set apart from the Chinese words before it, whatever its kind")
    func expectedValuesSpaced() {
        let kinds: [SettingExpectation] = [
            .text, .oneOf(["daily", "weekly"]), .bool, .wholeNumber(from: 1, to: 10), .wholeNumber(from: 0, to: nil),
            .wholeNumberUpTo("18446744073709551615"), .list, .listOf(["summary", "chat"]), .oneOfOrDays(["never"]),
        ]
        for kind in kinds {
            for message in [
                Message.badSettingValue(key: "ai.timeout", expected: kind, value: "x"),
                Message.badSettingValue(key: "ai.timeout", expected: kind, value: nil),
            ] {
                let text = Array(message.text(.zhHant).unicodeScalars)
                for (before, after) in zip(text, text.dropFirst())
                where before.properties.isIdeographic && after.isASCII && (after.properties.isAlphabetic || ("0"..."9").contains(after)) {
                    Issue.record("\(String(String.UnicodeScalarView(text))): \(before)\(after)")
                }
            }
        }
    }

    @Test("what a tool's argument must be is said in the vault's language, never an English phrase inside the Chinese")
    func argumentShapes() {
        let shapes: [ArgumentShape] = [
            .text, .wholeNumber, .trueOrFalse, .texts(atMost: 100), .keys(atMost: 100), .textsWithoutCommas, .month, .day, .dayOrAge,
            .oneOf(["open", "done"]),
        ]
        for shape in shapes {
            let words = Self.englishWords(in: shape.pair.0).filter { !Self.technicalWords.contains($0) && !["open", "done"].contains($0) }
            #expect(words.isEmpty, "\(shape.pair.0): \(words)")
        }
        #expect(ArgumentShape.oneOf(["recent", "count", "name"]).pair.1 == "recent, count or name")
    }
}
