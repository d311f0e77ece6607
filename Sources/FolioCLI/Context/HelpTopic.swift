/// `folio help TOPIC` for what is not a command: the forms every command shares, in the help's
/// language, found without `make install` or the docs (as `git help revisions`).
enum HelpTopic: String, CaseIterable {
    case dates, query

    /// The topic `arguments` asks for (`help dates`), if they ask for one.
    static func asked(in arguments: [String]) -> HelpTopic? {
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            // The global options before `help` and the value each takes (`--lang en help dates`).
            if ["-C", "--vault", "--lang"].contains(argument) {
                index += 2
                continue
            }
            if !argument.hasPrefix("-") { words.append(argument) }
            index += 1
        }
        guard words.count == 2, words[0] == "help" else { return nil }
        return HelpTopic(rawValue: words[1])
    }

    var text: String {
        switch self {
        case .dates:
            bilingual(
                """
                DAYS AS PEOPLE SAY THEM

                Every option that takes a day (--since, --until, --on, a new record's --date) and
                search's after:, before: and on: read:

                  2026-11-29                       a date (a new record's --date: 2026-11-29T21:30 too)
                  today, yesterday                 今天, 昨天, 前天
                  3 days ago, 2 weeks ago          3 天前, 三天前, 兩個月前
                  last week, last month, last year 上週, 上個月, 去年
                  friday, this monday              週五, 這週一
                  last friday                      上週五

                --since and --until also take an age: 30d, 2w, 6m, 1y.
                Days are seen from today in this computer's time zone; the week starts on Monday.
                A weekday alone is the latest such day up to today; "last friday" the latest Friday
                before today (as jrnl reads it); 上週五 the Friday of last week. What names no day is
                refused, never guessed.
                """,
                """
                日期的說法

                所有接受日期的選項（--since、--until、--on、新紀錄的 --date），以及搜尋的 after:、before:、on: 都讀得懂：

                  2026-11-29                      日期（新紀錄的 --date 也可以加時間：2026-11-29T21:30）
                  今天、昨天、前天                today、yesterday
                  3 天前、三天前、兩個月前        3 days ago、2 weeks ago
                  上週、上個月、去年              last week、last month、last year
                  週五、這週一                    friday、this monday
                  上週五                          last friday

                --since 和 --until 也接受時間長度：30d、2w、6m、1y。
                日期以這台電腦的時區的今天來算；一週從星期一開始。
                只說星期幾是指到今天為止最近的那一天；上週五是上一週的星期五；last friday 是今天以前最近的星期五（和 jrnl 一樣）。
                說不出是哪一天的會被拒絕，不會用猜的。
                """)
        case .query:
            bilingual(
                """
                SEARCH'S QUERY LANGUAGE (folio search, rm --search, MCP's search)

                  rainy day            both words, anywhere in a record (the last one as a prefix)
                  "rainy day"  「淡水夕陽」   the words together, as written
                  淡水夕陽              Chinese typed without spaces is cut into words as a reader would
                  walk OR run          either word
                  -work                without the word
                  tag:walk  -tag:x     with (without) a tag; tag:mood takes mood/good too
                  kind:idea            records of a kind (kind:profile finds the profile)
                  after:2026-01-01     made after a day; before:, on: too (folio help dates)
                  is:open  is:done     ideas not done yet, or done

                Traditional and Simplified Chinese are one, and so are full- and half-width forms;
                Latin words ignore case and accents. Titles and tags rank above the body.
                """,
                """
                搜尋的查詢語法（folio search、rm --search、MCP 的 search）

                  下雨 散步             兩個詞都要有，在紀錄的哪裡都可以（最後一個詞可以只打開頭）
                  「淡水夕陽」 "rainy day"   照打的順序連在一起
                  淡水夕陽              沒有空格的中文會像讀者一樣斷成詞
                  散步 OR 跑步          任一個詞
                  -工作                 不含這個詞
                  tag:散步  -tag:x      有（沒有）這個標籤；tag:心情 也會找到 心情/好
                  kind:idea             某一種紀錄（kind:profile 找個人資料）
                  after:2026-01-01      某天以後寫的；也可以用 before:、on:（見 folio help dates）
                  is:open  is:done      還沒完成的想法，或已完成的

                繁體和簡體視為相同，全形和半形也是；英文字不分大小寫和重音。標題和標籤的排名比內文高。
                """)
        }
    }
}
