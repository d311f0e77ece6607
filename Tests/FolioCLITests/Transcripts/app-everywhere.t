# Issue 39, everywhere in a zh-Hant vault: an editor that exits non-zero (vim's :cq) is said as
# what it means, not as an editor that could not start; shell completion of a record offers its
# title and its aliases, not only slugs and ids.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ folio idea 買一把新雨傘
已新增 想法「買一把新雨傘」：ideas/2026/11/2026-11-22-買一把新雨傘.md
? 0
$ mkdir -p notes && printf -- '---\nid: 00000000-0000-4000-8000-0000000000bb\nkind: note\ntitle: 讀書筆記\ncreated: 2026-11-20T21:00:00+08:00\nmodified: 2026-11-20T21:00:00+08:00\ntags: []\naliases: [書單, reading list]\n---\n' > notes/reading.md && folio commit -m "a note with aliases" >/dev/null
? 0
$ EDITOR=false folio edit 買一把新雨傘
! 錯誤: 編輯器「false」以狀態 1 結束，表示放棄這次編輯：沒有任何變更。
? 1
$ git status --porcelain
? 0
$ EDITOR=/nowhere/editor folio edit 買一把新雨傘
! folio-edit: 1: /nowhere/editor: not found
! 錯誤: 找不到編輯器「/nowhere/editor」，沒有任何變更。請把 $VISUAL 或 $EDITOR 設為可執行的編輯器。
? 1
$ SAP_SHELL=bash folio ---completion show -- positional@0 2 1 folio show 買
買一把新雨傘
? 0
$ SAP_SHELL=bash folio ---completion show -- positional@0 2 1 folio show 書
書單
? 0
$ SAP_SHELL=bash folio ---completion show -- positional@0 2 2 folio show re
reading
? 0
