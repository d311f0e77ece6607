# folio cal: November 2026 has one record on the 3rd and two on the 22nd (today); others lie in
# other months and years. The profile is left out.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio new diary --title 三號 --date 2026-11-03
added diary "三號": diary/2026/11/2026-11-03-三號.md
? 0
$ FOLIO_NOW=2026-11-22T18:05:00+08:00 folio idea 今天一
added idea "今天一": ideas/2026/11/2026-11-22-今天一.md
? 0
$ FOLIO_NOW=2026-11-22T18:06:00+08:00 folio idea 今天二
added idea "今天二": ideas/2026/11/2026-11-22-今天二.md
? 0
$ folio new diary --title 十月 --date 2026-10-05
added diary "十月": diary/2026/10/2026-10-05-十月.md
? 0
$ folio new diary --title 去年 --date 2025-11-22
added diary "去年": diary/2025/11/2025-11-22-去年.md
? 0

$ folio cal 2026-11 --json
{"month":"2026-11","days":[{"date":"2026-11-03","count":1},{"date":"2026-11-22","count":2}]}
? 0
# The default is the current month.
$ folio cal --json
{"month":"2026-11","days":[{"date":"2026-11-03","count":1},{"date":"2026-11-22","count":2}]}
? 0
$ folio cal 2026-09 --json
{"month":"2026-09","days":[]}
? 0
$ folio cal 2026-11 --kind idea --json
{"month":"2026-11","days":[{"date":"2026-11-22","count":2}]}
? 0

# The month grid: weekday names, the first row for a Monday and a Sunday start, today in
# brackets, counts under it. 1 November 2026 is a Sunday.
$ folio cal 2026-11 --week-start monday
           November 2026
 Mo   Tu   We   Th   Fr   Sa   Su
                                1
  2    3*   4    5    6    7    8
  9   10   11   12   13   14   15
 16   17   18   19   20   21  [22]*
 23   24   25   26   27   28   29
 30

3 records on 2 days:
3 (1)  22 (2)
? 0
$ folio cal 2026-11 --week-start sunday
           November 2026
 Su   Mo   Tu   We   Th   Fr   Sa
  1    2    3*   4    5    6    7
  8    9   10   11   12   13   14
 15   16   17   18   19   20   21
[22]* 23   24   25   26   27   28
 29   30

3 records on 2 days:
3 (1)  22 (2)
? 0

# The week starts as the locale's region does: en_US and zh_TW on Sunday, de_DE on Monday; LC_ALL
# comes before LC_TIME, which comes before LANG. Issue 39: a locale without a region (C.UTF-8, as
# here) leaves it to the time zone's country (Asia/Taipei: Taiwan, Sunday), then to the vault's
# language (zh-Hant: Sunday; en: Monday, ISO 8601's choice).
$ folio cal 2026-11 | sed -n 2p
 Su   Mo   Tu   We   Th   Fr   Sa
? 0
$ TZ=Europe/Berlin folio cal 2026-11 | sed -n 2p
 Mo   Tu   We   Th   Fr   Sa   Su
? 0
$ TZ=UTC folio cal 2026-11 | sed -n 2p
 Mo   Tu   We   Th   Fr   Sa   Su
? 0
$ TZ=UTC folio cal 2026-11 --lang zh-Hant | sed -n 2p
 一   二   三   四   五   六   日
? 0
$ folio config set language zh-Hant > /dev/null
? 0
$ TZ=UTC folio cal 2026-11 | sed -n 2p
 日   一   二   三   四   五   六
? 0
$ folio config set language en > /dev/null
? 0
$ LANG=en_US.UTF-8 folio cal 2026-11 | sed -n 2p
 Su   Mo   Tu   We   Th   Fr   Sa
? 0
$ LANG=de_DE.UTF-8 folio cal 2026-11 | sed -n 2p
 Mo   Tu   We   Th   Fr   Sa   Su
? 0
$ LANG=de_DE.UTF-8 LC_ALL=zh_TW.UTF-8 folio cal 2026-11 | sed -n 2p
 Su   Mo   Tu   We   Th   Fr   Sa
? 0
$ LANG=de_DE.UTF-8 LC_ALL=zh_TW.UTF-8 LC_TIME=en_GB.UTF-8 folio cal 2026-11 | sed -n 2p
 Su   Mo   Tu   We   Th   Fr   Sa
? 0
$ LANG=de_DE.UTF-8 LC_TIME=en_US.UTF-8 folio cal 2026-11 | sed -n 2p
 Su   Mo   Tu   We   Th   Fr   Sa
? 0
$ LANG=de_DE.UTF-8 LC_TIME=en_GB.UTF-8 folio cal 2026-11 | sed -n 2p
 Mo   Tu   We   Th   Fr   Sa   Su
? 0
$ LANG=de_DE.UTF-8 folio cal 2026-11 --week-start sunday | sed -n 2p
 Su   Mo   Tu   We   Th   Fr   Sa
? 0

# In zh-Hant: 2026年11月, 日一二三四五六, and counts in Chinese.
$ folio cal 2026-11 --week-start sunday --lang zh-Hant
            2026年11月
 日   一   二   三   四   五   六
  1    2    3*   4    5    6    7
  8    9   10   11   12   13   14
 15   16   17   18   19   20   21
[22]* 23   24   25   26   27   28
 29   30

2 天有紀錄，共 3 筆：
3日 1 筆  22日 2 筆
? 0

