# requires: script
# Issue 72: on a terminal, folio stats fits the window (COLUMNS sets it, as for ls): the overview's
# pairs wrap under the first, and the bars beside a table narrow so each line fits. Through a pipe
# each label keeps one line, whole, for grep. (script gives stats a terminal; tr takes away the
# carriage returns a terminal adds.)
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ for month in 01 02 03 04 05 06 07 08 09 10 11; do folio new idea --title "idea $month" --tag "place$month" --date 2026-$month-05 > /dev/null; done
? 0
$ folio stats | grep 'by month'
by month  2026-01 1  2026-02 1  2026-03 1  2026-04 1  2026-05 1  2026-06 1  2026-07 1  2026-08 1  2026-09 1  2026-10 1  2026-11 1
? 0
$ COLUMNS=44 script -qec 'folio stats' /dev/null | tr -d '\r'
records   11
by kind   idea 11
by month  2026-01 1  2026-02 1  2026-03 1
          2026-04 1  2026-05 1  2026-06 1
          2026-07 1  2026-08 1  2026-09 1
          2026-10 1  2026-11 1
top tags  #place01 1  #place02 1  #place03 1
          #place04 1  #place05 1  #place06 1
          #place07 1  #place08 1  #place09 1
          #place10 1
? 0
$ COLUMNS=28 script -qec 'folio stats --by month' /dev/null | tr -d '\r' | tail -3
2026-09        1  ██████████
2026-10        1  ██████████
2026-11        1  ██████████
? 0
$ COLUMNS=28 script -qec 'folio stats --by month' /dev/null | tr -d '\r' | while IFS= read -r line; do printf '%s' "$line" | wc -L; done | sort -n | tail -1
28
? 0
