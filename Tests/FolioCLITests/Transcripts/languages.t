# Messages follow the vault's language, and --lang overrides it for one call; outside a vault, or
# on a folder that is not one, the error says so and how to make one.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ folio show nothing
! 錯誤: 找不到紀錄「nothing」。可以用 id、id 開頭（至少 4 個字元）、路徑、slug、標題或別名指定。
? 1
$ folio show nothing --lang en
! error: no record matches 'nothing'. Name a record by its id, an id prefix (4 characters or more), its path, its slug, its title or an alias.
? 1
$ mkdir ~/plain
? 0
$ folio list --vault ~/plain
! error: '~/plain' is not a folio vault (it has no .folio/). To make one, run `folio init ~/plain`.
? 1
$ cd ~/plain
? 0
$ folio list
! error: no folio vault here or in any parent directory. Use --vault PATH, set FOLIO_VAULT, or create one with `folio init DIR`.
? 1
# A new vault's language follows this computer's locale (LC_ALL, LC_MESSAGES, then LANG) unless
# --language or --lang says otherwise; the C locale names none, and zh-Hant is taken.
$ cd ~
? 0
$ LANG=en_US.UTF-8 folio init english --name Lin
created a folio vault in ~/english
? 0
$ LC_ALL=zh_TW.UTF-8 LANG=en_US.UTF-8 folio init chinese --name 林小雨
已建立 folio 資料庫：~/chinese
? 0
$ LANG=en_US.UTF-8 folio init chosen --name Lin --language zh-Hant
已建立 folio 資料庫：~/chosen
? 0
$ LANG=C.UTF-8 folio init plain-c --name 林小雨
已建立 folio 資料庫：~/plain-c
? 0
$ grep -h language english/.folio/config.yaml chinese/.folio/config.yaml chosen/.folio/config.yaml plain-c/.folio/config.yaml
language: en
language: zh-Hant
language: zh-Hant
language: zh-Hant
? 0
