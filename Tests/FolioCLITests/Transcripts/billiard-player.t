# Issue 19: the billiard example has the player's profile and level (Lv.1 to Lv.5).
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio kinds add billiard-trainer
added the kinds of the 'billiard-trainer' example: course-progress, player, training.
? 0
$ folio kinds
course-progress (course progress)  billiard/courses/  course*:string completed_lessons:int total_lessons:int best_score:number completed:bool
diary  diary/  media:list text:text analysis:text analyzed_by:string analyzed_at:datetime context:map summarized_by:string summarized_at:datetime starred:bool
idea  ideas/  done:bool done_at:datetime
note  notes/  
player  billiard/player.md  name*:string experience:int dominant_hand:string table:string
profile  profile.md  name*:string birthday:date gender:string
qa (question)  qa/  question*:text answer:text answer_en:text answer_type:string source:string
training  billiard/training/  date:datetime course:string duration_minutes:int power:number shots:list
? 0
$ folio new player --field name=阿明 --json | jq -c '{path, experience, computed}'
{"path":"billiard/player.md","experience":0,"computed":{"level":1}}
? 0
# Issue 39: the level is computed from the experience (500, 1500, 4000, 10000 reach Lv.2 to Lv.5),
# never stored; setting it is refused, naming what it comes from.
$ folio set billiard/player.md level=2
! error: 'level' is computed by 'player' from 'experience' and never written; change 'experience' instead. Nothing was written.
? 1
$ folio set billiard/player.md experience=600
updated "阿明": billiard/player.md
? 0
$ cat billiard/player.md
---
id: <id1>
kind: player
title: 阿明
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-22T18:04:11+08:00
tags: []
name: 阿明
experience: 600
---
? 0
$ folio show billiard/player.md
---
id: <id1>
kind: player
title: 阿明
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-22T18:04:11+08:00
tags: []
name: 阿明
experience: 600
---

── computed (never written to the file) ──
  level  Lv.2
? 0
$ folio set billiard/player.md experience=1600
updated "阿明": billiard/player.md
? 0
$ folio show billiard/player.md --json | jq -c .computed
{"level":3}
? 0
$ folio set billiard/player.md experience=10000
updated "阿明": billiard/player.md
? 0
$ folio list player
2026-11-22  player  <id1:8>  阿明  level Lv.5
? 0
# A player file written before the level was computed keeps its stored level as it is; folio
# shows the computed one (stats and the site count it too).
$ sed -i 's/^experience: 10000$/level: 1\nexperience: 10000/' billiard/player.md
? 0
$ folio show billiard/player.md --json | jq -c '{level, computed}'
{"level":1,"computed":{"level":5}}
? 0
$ folio stats player --json | jq -c .fields.level
{"sum":5,"avg":5,"min":5,"max":5,"count":1}
? 0
