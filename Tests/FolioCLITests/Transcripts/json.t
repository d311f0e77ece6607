# Issue 19: --json on every command that prints something: kinds, done, undone, undo --dry-run
# (which changes nothing), commit, init, edit; list --kind is list KIND.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio idea 'tick me'
added idea "tick me": ideas/2026/11/2026-11-22-tick-me.md
? 0
$ folio kinds --json | jq -c 'map(.name)'
["diary","idea","note","profile","qa"]
? 0
$ folio kinds --json | jq -c '.[] | select(.name == "idea") | {dir, first: .fields[0]}'
{"dir":"ideas","first":{"name":"done","type":"bool","required":false,"values":null,"description":null}}
? 0
$ folio done tick-me --json | jq -c '{title, done, done_at}'
{"title":"tick me","done":true,"done_at":"2026-11-22T18:04:11+08:00"}
? 0

$ git rev-list --count HEAD
3
? 0
$ folio undo --dry-run --json | jq -c '{summary, paths, dry_run, commit: (.commit | length)}'
{"summary":"idea: done \"tick me\"","paths":["ideas/2026/11/2026-11-22-tick-me.md"],"dry_run":true,"commit":40}
? 0
$ folio undo --dry-run
would undo: idea: done "tick me" (--dry-run changes nothing)
  ideas/2026/11/2026-11-22-tick-me.md
? 0
$ git status --porcelain; git rev-list --count HEAD
3
? 0
$ folio undone tick-me --json | jq -c '{title, done}'
{"title":"tick me","done":false}
? 0

$ mkdir notes && echo 'plain notes' > notes/by-hand.md
? 0
$ folio commit --json | jq -c '{committed, commit: (.commit | length)}'
{"committed":["notes/by-hand.md"],"commit":40}
? 0
$ folio init ~/second --name Ann --language en --json
{"vault":"~/second","owner":"Ann","language":"en"}
? 0

# edit --json: the record after the edit, and whether it changed.
$ EDITOR='sed -i s/tick/tock/' folio edit tick-me --json | jq -c '{title, changed, has_body: has("body")}'
{"title":"tock me","changed":true,"has_body":true}
? 0
$ EDITOR=true folio edit tick-me --json | jq -c '{title, changed}'
{"title":"tock me","changed":false}
? 0

# list --kind is the same as list KIND, as in tags, cal and search.
$ FOLIO_ASK_SEED=0 folio ask 'Will it rain?'
🎱 Don't count on it. (別指望了)
! added question "Will it rain?": qa/2026/11/2026-11-22-will-it-rain.md
? 0
$ folio list --kind idea --json | jq -r '.[].title'
tock me
? 0
$ diff <(folio list --kind idea --json) <(folio list idea --json)
? 0
$ folio list --kind recipe
! error: unknown kind 'recipe'. Known kinds: diary, idea, note, profile, qa. Define a kind in .folio/templates/recipe.md.
? 1

# Nothing left to undo: commit is null.
$ cd ~/second
? 0
$ folio undo
undone: init: new vault
? 0
$ folio undo --dry-run --json
{"commit":null,"summary":null,"paths":[],"later_overlapping":0,"dry_run":true}
? 0
