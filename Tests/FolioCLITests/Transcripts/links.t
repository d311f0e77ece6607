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
