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
course-progress  billiard/courses/  course*:string completed_lessons:int total_lessons:int best_score:number completed:bool
diary  diary/  media:list text:text analysis:text analyzed_by:string analyzed_at:datetime context:map summarized_by:string summarized_at:datetime
idea  ideas/  done:bool done_at:datetime
note  notes/  
player  billiard/player.md  name*:string level:int experience:int dominant_hand:string table:string
profile  profile.md  name*:string birthday:date gender:string
qa  qa/  question*:text answer:text answer_en:text answer_type:string source:string
training  billiard/training/  course:string duration_minutes:int power:number shots:list
? 0
$ folio new player --field name=阿明 --json | jq -c '{path, level, experience}'
{"path":"billiard/player.md","level":1,"experience":0}
? 0
$ folio set billiard/player.md level=6
! error: 'level' cannot be '6'; allowed values: 1, 2, 3, 4, 5.
? 1
$ folio set billiard/player.md level=2 experience=600
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
level: 2
experience: 600
---
? 0
