# Issue 19: `-` reads standard input for every text option (--desc, --body, --text, -m); a literal
# `-` is never stored, and only one option of a command may read it.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio idea 'from a pipe' --desc - --json <<'EOF'
> piped description
> EOF
{"id":"<id1>","kind":"idea","title":"from a pipe","created":"2026-11-22T18:04:11+08:00","modified":"2026-11-22T18:04:11+08:00","tags":[],"done":false,"path":"ideas/2026/11/2026-11-22-from-a-pipe.md","body":"piped description\n"}
? 0
$ printf 'line one\nline two\n' | folio new idea --title b --body - --json | jq .body
"line one\nline two\n"
? 0
$ printf 'typed in a pipe' | folio new diary --text - --json | jq -c '{title, text}'
{"title":"typed in a pipe","text":"typed in a pipe"}
? 0
$ folio list diary --json | jq -r '.[0].id' > ../diary-id
? 0
$ echo 'a message from stdin' | folio chat "$(cat ../diary-id)" -m -
! builtin: the builtin provider works offline and cannot do this; it needs an AI provider: `folio config set ai.provider openai`, then set ai.base_url and ai.model
? 0
$ grep -c 'a message from stdin' diary/2026/11/*.md
1
? 0
$ echo once | folio new diary --text - --body -
! Error: The value '-' is invalid for '--body <body>'
! Help:  --body <body>  The body of the record (Markdown); - reads standard input.
! Usage: folio new [<options>] <kind>
!   See 'folio new --help' for more information.
? 2
# No file holds a line that is only `-`, nor `text: -`.
$ grep -rlx --include='*.md' -e '-' -e 'text: -' .
? 1
