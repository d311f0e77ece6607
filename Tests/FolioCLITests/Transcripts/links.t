# Issue 72: a record's links and backlinks, as Obsidian's panes find them: Markdown links to a
# record's file, wikilinks by path, file name, title or alias in any case; links to media, to the
# web and inside code are not links between records.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
# Bob's note as Obsidian writes one: a name of its own, an alias.
$ mkdir notes && printf -- '---\nid: 0b0b0b0b-0000-4000-8000-000000000001\nkind: note\ntitle: Bob\ncreated: 2026-11-01T10:00:00+08:00\nmodified: 2026-11-01T10:00:00+08:00\ntags: []\naliases:\n  - Robert\n---\nBob lives by the river. Back to [the visit](../ideas/2026/11/2026-11-22-visit-bob.md).\n' > notes/bob.md
? 0
$ folio new idea --title 'Visit Bob' --body 'Take pears to [[bob]] and ask [[Robert|him]] about [[Alice]].'
added idea "Visit Bob": ideas/2026/11/2026-11-22-visit-bob.md
? 0
$ folio new diary --text 'Walked to [Bob](../../../notes/bob.md) with [[Visit Bob]]; see https://example.com and `[[Bob]]` in code.'
added diary "Walked to Bob with Visit Bob;": diary/2026/11/2026-11-22-walked-to-bob-with-visit-bob.md
? 0
$ folio links Bob
links to 1 record:
  ideas/2026/11/2026-11-22-visit-bob.md:11  Visit Bob
linked from 2 records:
  diary/2026/11/2026-11-22-walked-to-bob-with-visit-bob.md:9  Walked to Bob with Visit Bob;
  ideas/2026/11/2026-11-22-visit-bob.md:10  Visit Bob
? 0
$ folio links 'Visit Bob'
links to 1 record:
  notes/bob.md:10  Bob
1 link leads to no one record (a note not written yet, or a name two records share):
  10  [[Alice]]
linked from 2 records:
  diary/2026/11/2026-11-22-walked-to-bob-with-visit-bob.md:9  Walked to Bob with Visit Bob;
  notes/bob.md:11  Bob
? 0
$ folio links notes/bob.md --json | jq -c '[.outgoing[].title, .backlinks[].path]'
["Visit Bob","diary/2026/11/2026-11-22-walked-to-bob-with-visit-bob.md","ideas/2026/11/2026-11-22-visit-bob.md"]
? 0
$ folio links 'Visit Bob' --json | jq -c '{outgoing: [.outgoing[] | .title], unresolved: [.unresolved[].written], backlinks: [.backlinks[] | .title]}'
{"outgoing":["Bob"],"unresolved":["[[Alice]]"],"backlinks":["Walked to Bob with Visit Bob;","Bob"]}
? 0
# Both directions read one table of names: a link is outgoing from A to B exactly when it is a
# backlink of B from A. A second record titled Bob makes `[[bob]]` name two records, so it leads
# to neither, and notes/bob.md no longer counts Visit Bob's `[[bob]]` line among its backlinks
# (its `[[Robert|him]]` still does); a link with folders names one record by its path.
$ folio new idea --title Bob --body 'Another Bob, met at the market. See [[notes/bob]].'
added idea "Bob": ideas/2026/11/2026-11-22-bob.md
? 0
$ folio links 'Visit Bob' --json | jq -c '{outgoing: [.outgoing[] | .written], unresolved: [.unresolved[].written]}'
{"outgoing":["[[Robert|him]]"],"unresolved":["[[bob]]","[[Alice]]"]}
? 0
$ folio links notes/bob.md --json | jq -c '[.backlinks[] | {path, written}]'
[{"path":"diary/2026/11/2026-11-22-walked-to-bob-with-visit-bob.md","written":"../../../notes/bob.md"},{"path":"ideas/2026/11/2026-11-22-bob.md","written":"[[notes/bob]]"},{"path":"ideas/2026/11/2026-11-22-visit-bob.md","written":"[[Robert|him]]"}]
? 0
# A file that cannot be read is named, never taken in silence for a record that is not there.
$ printf -- '---\ntitle: [unclosed\n---\nSee [[Visit Bob]].\n' > notes/broken.md
? 0
$ folio links 'Visit Bob' --json | jq -c '[.backlinks[].path]'
["diary/2026/11/2026-11-22-walked-to-bob-with-visit-bob.md","notes/bob.md"]
! notes/broken.md:2:8: warning: the front matter is not valid YAML: while parsing a flow sequence, did not find expected ',' or ']'
!     title: [unclosed
!            ^
? 0
