# A bad query exits 1 with the message in the vault's language, naming the column, with the query
# and a caret under it; words in separate arguments are one query; a CJK query counts characters.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio idea 'rain walk' --tag walk
added idea "rain walk": ideas/2026/11/2026-11-22-rain-walk.md
? 0
$ folio search 'rain "cold'
! error: the quote at column 6 of the query is not closed; add the closing quote.
!     rain "cold
!          ^
? 1
$ folio search 'rain "cold' --lang zh-Hant
! 錯誤: 查詢第 6 個字元的引號沒有結束，請補上結尾的引號。
!     rain "cold
!          ^
? 1
$ folio search 'tag:"x'
! error: the quote at column 5 of the query is not closed; add the closing quote.
!     tag:"x
!         ^
? 1
$ folio search 'tag:"x' --lang zh-Hant
! 錯誤: 查詢第 5 個字元的引號沒有結束，請補上結尾的引號。
!     tag:"x
!         ^
? 1
$ folio search 'rain foo:bar'
! error: unknown filter 'foo:' at column 6 of the query. Known filters: tag: kind: on: after: before: is:. To search for the text itself, put it in quotes.
!     rain foo:bar
!          ^
? 1
$ folio search 'rain foo:bar' --lang zh-Hant
! 錯誤: 查詢第 6 個字元：不認識的篩選「foo:」。可用的篩選：tag: kind: on: after: before: is:。要搜尋這段文字本身，請加上引號。
!     rain foo:bar
!          ^
? 1
$ folio search tags:work
! error: unknown filter 'tags:' at column 1 of the query. Known filters: tag: kind: on: after: before: is:. To search for the text itself, put it in quotes.
!     tags:work
!     ^
? 1
$ folio search tags:work --lang zh-Hant
! 錯誤: 查詢第 1 個字元：不認識的篩選「tags:」。可用的篩選：tag: kind: on: after: before: is:。要搜尋這段文字本身，請加上引號。
!     tags:work
!     ^
? 1
$ folio search on:2026-02-30
! error: '2026-02-30' at column 4 of the query is not a date; write a day that exists: YYYY-MM-DD, or yesterday, 3 days ago, last friday (see `folio help dates`).
!     on:2026-02-30
!        ^
? 1
$ folio search on:2026-02-30 --lang zh-Hant
! 錯誤: 查詢第 4 個字元：「2026-02-30」不是日期，請寫存在的日子：YYYY-MM-DD，或昨天、3 天前、上週五（見 `folio help dates`）。
!     on:2026-02-30
!        ^
? 1
$ folio search 'rain after:someday'
! error: 'someday' at column 12 of the query is not a date; write a day that exists: YYYY-MM-DD, or yesterday, 3 days ago, last friday (see `folio help dates`).
!     rain after:someday
!                ^
? 1
$ folio search 'rain after:someday' --lang zh-Hant
! 錯誤: 查詢第 12 個字元：「someday」不是日期，請寫存在的日子：YYYY-MM-DD，或昨天、3 天前、上週五（見 `folio help dates`）。
!     rain after:someday
!                ^
? 1
$ folio search 'before:2026-13-01 雨'
! error: '2026-13-01' at column 8 of the query is not a date; write a day that exists: YYYY-MM-DD, or yesterday, 3 days ago, last friday (see `folio help dates`).
!     before:2026-13-01 雨
!            ^
? 1
$ folio search 'before:2026-13-01 雨' --lang zh-Hant
! 錯誤: 查詢第 8 個字元：「2026-13-01」不是日期，請寫存在的日子：YYYY-MM-DD，或昨天、3 天前、上週五（見 `folio help dates`）。
!     before:2026-13-01 雨
!            ^
? 1
$ folio search 'rain tag:'
! error: the filter 'tag:' at column 6 of the query needs a value.
!     rain tag:
!          ^
? 1
$ folio search 'rain tag:' --lang zh-Hant
! 錯誤: 查詢第 6 個字元：篩選「tag:」後面要有值。
!     rain tag:
!          ^
? 1
$ folio search is:maybe
! error: 'maybe' at column 4 of the query is not a value for 'is:'; use is:done or is:open.
!     is:maybe
!        ^
? 1
$ folio search is:maybe --lang zh-Hant
! 錯誤: 查詢第 4 個字元：「maybe」不是「is:」可用的值，請用 is:done 或 is:open。
!     is:maybe
!        ^
? 1
$ folio search 'rain OR'
! error: the operator at column 6 of the query has no search term: OR needs a term on both sides, and - needs one right after it.
!     rain OR
!          ^
? 1
$ folio search 'rain OR' --lang zh-Hant
! 錯誤: 查詢第 6 個字元的運算子少了搜尋詞：OR 兩邊都要有詞，- 後面要緊接著詞。
!     rain OR
!          ^
? 1
$ folio search 'OR rain'
! error: the operator at column 1 of the query has no search term: OR needs a term on both sides, and - needs one right after it.
!     OR rain
!     ^
? 1
$ folio search 'OR rain' --lang zh-Hant
! 錯誤: 查詢第 1 個字元的運算子少了搜尋詞：OR 兩邊都要有詞，- 後面要緊接著詞。
!     OR rain
!     ^
? 1
$ folio search 'rain -'
! error: the operator at column 6 of the query has no search term: OR needs a term on both sides, and - needs one right after it.
!     rain -
!          ^
? 1
$ folio search 'rain -' --lang zh-Hant
! 錯誤: 查詢第 6 個字元的運算子少了搜尋詞：OR 兩邊都要有詞，- 後面要緊接著詞。
!     rain -
!          ^
? 1
$ folio search '!!!'
! error: nothing to search for: give words or a filter, such as `folio search rain` or `folio search tag:work`.
!     !!!
!     ^
? 1
$ folio search '!!!' --lang zh-Hant
! 錯誤: 沒有要搜尋的內容：請給字詞或篩選，例如 `folio search 下雨` 或 `folio search tag:工作`。
!     !!!
!     ^
? 1

