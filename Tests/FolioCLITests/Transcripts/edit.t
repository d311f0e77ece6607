# edit runs $EDITOR, saves a valid change, and refuses one that does not parse (the file stays).
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio idea editable
added idea "editable": ideas/2026/11/2026-11-22-editable.md
? 0
$ EDITOR='sed -i s/editable/edited/' folio edit editable
updated "edited": ideas/2026/11/2026-11-22-editable.md
? 0
$ grep title: ideas/2026/11/2026-11-22-editable.md
title: edited
? 0
$ cp ideas/2026/11/2026-11-22-editable.md ../before
? 0
# The draft's name ends in folio's process id, written here as <pid>.
$ EDITOR='sed -i s/title:.*/title:\ \[oops/' folio edit edited 2>&1 | sed -E 's/-[0-9]+[.]md$/-<pid>.md/'
ideas/2026/11/2026-11-22-editable.md:4:8: error: the front matter is not valid YAML: while parsing a flow sequence, did not find expected ',' or ']'
    title: [oops
           ^
error: the edit was not saved and the original file is unchanged; your text is kept in ~/journal/.folio/local/edit-<id1>-<pid>.md
? 1
$ cmp ../before ideas/2026/11/2026-11-22-editable.md
? 0
# What an edit adds is checked as typed text is, on every face (the editor, a page of folio serve,
# an assistant's edit_body): a key the record kept before (--allow-secret) is no reason to refuse
# an edit, of its line too; a key the edit brings in is refused and offered back, as a parse
# error is. (The keys are written in two pieces, so no scanner takes this file for a leak.)
$ folio --allow-secret new idea --title runner --body "token: glpat""-R7F1K9A14yc9ugoYpn91"
added idea "runner": ideas/2026/11/2026-11-22-runner.md
? 0
$ EDITOR='sed -i s/^token:/old\ token:/' folio edit runner
updated "runner": ideas/2026/11/2026-11-22-runner.md
? 0
$ printf '#!/bin/sh\necho "new: ghp""_Ox95xvLS7ozowgxOIaofXlLuERRdAYt59jVT" >> "$1"\n' > ~/add-key && chmod +x ~/add-key
? 0
$ EDITOR=~/add-key folio edit runner 2>&1 | sed -E 's/-[0-9]+[.]md$/-<pid>.md/'
ideas/2026/11/2026-11-22-runner.md: error: this file holds what looks like a GitHub token (ghp_…) and the change would commit it, so folio did not change the file. Remove it from the file (and revoke it if it was ever pushed), or run the command again with --allow-secret.
error: the edit was not saved and the original file is unchanged; your text is kept in ~/journal/.folio/local/edit-<id2>-<pid>.md
? 1
$ grep -c -e ghp_ -e 'old token' ideas/2026/11/2026-11-22-runner.md
1
? 0
