# The billiard example: four training sessions, three written by hand (shots as a block and as a
# flow list), one through folio new. stats computes sums, averages, minimums, maximums and
# success rates, overall and per month, week or year; never stored.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio kinds add billiard-trainer
added the kinds of the 'billiard-trainer' example: course-progress, player, training.
? 0
$ mkdir -p billiard/training/2026/10 billiard/training/2026/11
? 0
$ cat > billiard/training/2026/10/2026-10-05-straight.md <<'EOF'
> ---
> id: 00000000-0000-4000-8000-000000000001
> kind: training
> title: 直線球
> created: 2026-10-05T19:00:00+08:00
> modified: 2026-10-05T19:00:00+08:00
> tags: [drill]
> course: straight
> duration_minutes: 30
> shots:
>   - time: "19:00"
>     position: center
>     spin: top
>     power: 0.5
>     result: made
>   - {time: "19:02", position: rail, spin: back, power: 0.7, result: missed}
>   - {time: "19:05", position: center, spin: none, power: 0.6, result: made}
> ---
> EOF
? 0
$ cat > billiard/training/2026/10/2026-10-20-cut.md <<'EOF'
> ---
> id: 00000000-0000-4000-8000-000000000002
> kind: training
> title: 切球
> created: 2026-10-20T20:00:00+08:00
> modified: 2026-10-20T20:00:00+08:00
> tags: [drill, cut]
> course: cut
> duration_minutes: 45
> shots: [{power: 0.8, result: made}, {power: 0.4, result: made}]
> ---
> EOF
? 0
$ cat > billiard/training/2026/11/2026-11-02-bank.md <<'EOF'
> ---
> id: 00000000-0000-4000-8000-000000000003
> kind: training
> title: 翻袋
> created: 2026-11-02T21:00:00+08:00
> modified: 2026-11-02T21:00:00+08:00
> tags: []
> course: bank
> duration_minutes: 60
> shots:
>   - {power: 0.9, result: missed}
>   - {power: 0.5, result: missed}
>   - {power: 0.7, result: made}
>   - {power: 0.6, result: made}
> ---
> EOF
? 0
$ folio new training --date 2026-11-15 --field course=straight --field duration_minutes=20 --field 'shots=[{time: "18:00", position: center, spin: top, power: 0.5, result: made}]'
added training "straight": billiard/training/2026/11/2026-11-15-straight.md
? 0
$ folio idea 不是訓練
added idea "不是訓練": ideas/2026/11/2026-11-22-不是訓練.md
? 0

# Sessions, shots and success rate per month.
$ folio stats training --sum shots.count --rate shots.result=made --by month --json | jq .
{
  "total": 4,
  "by_kind": {
    "training": 4
  },
  "by_month": {
    "2026-10": 2,
    "2026-11": 2
  },
  "by_tag": {
    "drill": 2,
    "cut": 1
  },
  "fields": {
    "shots.count": {
      "sum": 10,
      "avg": 2.5,
      "min": 1,
      "max": 4,
      "count": 4
    }
  },
  "rates": {
    "shots.result=made": {
      "matched": 7,
      "total": 10,
      "rate": 0.7
    }
  },
  "by": "month",
  "by_period": {
    "2026-10": {
      "total": 2,
      "fields": {
        "shots.count": {
          "sum": 5,
          "avg": 2.5,
          "min": 2,
          "max": 3,
          "count": 2
        }
      },
      "rates": {
        "shots.result=made": {
          "matched": 4,
          "total": 5,
          "rate": 0.8
        }
      }
    },
    "2026-11": {
      "total": 2,
      "fields": {
        "shots.count": {
          "sum": 5,
          "avg": 2.5,
          "min": 1,
          "max": 4,
          "count": 2
        }
      },
      "rates": {
        "shots.result=made": {
          "matched": 3,
          "total": 5,
          "rate": 0.6
        }
      }
    }
  }
}
? 0
$ folio stats training --sum shots.count --rate shots.result=made --by month
records   4
by kind   training 4
by month  2026-10 2  2026-11 2
top tags  #drill 2  #cut 1

