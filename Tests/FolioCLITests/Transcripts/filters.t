# --kind, --tag, --since, --until, --on, --on-this-day, --open and --done are one option group:
# list, rm, stats, cal and tags take the same records for the same filters. Six records over two
# years: ideas open and done, diaries, tags in front matter and inline.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio new diary --title 去年今天 --body '#walk' --date 2025-11-22
added diary "去年今天": diary/2025/11/2025-11-22-去年今天.md
? 0
$ folio new diary --title 散步 --body '走路 #walk #rain' --date 2026-11-03
added diary "散步": diary/2026/11/2026-11-03-散步.md
? 0
$ folio new idea --title 舊想法 --tag walk --date 2026-08-01
added idea "舊想法": ideas/2026/08/2026-08-01-舊想法.md
? 0
$ folio new idea --title 買菜 --tag walk --tag Rain --date 2026-11-20
added idea "買菜": ideas/2026/11/2026-11-20-買菜.md
? 0
$ folio new idea --title 寫信 --tag walk --date 2026-11-21
added idea "寫信": ideas/2026/11/2026-11-21-寫信.md
? 0
$ folio done 寫信
done: "寫信"
? 0
$ folio new idea --title 無標籤 --date 2026-11-21
added idea "無標籤": ideas/2026/11/2026-11-21-無標籤.md
? 0

# What each command takes: list's and rm --dry-run's titles, stats' total, the records cal 2026
# counts, and the records tags counts for #walk.
$ cat > ~/taken <<'EOF'
> echo "list   $(folio list --json "$@" | jq -r 'map(.title) | sort | join(" ")')"
> echo "rm     $(folio rm --dry-run --json "$@" | jq -r '.remove | map(.title) | sort | join(" ")')"
> echo "stats  $(folio stats --json "$@" | jq .total)"
> echo "cal    $(folio cal 2026 --json "$@" | jq '[.months[].days[].count] | add // 0')"
> echo "#walk  $(folio tags --json "$@" | jq '[.[] | select(.tag | ascii_downcase == "walk") | .count] | add // 0')"
> EOF
? 0
$ sh ~/taken --kind idea --tag walk --open
list   舊想法 買菜
rm     舊想法 買菜
stats  2
cal    2
#walk  2
? 0
$ sh ~/taken --tag walk --tag rain
list   散步 買菜
rm     散步 買菜
stats  2
cal    2
#walk  2
? 0
$ sh ~/taken --since 2026-11-01 --until 2026-11-20
list   散步 買菜
rm     散步 買菜
stats  2
cal    2
#walk  2
? 0
$ sh ~/taken --done
list   寫信
rm     寫信
stats  1
cal    1
#walk  1
? 0
$ sh ~/taken --on 2026-11-21
list   寫信 無標籤
rm     寫信 無標籤
stats  2
cal    2
#walk  1
? 0
# Days as people say them, in either language, wherever a day is taken (today is Sunday 22 November).
$ sh ~/taken --on yesterday
list   寫信 無標籤
rm     寫信 無標籤
stats  2
cal    2
#walk  1
? 0
$ sh ~/taken --on 昨天
list   寫信 無標籤
rm     寫信 無標籤
stats  2
cal    2
#walk  1
? 0
$ sh ~/taken --since 上週五 --until '2 days ago'
list   買菜
rm     買菜
stats  1
cal    1
#walk  1
? 0
$ sh ~/taken --on-this-day
list   去年今天
rm     去年今天
stats  1
cal    0
#walk  1
? 0
$ sh ~/taken --tag walk --since 30d
list   寫信 散步 買菜
rm     寫信 散步 買菜
stats  3
cal    3
#walk  3
? 0

# The kind given twice and differently, and filters that exclude each other, are refused before
# anything runs.
$ folio list idea --kind diary
! Error: the kind is given twice: 'idea' and --kind 'diary'.
! Usage: folio list [<kind>] [-n <n>] [--kind <kind>] [--tag <tag> ...] [--since <since>] [--until <until>] [--on <on>] [--on-this-day] [--open] [--done] [--parent <parent>] [--json]
!   See 'folio list --help' for more information.
? 2
$ for command in tags cal stats list 'rm --dry-run'; do folio $command --open --done 2>&1 | head -1; echo "exit ${PIPESTATUS[0]}"; done
Error: --open and --done exclude each other.
exit 2
Error: --open and --done exclude each other.
exit 2
Error: --open and --done exclude each other.
exit 2
Error: --open and --done exclude each other.
exit 2
Error: --open and --done exclude each other.
exit 2
? 0
$ for command in tags cal stats list 'rm --dry-run'; do folio $command --since someday 2>&1 | head -1; echo "exit ${PIPESTATUS[0]}"; done
Error: --since takes a date (2026-11-22, yesterday, last friday, 3 days ago) or an age (90d, 6m, 2w, 1y), not 'someday'.
exit 2
Error: --since takes a date (2026-11-22, yesterday, last friday, 3 days ago) or an age (90d, 6m, 2w, 1y), not 'someday'.
exit 2
Error: --since takes a date (2026-11-22, yesterday, last friday, 3 days ago) or an age (90d, 6m, 2w, 1y), not 'someday'.
exit 2
Error: --since takes a date (2026-11-22, yesterday, last friday, 3 days ago) or an age (90d, 6m, 2w, 1y), not 'someday'.
exit 2
Error: --since takes a date (2026-11-22, yesterday, last friday, 3 days ago) or an age (90d, 6m, 2w, 1y), not 'someday'.
exit 2
? 0
# A new record's --date takes the same days.
$ folio new idea --title 回想 --date 上週五
added idea "回想": ideas/2026/11/2026-11-13-回想.md
? 0
$ folio new idea --title 前天的事 --date 'last friday'
added idea "前天的事": ideas/2026/11/2026-11-20-前天的事.md
? 0
# search's on:, after: and before: read the same days, and say what they take when they cannot.
$ folio search 'on:yesterday' | awk '{print $1, $2, $4}'
2026-11-21 idea 寫信
2026-11-21 idea 無標籤
? 0
$ folio search 'after:上週五 before:yesterday' | awk '{print $1, $2, $4}'
2026-11-20 idea 前天的事
2026-11-20 idea 買菜
? 0
$ folio search 'after:"3 days ago"' | awk '{print $1, $2, $4}'
2026-11-21 idea 寫信
2026-11-21 idea 無標籤
2026-11-20 idea 前天的事
2026-11-20 idea 買菜
? 0
$ folio search 'after:someday'
! error: 'someday' at column 7 of the query is not a date; write a day that exists: YYYY-MM-DD, or yesterday, 3 days ago, last friday (see `folio help dates`).
!     after:someday
!           ^
? 1
# The forms are in folio's own help, without the docs.
$ folio help dates | sed -n 6,7p
  2026-11-29                       a date (a new record's --date: 2026-11-29T21:30 too)
  today, yesterday                 今天, 昨天, 前天
? 0
