# Files other apps drop into inbox/ become records on `folio inbox` (and after every sync's
# merge): one commit adopts them and removes the inbox files; front matter keeps every key; a
# file that cannot be read stays where it is, named; `folio undo` brings the inbox back.
$ folio init journal --name 林小雨 --language en
? 0
$ cd journal
? 0
$ mkdir -p inbox/shortcuts && printf 'Walked to the river before work.\nThe water was high.\n' > 'inbox/shortcuts/2026-11-22 07.41.txt'
? 0
$ printf -- '---\ntitle: Morning pages\nmood: calm   # set by Drafts\n---\nThree pages before coffee.\n' > inbox/pages.md
? 0
$ printf -- '---\ntitle: "unclosed\n---\n' > inbox/broken.md; touch inbox/.DS_Store
? 0
$ find inbox -type f -exec touch -d 2026-11-22T07:41:00+08:00 {} +
? 0
$ folio inbox --dry-run
? 0
$ folio inbox
? 0
$ ls -A inbox; git log -3 --format=%s
? 0
$ cat diary/2026/11/2026-11-22-morning-pages.md
? 0
$ folio list
? 0
$ folio undo
? 0
$ ls -A inbox inbox/shortcuts
? 0
$ folio inbox --lang zh-Hant
? 0
$ folio config set inbox.kind baby
? 0
$ folio inbox
? 0
