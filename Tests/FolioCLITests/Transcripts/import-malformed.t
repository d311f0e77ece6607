# Malformed jrnl exports name the file, the entry and what is wrong, and import nothing; messages
# follow the vault's language; Day One's real export keeps its uuid as the id, its zone, starred
# and the keys folio does not know; a file that is not a Day One export is refused.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ mkdir ~/export
? 0
$ echo '{"entries": [{"title": "a", "body": "", "date": "2020-13-45", "time": "10:00", "tags": []}]}' > ~/export/journal.json && folio import jrnl ~/export/journal.json
! error: ~/export/journal.json, entry 1 (2020-13-45 10:00): 'date' holds '2020-13-45 10:00', which is not a date or time. Nothing was imported.
? 1
$ echo '{"entries": [{"title": "a", "date": "2020-01-01", "time": "10:00"}, {"title": 5, "date": "2020-01-02"}]}' > ~/export/journal.json && folio import jrnl ~/export/journal.json
! error: ~/export/journal.json, entry 2 (2020-01-02 00:00): 'title' should be text. Nothing was imported.
? 1
$ echo '{"entries": [{"title": "a", "body": "b", "date": "2020-01-01", "time": "10:' > ~/export/journal.json && folio import jrnl ~/export/journal.json
! error: ~/export/journal.json is not valid JSON (Unescaped control character around character 75.); it may be truncated. Nothing was imported.
? 1
$ echo '{"tags": {}}' > ~/export/journal.json && folio import jrnl ~/export/journal.json
! error: ~/export/journal.json is not a jrnl export (no 'entries' list); nothing was imported.
? 1
$ echo '[1, 2, 3]' > ~/export/journal.json && folio import jrnl ~/export/journal.json
! error: ~/export/journal.json is not a jrnl export (not a JSON object); nothing was imported.
? 1
$ echo '{"entries": [{"title": "a", "date": "2020-01-01", "tags": "x"}]}' > ~/export/journal.json && folio import jrnl ~/export/journal.json
! error: ~/export/journal.json, entry 1 (2020-01-01 00:00): 'tags' should be a list. Nothing was imported.
? 1
$ folio import jrnl ~/export/journal.json --lang zh-Hant
! 錯誤: ~/export/journal.json 的第 1 則（2020-01-01 00:00）有問題：「tags」應該是清單。沒有匯入任何東西。
? 1
$ git status --porcelain --untracked-files=all; git rev-list --count HEAD
1
? 0

$ folio import dayone "$FIXTURES/exchange/dayone2.json"
imported 2 records and 0 media files; 0 already in the vault, skipped.
? 0
$ folio show ec61e5d4-e66c-44e6-ac79-6e863e8bf7e7 --json | jq -c '{title, created, tags, starred, body, time_zone: .context.time_zone, dayone: (.dayone | type)}'
{"title":"Entry Number Two.","created":"2020-01-10T12:21:48+00:00","tags":["great"],"starred":true,"body":"Entry Number Two.\n\nWith some body.\n","time_zone":"Europe/London","dayone":"object"}
? 0
$ folio import dayone "$FIXTURES/exchange/not_dayone2.json"
! error: $FIXTURES/exchange/not_dayone2.json is not a Day One export (no 'entries' list); nothing was imported.
? 1
$ git status --porcelain --untracked-files=all
? 0
$ folio import dayone "$FIXTURES/exchange/not_dayone2.json" --lang zh-Hant
! 錯誤: $FIXTURES/exchange/not_dayone2.json 不是 Day One 的匯出檔（沒有「entries」清單），沒有匯入任何東西。
? 1
$ folio import jrnl "$FIXTURES/exchange/tags.json" --lang zh-Hant
已匯入 2 筆紀錄、0 個媒體檔；0 筆已經在資料庫裡，略過。
? 0
