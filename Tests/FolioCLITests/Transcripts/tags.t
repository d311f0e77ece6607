# folio tags: every tag, inline ones too, with its count and last use; "All" first; newest use
# first. Tags merge ignoring case, spelled as the oldest record has them.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio new diary --title 開始 --body '#Work 開始 `#code` ## 不是標題' --date 2025-06-01
added diary "開始": diary/2025/06/2025-06-01-開始.md
? 0
$ folio new diary --title 散步 --body '走路 #walk #rain' --date 2026-11-03
added diary "散步": diary/2026/11/2026-11-03-散步.md
? 0
$ folio idea 計畫 --desc '今天#工作#很累 #work' --tag rain
added idea "計畫": ideas/2026/11/2026-11-22-計畫.md
? 0
$ folio new idea --title 買菜 --body plain --tag walk --tag Rain --date 2026-11-20
added idea "買菜": ideas/2026/11/2026-11-20-買菜.md
? 0
$ folio tags
All    4
#rain  3  2026-11-22
#Work  2  2026-11-22
#工作  1  2026-11-22
#walk  2  2026-11-20
? 0
# --json is [{tag, count, last_used}] without the All entry.
$ folio tags --json
[{"tag":"rain","count":3,"last_used":"2026-11-22"},{"tag":"Work","count":2,"last_used":"2026-11-22"},{"tag":"工作","count":1,"last_used":"2026-11-22"},{"tag":"walk","count":2,"last_used":"2026-11-20"}]
? 0
$ folio tags --sort count --json | jq -c 'map(.tag)'
["rain","walk","Work","工作"]
? 0
$ folio tags --sort name --json | jq -c 'map(.tag)'
["rain","walk","Work","工作"]
? 0
$ folio tags --sort size
! Error: The value 'size' is invalid for '--sort <sort>'. Please provide one of 'recent', 'count' or 'name'.
! Help:  --sort <sort>  recent (newest use first; ties by count, then name), count (most used first), or name.
! Usage: folio tags [--sort <sort>] [--kind <kind>] [--tag <tag> ...] [--since <since>] [--until <until>] [--on <on>] [--on-this-day] [--open] [--done] [--parent <parent>] [--json]
!   See 'folio tags --help' for more information.
? 2
# --kind counts only that kind's records; the profile is never a record here.
$ folio tags --kind diary
All    2
#rain  1  2026-11-03
#walk  1  2026-11-03
#Work  1  2025-06-01
? 0
$ folio tags --kind recipe
! error: unknown kind 'recipe'. Known kinds: diary, idea, note, profile, qa. Define a kind in .folio/templates/recipe.md.
? 1
# In a zh-Hant vault the first line is 全部, and a vault without tags shows only it.
$ folio tags --lang zh-Hant | head -2
全部   4
#rain  3  2026-11-22
? 0
$ folio init ~/empty --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/empty
? 0
$ folio -C ~/empty tags
全部  0
? 0
$ folio -C ~/empty tags --json
[]
? 0
# A tags key typed as one text in an editor is read as Obsidian reads it: the names commas part
# (`，` and `、` too, as everywhere folio is given tags); `check` still asks for a list.
$ printf -- '---\nid: 0b5e6f2a-1c3d-4e5f-8a9b-0c1d2e3f4a5b\nkind: note\ntitle: 讀書\ncreated: 2026-11-20T21:00:00+08:00\ntags: books, later，週末\n---\n讀完再說\n' > ~/empty/reading.md
? 0
$ folio -C ~/empty tags
全部    1
#books  1  2026-11-20
#later  1  2026-11-20
#週末   1  2026-11-20
? 0
$ folio -C ~/empty list --tag later
2026-11-20  筆記  <id1:8>  讀書  #books #later #週末
? 0
$ folio -C ~/empty check
reading.md:6:7: 錯誤: 「tags」應該是清單（例如 tags: [rain, walk]），這裡是「books, later，週末」。
    tags: books, later，週末
          ^
發現 1 個問題。
? 1
# Nested tags, as Obsidian writes them: a filter takes its tag and those nested in it, never a
# tag that only begins the same way.
$ folio new diary --title 好心情 --body 晴 --tag mood/good --date 2026-11-21
added diary "好心情": diary/2026/11/2026-11-21-好心情.md
? 0
$ folio new diary --title 平靜 --body 雨 --tag Mood/good/calm --date 2026-11-21
added diary "平靜": diary/2026/11/2026-11-21-平靜.md
? 0
$ folio new diary --title 喜怒無常 --body 風 --tag moody --date 2026-11-21
added diary "喜怒無常": diary/2026/11/2026-11-21-喜怒無常.md
? 0
$ folio list --tag mood
2026-11-21  diary  <id2:8>  好心情  #mood/good
2026-11-21  diary  <id3:8>  平靜  #Mood/good/calm
? 0
$ folio list --tag mood/good
2026-11-21  diary  <id2:8>  好心情  #mood/good
2026-11-21  diary  <id3:8>  平靜  #Mood/good/calm
? 0
$ folio search tag:MOOD 雨
2026-11-21  diary  <id3:8>  平靜  #Mood/good/calm
    «雨»
? 0
$ FOLIO_WATCH=off folio list --tag mood --json
[{"id":"<id2>","kind":"diary","title":"好心情","created":"2026-11-21","modified":"2026-11-22T18:04:11+08:00","tags":["mood/good"],"path":"diary/2026/11/2026-11-21-好心情.md"},{"id":"<id3>","kind":"diary","title":"平靜","created":"2026-11-21","modified":"2026-11-22T18:04:11+08:00","tags":["Mood/good/calm"],"path":"diary/2026/11/2026-11-21-平靜.md"}]
? 0
