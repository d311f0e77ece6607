# list --on-this-day: records made on today's month and day in earlier years, newest first, with
# the other filters; on 28 February of a common year, 29 February of a leap year shows too.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio new diary --title 去年今天 --date 2025-11-22 --tag rain
added diary "去年今天": diary/2025/11/2025-11-22-去年今天.md
? 0
$ folio new diary --title 前年今天 --date 2024-11-22
added diary "前年今天": diary/2024/11/2024-11-22-前年今天.md
? 0
$ folio new idea --title 前年的想法 --date 2024-11-22
added idea "前年的想法": ideas/2024/11/2024-11-22-前年的想法.md
? 0
$ folio new diary --title 去年昨天 --date 2025-11-21
added diary "去年昨天": diary/2025/11/2025-11-21-去年昨天.md
? 0
$ folio new diary --title 今天
added diary "今天": diary/2026/11/2026-11-22-今天.md
? 0
# Two on the same day come in the order of their paths, as list sorts.
$ folio list --on-this-day
2025-11-22  diary  <id1:8>  去年今天  #rain
2024-11-22  diary  <id2:8>  前年今天
2024-11-22  idea   <id3:8>  前年的想法
? 0
$ folio list diary --on-this-day --json | jq -r '.[].title'
去年今天
前年今天
? 0
$ folio list --on-this-day --tag rain --json | jq -r '.[].title'
去年今天
? 0
$ folio list --on-this-day -n 1
2025-11-22  diary  <id1:8>  去年今天  #rain
? 0

$ folio new diary --title 閏日 --date 2024-02-29
added diary "閏日": diary/2024/02/2024-02-29-閏日.md
? 0
$ folio new diary --title 二月底 --date 2025-02-28
added diary "二月底": diary/2025/02/2025-02-28-二月底.md
? 0
$ FOLIO_NOW=2027-02-28T09:00:00+08:00 folio list --on-this-day --json | jq -r '.[].title'
二月底
閏日
? 0
$ FOLIO_NOW=2028-02-28T09:00:00+08:00 folio list --on-this-day --json | jq -r '.[].title'
二月底
? 0
