# Nothing found: exit 0, nothing on stdout ([] with --json), a note on stderr in the vault's
# language, scoped to the chosen tag as the diary app searches within a tag tile; a tag no record
# carries says so. The profile is never a hit, though its title matches, unless asked for.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio new diary --title 咖啡店 --body '去了一家咖啡店' --tag travel
added diary "咖啡店": diary/2026/11/2026-11-22-咖啡店.md
? 0
$ folio idea 雨天 --tag family
added idea "雨天": ideas/2026/11/2026-11-22-雨天.md
? 0
$ folio new diary --title 散步 --body '林小雨和家人去散步' --date 2026-09-16
added diary "散步": diary/2026/09/2026-09-16-散步.md
? 0
$ FOLIO_ASK_SEED=0 folio ask 林小雨會下雨嗎
🎱 Don't count on it. (別指望了)
! added question "林小雨會下雨嗎": qa/2026/11/2026-11-22-林小雨會下雨嗎.md
? 0
$ folio search zzzz
! no matching records.
? 0
$ folio search zzzz --lang zh-Hant
! 找不到符合的紀錄。
? 0
$ folio search zzzz --json
[]
? 0
$ folio search 咖啡 --tag family
! no matching records tagged 'family'.
? 0
$ folio search 咖啡 --tag family --lang zh-Hant
! 標籤「family」裡找不到符合的紀錄。
? 0
$ folio search '咖啡 tag:family' --lang zh-Hant
! 標籤「family」裡找不到符合的紀錄。
? 0
$ folio search 咖啡 kind:diary --tag family --lang zh-Hant
! 標籤「family」裡找不到符合的日記。
? 0
$ folio search 咖啡 --tag family --tag travel
! no matching records tagged 'family' and 'travel'.
? 0
$ folio search 雨 --tag nosuchtag
! no record is tagged 'nosuchtag' yet.
? 0
$ folio search 雨 --tag nosuchtag --lang zh-Hant
! 「nosuchtag」這個分類還沒有紀錄：沒有紀錄帶有這個標籤。
? 0

$ folio search 林小雨
2026-11-22  question  <id1:8>  «林小雨»會下雨嗎
    «林小雨»會下雨嗎 Don't count on it. Don't count on it.
2026-09-16  diary     <id2:8>  散步
    «林小雨»和家人去散步
? 0
$ folio search 林小雨 kind:profile
2026-11-22  profile  <id3:8>  «林小雨»
? 0
$ folio search --kind profile --json | jq -r '.[].path'
profile.md
? 0
$ folio search -n 0 --json -- -zzzz | jq -r '.[].path'
diary/2026/11/2026-11-22-咖啡店.md
ideas/2026/11/2026-11-22-雨天.md
qa/2026/11/2026-11-22-林小雨會下雨嗎.md
diary/2026/09/2026-09-16-散步.md
? 0
$ folio search -n 0 --json -- -kind:qa | jq -r '.[].path'
diary/2026/11/2026-11-22-咖啡店.md
ideas/2026/11/2026-11-22-雨天.md
diary/2026/09/2026-09-16-散步.md
? 0