# A year: twelve months with their counts and the days that have records.
$ folio cal 2026 --week-start monday
                                           2026

          January                        February                        March
 Mo  Tu  We  Th  Fr  Sa  Su     Mo  Tu  We  Th  Fr  Sa  Su     Mo  Tu  We  Th  Fr  Sa  Su
              1   2   3   4                              1                              1
  5   6   7   8   9  10  11      2   3   4   5   6   7   8      2   3   4   5   6   7   8
 12  13  14  15  16  17  18      9  10  11  12  13  14  15      9  10  11  12  13  14  15
 19  20  21  22  23  24  25     16  17  18  19  20  21  22     16  17  18  19  20  21  22
 26  27  28  29  30  31         23  24  25  26  27  28         23  24  25  26  27  28  29
                                                               30  31

           April                           May                            June
 Mo  Tu  We  Th  Fr  Sa  Su     Mo  Tu  We  Th  Fr  Sa  Su     Mo  Tu  We  Th  Fr  Sa  Su
          1   2   3   4   5                      1   2   3      1   2   3   4   5   6   7
  6   7   8   9  10  11  12      4   5   6   7   8   9  10      8   9  10  11  12  13  14
 13  14  15  16  17  18  19     11  12  13  14  15  16  17     15  16  17  18  19  20  21
 20  21  22  23  24  25  26     18  19  20  21  22  23  24     22  23  24  25  26  27  28
 27  28  29  30                 25  26  27  28  29  30  31     29  30


            July                          August                       September
 Mo  Tu  We  Th  Fr  Sa  Su     Mo  Tu  We  Th  Fr  Sa  Su     Mo  Tu  We  Th  Fr  Sa  Su
          1   2   3   4   5                          1   2          1   2   3   4   5   6
  6   7   8   9  10  11  12      3   4   5   6   7   8   9      7   8   9  10  11  12  13
 13  14  15  16  17  18  19     10  11  12  13  14  15  16     14  15  16  17  18  19  20
 20  21  22  23  24  25  26     17  18  19  20  21  22  23     21  22  23  24  25  26  27
 27  28  29  30  31             24  25  26  27  28  29  30     28  29  30
                                31

        October (1)                    November (3)                     December
 Mo  Tu  We  Th  Fr  Sa  Su     Mo  Tu  We  Th  Fr  Sa  Su     Mo  Tu  We  Th  Fr  Sa  Su
              1   2   3   4                              1          1   2   3   4   5   6
  5*  6   7   8   9  10  11      2   3*  4   5   6   7   8      7   8   9  10  11  12  13
 12  13  14  15  16  17  18      9  10  11  12  13  14  15     14  15  16  17  18  19  20
 19  20  21  22  23  24  25     16  17  18  19  20  21 [22]    21  22  23  24  25  26  27
 26  27  28  29  30  31         23  24  25  26  27  28  29     28  29  30  31
                                30

4 records on 3 days (marked *).
? 0
$ folio cal 2026 --json | jq -c '{year, months: [.months[] | {month, count: ([.days[].count] | add // 0)}]}'
{"year":"2026","months":[{"month":"2026-01","count":0},{"month":"2026-02","count":0},{"month":"2026-03","count":0},{"month":"2026-04","count":0},{"month":"2026-05","count":0},{"month":"2026-06","count":0},{"month":"2026-07","count":0},{"month":"2026-08","count":0},{"month":"2026-09","count":0},{"month":"2026-10","count":1},{"month":"2026-11","count":3},{"month":"2026-12","count":0}]}
? 0
$ folio cal 2025 --json | jq -c '.months[10].days'
[{"date":"2025-11-22","count":1}]
? 0

# A bad month or year is a clear error in the vault's language.
$ for bad in 2026-13 abc 2026-1 26 2026-00 2026-11-22; do folio cal $bad; echo "exit $?" >&2; done
! error: '2026-13' is not a month or a year: write YYYY-MM (such as 2026-11) or YYYY (such as 2026).
! exit 1
! error: 'abc' is not a month or a year: write YYYY-MM (such as 2026-11) or YYYY (such as 2026).
! exit 1
! error: '2026-1' is not a month or a year: write YYYY-MM (such as 2026-11) or YYYY (such as 2026).
! exit 1
! error: '26' is not a month or a year: write YYYY-MM (such as 2026-11) or YYYY (such as 2026).
! exit 1
! error: '2026-00' is not a month or a year: write YYYY-MM (such as 2026-11) or YYYY (such as 2026).
! exit 1
! error: '2026-11-22' is not a month or a year: write YYYY-MM (such as 2026-11) or YYYY (such as 2026).
! exit 1
? 0
$ folio cal abc --lang zh-Hant
! 錯誤: 「abc」不是月份或年份：請寫 YYYY-MM（例如 2026-11）或 YYYY（例如 2026）。
? 1
$ folio cal --week-start tuesday
! Error: The value 'tuesday' is invalid for '--week-start <week-start>'. Please provide one of 'monday' and 'sunday'.
! Help:  --week-start <week-start>  The first day of the week: monday or sunday (default: from the locale, the time zone, then the vault's language).
! Usage: folio cal [<period>] [--kind <kind>] [--tag <tag> ...] [--since <since>] [--until <until>] [--on <on>] [--on-this-day] [--open] [--done] [--parent <parent>] [--week-start <week-start>] [--json]
!   See 'folio cal --help' for more information.
? 2
