# Empty, blank and over-long questions are refused with a clear message and nothing recorded;
# the limit (qa.max_question_length, 500) counts characters, not bytes.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
$ folio ask ''
! 錯誤: 請輸入問題，例如：folio ask "明天會下雨嗎？"
? 1
$ folio ask "$(printf '  \t ')" '　'
! 錯誤: 請輸入問題，例如：folio ask "明天會下雨嗎？"
? 1
$ folio ask "$(printf '雨%.0s' $(seq 501))"
! 錯誤: 文字太長，請簡短一點（這題 501 字，上限 500 字；上限可用 `folio config set qa.max_question_length N` 調整）。
? 1
$ git rev-list --count HEAD; ls qa
1
! ls: cannot access 'qa': No such file or directory
? 2
$ folio ask "$(printf '雨%.0s' $(seq 500))" > /dev/null
! 已新增 問答「雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨…」：qa/2026/11/2026-11-22-雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨雨.md
? 0
$ folio config set qa.max_question_length 10
qa.max_question_length = 10
? 0
$ folio ask 這個問題有十一個字嗎？
! 錯誤: 文字太長，請簡短一點（這題 11 字，上限 10 字；上限可用 `folio config set qa.max_question_length N` 調整）。
? 1
$ FOLIO_ASK_SEED=1 folio ask 十個字的問題可以嗎？
🎱 依我看，是的（As I see it, yes.）
! 已新增 問答「十個字的問題可以嗎？」：qa/2026/11/2026-11-22-十個字的問題可以嗎.md
? 0
$ folio list qa --json | jq length
2
? 0

# Without an owner, ask says how to create one and records nothing.
$ folio init ~/ownerless --language en
created a folio vault in ~/ownerless
this vault has no owner yet. Create one first: `folio profile set --name NAME --birthday 1995-04-02 --gender female`.
? 0
$ cd ~/ownerless
? 0
$ folio ask 'Will it rain?'
! error: this vault has no owner yet. Create one first: `folio profile set --name NAME --birthday 1995-04-02 --gender female`.
? 1
$ git rev-list --count HEAD; ls
1
? 0
$ folio profile set --name Rain --birthday 1995-04-02 --gender female
saved the owner's profile: Rain
? 0
$ FOLIO_ASK_SEED=3 folio ask 'Will it rain?'
🎱 Cannot predict now. (現在無法預測)
! added question "Will it rain?": qa/2026/11/2026-11-22-will-it-rain.md
? 0
