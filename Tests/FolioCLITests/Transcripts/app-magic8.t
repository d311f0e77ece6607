# Issue 39, the magic 8 ball in zh-Hant: ten questions (fixed seeds), then statistics whose keys
# and values are the kind's zh-Hant labels, not answer_type / affirmative.
$ folio init journal --name 林小雨 --language zh-Hant
已建立 folio 資料庫：~/journal
? 0
$ cd journal
? 0
# Each question its own seed, so the answers are fixed and varied.
$ FOLIO_ASK_SEED=0 folio ask 明天會下雨嗎？
🎱 別指望了（Don't count on it.）
! 已新增 問答「明天會下雨嗎？」：qa/2026/11/2026-11-22-明天會下雨嗎.md
? 0
$ FOLIO_ASK_SEED=1 folio ask 我該換工作嗎？
🎱 依我看，是的（As I see it, yes.）
! 已新增 問答「我該換工作嗎？」：qa/2026/11/2026-11-22-我該換工作嗎.md
? 0
$ FOLIO_ASK_SEED=2 folio ask 週末去爬山好嗎？
🎱 回覆模糊，再試一次（Reply hazy, try again.）
! 已新增 問答「週末去爬山好嗎？」：qa/2026/11/2026-11-22-週末去爬山好嗎.md
? 0
$ FOLIO_ASK_SEED=3 folio ask 考試會過嗎？
🎱 現在無法預測（Cannot predict now.）
! 已新增 問答「考試會過嗎？」：qa/2026/11/2026-11-22-考試會過嗎.md
? 0
$ FOLIO_ASK_SEED=4 folio ask 要養貓嗎？
🎱 前景不太好（Outlook not so good.）
! 已新增 問答「要養貓嗎？」：qa/2026/11/2026-11-22-要養貓嗎.md
? 0
$ FOLIO_ASK_SEED=5 folio ask 今天適合告白嗎？
🎱 前景不太好（Outlook not so good.）
! 已新增 問答「今天適合告白嗎？」：qa/2026/11/2026-11-22-今天適合告白嗎.md
? 0
$ FOLIO_ASK_SEED=6 folio ask 這次會中發票嗎？
🎱 現在最好不要告訴你（Better not tell you now.）
! 已新增 問答「這次會中發票嗎？」：qa/2026/11/2026-11-22-這次會中發票嗎.md
? 0
$ FOLIO_ASK_SEED=7 folio ask 該學游泳嗎？
🎱 前景看好（Outlook good.）
! 已新增 問答「該學游泳嗎？」：qa/2026/11/2026-11-22-該學游泳嗎.md
? 0
$ FOLIO_ASK_SEED=8 folio ask 晚餐吃拉麵好嗎？
🎱 毫無疑問（Without a doubt.）
! 已新增 問答「晚餐吃拉麵好嗎？」：qa/2026/11/2026-11-22-晚餐吃拉麵好嗎.md
? 0
$ FOLIO_ASK_SEED=9 folio ask 他會回訊息嗎？
🎱 是的（Yes.）
! 已新增 問答「他會回訊息嗎？」：qa/2026/11/2026-11-22-他會回訊息嗎.md
? 0
$ git rev-list --count HEAD
11
? 0
$ folio stats qa
紀錄      10
類型      問答 10
月份      2026-11 10

答案類型
正面      4
中立      3
負面      3

月份     正面  中立  負面
2026-11     4     3     3

來源
魔術 8 球  10
AI          0

月份     魔術 8 球  AI
2026-11         10   0
? 0
$ folio stats qa --json | jq -c '.counts'
{"answer_type":{"affirmative":4,"neutral":3,"negative":3},"source":{"magic8":10,"ai":0}}
? 0
