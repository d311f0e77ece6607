# Issue 19: `set done=true` stamps done_at as `folio done` does, and done=false clears it; the rule
# is the kind's (set_when), so a kind of one's own has it too.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio idea 'paint the fence'
added idea "paint the fence": ideas/2026/11/2026-11-22-paint-the-fence.md
? 0
$ folio set paint-the-fence done=true
updated "paint the fence": ideas/2026/11/2026-11-22-paint-the-fence.md
? 0
$ folio show paint-the-fence
---
id: <id1>
kind: idea
title: paint the fence
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-22T18:04:11+08:00
tags: []
done: true
done_at: 2026-11-22T18:04:11+08:00
---
? 0
$ export FOLIO_NOW=2026-11-23T09:00:00+08:00
? 0
$ folio set paint-the-fence done=false
updated "paint the fence": ideas/2026/11/2026-11-22-paint-the-fence.md
? 0
$ folio show paint-the-fence
---
id: <id1>
kind: idea
title: paint the fence
created: 2026-11-22T18:04:11+08:00
modified: 2026-11-23T09:00:00+08:00
tags: []
done: false
---
? 0
$ folio done paint-the-fence
done: "paint the fence"
? 0
$ folio show paint-the-fence --json | jq -r .done_at
2026-11-23T09:00:00+08:00
? 0

$ cat > .folio/templates/chore.md <<'EOF'
> ---
> kind: chore
> fields:
>   finished: {type: bool, default: false}
>   finished_at: {type: datetime, set_when: finished}
> ---
> EOF
? 0
# A new record is stamped at once.
$ folio new chore --title dishes --field finished=true --json | jq -r .finished_at
2026-11-23T09:00:00+08:00
? 0
$ cat > .folio/templates/bad.md <<'EOF'
> ---
> kind: bad
> fields:
>   at: {type: datetime, set_when: nothing}
> ---
> EOF
? 0
$ folio new bad --title x
! .folio/templates/bad.md:4:3: warning: the template is invalid: 'set_when' of 'at' must name a true/false key of the kind, not 'nothing'
! .folio/templates/bad.md:4:3: error: the template of 'bad' is invalid, so nothing was written: the template is invalid: 'set_when' of 'at' must name a true/false key of the kind, not 'nothing'. Fix the template, or remove it to use the built-in one.
? 1
