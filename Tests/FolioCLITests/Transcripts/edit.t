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
