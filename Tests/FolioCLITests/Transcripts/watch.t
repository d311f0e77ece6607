# folio watch: a server per vault that tells commands which files changed, so they look only at
# those. Started by folio watch start, or by itself on a vault of 10,000 files or more (not this
# small one); every answer is the same with it, without it, and after it is gone.
$ export FOLIO_NOW=2026-11-22T09:00:00+08:00 FOLIO_RACY_WINDOW_MS=0
? 0
$ folio init v --name 林小雨 --language en
created a folio vault in ~/v
? 0
$ folio -C v watch status
no folio watch is watching this vault; commands check every file.
? 1
$ folio -C v watch start | sed -E 's/process [0-9]+/process N/'
folio watch is watching 1 folder in the background (process N); stop it with folio watch stop.
? 0
$ folio -C v idea 'buy oat milk'
added idea "buy oat milk": ideas/2026/11/2026-11-22-buy-oat-milk.md
? 0
$ folio -C v list | cut -c 1-18,29-
2026-11-22  idea  buy oat milk
? 0
$ sed -i 's/buy oat milk/buy soy milk/' v/ideas/2026/11/2026-11-22-buy-oat-milk.md
? 0
$ folio -C v list | cut -c 1-18,29-
2026-11-22  idea  buy soy milk
? 0
$ folio -C v status --json | grep -c 2026-11-22-buy-oat-milk.md
1
? 0
$ folio -C v watch start | sed -E 's/process [0-9]+/process N/'
folio watch is already watching this vault (process N).
? 0
$ folio -C v watch stop
folio watch stopped; on this device it watches this vault again only after folio watch start.
? 0
$ folio -C v watch stop
no folio watch is watching this vault; commands check every file.
? 0
$ folio -C v watch status
no folio watch is watching this vault; commands check every file. On this device it does not start by itself (stopped with folio watch stop); folio watch start starts it again.
? 1
$ folio -C v watch status --json
{"watching":false,"off":"stopped with folio watch stop"}
? 1
$ FOLIO_WATCH=off folio -C v list | cut -c 1-18,29-
2026-11-22  idea  buy soy milk
? 0