# No query at all, an unknown kind, a query split over arguments, a CJK query.
$ folio search
! error: nothing to search for: give words or a filter, such as `folio search rain` or `folio search tag:work`.
? 1
$ folio search 雨 kind:recipe
! error: unknown kind 'recipe'. Known kinds: diary, idea, note, profile, qa. Define a kind in .folio/templates/recipe.md.
? 1
$ folio search 雨 --kind recipe
! error: unknown kind 'recipe'. Known kinds: diary, idea, note, profile, qa. Define a kind in .folio/templates/recipe.md.
? 1
$ folio search rain '"cold'
! error: the quote at column 6 of the query is not closed; add the closing quote.
!     rain "cold
!          ^
? 1
$ folio search '下雨 "傍晚' --lang zh-Hant
! 錯誤: 查詢第 4 個字元的引號沒有結束，請補上結尾的引號。
!     下雨 "傍晚
!          ^
? 1
# Options before or after the query; after -- every word is the query.
$ folio search --json -n 1 rain | jq -r '.[].title'
rain walk
? 0
$ folio search rain --tag
! Error: Missing value for '--tag <tag>'
! Help:  --tag <tag>  Only records with this tag (may be repeated: all must hold); the same as tag:T.
! Usage: folio search [-n <n>] [--tag <tag> ...] [--kind <kind>] [--lexical] [--semantic] [--json] [-C <folder>] [--vault <vault>] [--lang <lang>] [--no-color] [--allow-secret]
!   See 'folio search --help' for more information.
? 2
$ folio search rain -n -3
! Error: -n must be 0 or more.
! Usage: folio [-C <folder>] [--vault <vault>] [--lang <lang>] [--no-color] [--allow-secret] <subcommand>
!   See 'folio --help' for more information.
? 2
$ folio search rain -- --json
2026-11-22  idea  <id1:8>  «rain» walk  #walk
? 0
$ folio search rain --help | grep -c 'Query syntax'
1
? 0
