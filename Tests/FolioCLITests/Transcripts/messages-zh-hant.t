# Issue 19: in a zh-Hant vault messages are wholly Chinese but for names, values and technical
# words, and they name the real cause.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0

# A sync remote that is a missing folder says the repository does not exist.
$ folio config set sync.remote ~/no-such-remote.git
sync.remote = ~/no-such-remote.git
? 0
$ folio sync
! 錯誤: 遠端 ~/no-such-remote.git 不存在：這台機器上沒有這個資料夾（磁碟沒有接上，或路徑打錯了？用 `folio config set sync.remote …` 修改）。所有修改都已在本機提交，下次同步時會一起送出。
? 3

# A value of the wrong type.
$ folio kinds add baby-tracker
已加入範例「baby-tracker」的類型：activity, baby, environment, interruption, sleep。
? 0
$ folio new baby --field name=小寶
已新增 寶寶「小寶」：baby/2026/11/2026-11-22-小寶.md
? 0
$ folio new sleep --parent 小寶 --field start=2026-11-21T20:30 --field quality=good
! 錯誤: 「quality」必須是整數，但收到「good」。沒有寫入任何東西。
? 1
$ folio idea x --field done=maybe
! 錯誤: 「done」必須是「true」或「false」，但收到「maybe」。沒有寫入任何東西。
? 1

# No record by that name; --lang en for one call.
$ folio show nothing
! 錯誤: 找不到紀錄「nothing」。可以用 id、id 開頭（至少 4 個字元）、路徑、slug、標題或別名指定。
? 1
$ folio show nothing --lang en
! error: no record matches 'nothing'. Name a record by its id, an id prefix (4 characters or more), its path, its slug, its title or an alias.
? 1

# An AI server that cannot be reached is named with the cause, in Chinese (nothing listens on port 1).
$ folio config set ai.provider openai && folio config set ai.base_url http://127.0.0.1:1/v1 && folio config set ai.model m
ai.provider = openai
ai.base_url = http://127.0.0.1:1/v1
ai.model = m
? 0
$ FOLIO_AI_KEY=k folio ask 明天會下雨嗎 --ai
! 第一次使用 openai m：你的問題會傳送到 http://127.0.0.1:1/v1。金鑰只從環境變數或 ~/.config/folio/credentials.yaml 讀取，不會存進資料庫。（這個提示只出現一次）
! 錯誤: openai m：連不上 AI 伺服器 http://127.0.0.1:1/v1/chat/completions（連線被拒絕，伺服器有在執行嗎？），請檢查網路或 ai.base_url
? 1