key          n  sum  avg  min  max
shots.count  4   10  2.5    1    4

rate               matched      %
shots.result=made     7/10  70.0%

month    records  shots.count sum  shots.result=made
2026-10        2                5          4/5 80.0%
2026-11        2                5          3/5 60.0%
? 0

# A kind alone reports every numeric key and list length; items' keys aggregate over all shots.
$ folio stats training --json
{"total":4,"by_kind":{"training":4},"by_month":{"2026-10":2,"2026-11":2},"by_tag":{"drill":2,"cut":1},"fields":{"duration_minutes":{"sum":155,"avg":38.75,"min":20,"max":60,"count":4},"shots.count":{"sum":10,"avg":2.5,"min":1,"max":4,"count":4},"shots.power":{"sum":6.2,"avg":0.62,"min":0.4,"max":0.9,"count":10},"success_rate":{"sum":3.166666667,"avg":0.791666667,"min":0.5,"max":1.0,"count":4}},"rates":{}}
? 0
# A bare key that no session has at the top names the shots' key; --avg and --sum pick keys.
$ folio stats training --avg power --sum duration_minutes --json | jq -c '{fields, rates}'
{"fields":{"duration_minutes":{"sum":155,"avg":38.75,"min":20,"max":60,"count":4},"power":{"sum":6.2,"avg":0.62,"min":0.4,"max":0.9,"count":10}},"rates":{}}
? 0
$ folio stats training --avg shots.power --by month
records   4
by kind   training 4
by month  2026-10 2  2026-11 2
top tags  #drill 2  #cut 1

key           n  sum   avg  min  max
shots.power  10  6.2  0.62  0.4  0.9

month    records  shots.power avg
2026-10        2              0.6
2026-11        2             0.64
? 0

# --by week and year, a rate over records, a key nothing has.
$ folio stats training --by week --json | jq -c '.by_period | keys'
["2026-W41","2026-W43","2026-W45","2026-W46"]
? 0
$ folio stats --by year --rate course=straight --json | jq -c '{rates, total_2026: .by_period["2026"].total}'
{"rates":{"course=straight":{"matched":2,"total":4,"rate":0.5}},"total_2026":5}
? 0
$ folio stats training --sum distance
records   4
by kind   training 4
by month  2026-10 2  2026-11 2
top tags  #drill 2  #cut 1

key       n  sum  avg  min  max
distance  0    -    -    -    -
! warning: no record has a number at 'distance'; check the key path (such as duration, shots.count, shots.power).
? 0

# In a zh-Hant vault the labels and headings are Chinese.
$ folio stats training --sum shots.count --rate shots.result=made --by month --lang zh-Hant
紀錄      4
類型      練球 4
月份      2026-10 2  2026-11 2
常用標籤  #drill 2  #cut 1

欄位         筆數  總和  平均  最小  最大
shots.count     4    10   2.5     1     4

比例               符合      %
shots.result=made  7/10  70.0%

月份     紀錄  shots.count 總和  shots.result=made
2026-10     2                 5          4/5 80.0%
2026-11     2                 5          3/5 60.0%
? 0

# A broken file is skipped with a warning; bad options are refused.
$ printf -- '---\nkind: training\ntitle: [unclosed\n---\n' > billiard/training/2026/11/2026-11-30-broken.md
? 0
$ folio stats training --json | cut -c1-12
{"total":4,"
! billiard/training/2026/11/2026-11-30-broken.md:3:8: warning: the front matter is not valid YAML: while parsing a flow sequence, did not find expected ',' or ']'
!     title: [unclosed
!            ^
? 0
$ folio stats --rate result
! billiard/training/2026/11/2026-11-30-broken.md:3:8: warning: the front matter is not valid YAML: while parsing a flow sequence, did not find expected ',' or ']'
!     title: [unclosed
!            ^
! error: 'result' should be KEY=VALUE.
? 1
$ folio stats --sum shots..count
! Error: 'shots..count' is not a key path such as duration or shots.count.
! Usage: folio stats [<options>] [<positional-kind>]
!   See 'folio stats --help' for more information.
? 2
