# config set/get round-trips; unknown keys and wrong types are refused; the file keeps its comments.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio config set ai.model gpt-4o-mini
ai.model = gpt-4o-mini
? 0
$ folio config get ai.model
gpt-4o-mini
? 0
$ folio config get sync.interval
10
? 0
$ folio config set ai.modle x
! error: unknown setting 'ai.modle'; did you mean 'ai.model'? `folio config list` shows every setting.
? 1
$ folio config set sync.interval soon
! error: the setting 'sync.interval' must be a whole number from 1 to 86400, not 'soon'.
? 1
$ grep -c "# folio settings" .folio/config.yaml
1
? 0
# A value edited in by hand that its setting does not take: every command warns once, and `check`
# lists it among its problems without warning again.
$ printf 'git:\n  lock_wait: 99999\n' >> .folio/config.yaml
? 0
$ folio check
.folio/config.yaml:6:14: warning: the setting 'git.lock_wait' is '99999', but it must be a whole number from 0 to 600; its default, 3, applies until it is fixed (`folio config set git.lock_wait …` or `folio config unset git.lock_wait`).
      lock_wait: 99999
                 ^
found 1 problem.
? 1
$ folio config get git.lock_wait
3
! .folio/config.yaml:6:14: warning: the setting 'git.lock_wait' is '99999', but it must be a whole number from 0 to 600; its default, 3, applies until it is fixed (`folio config set git.lock_wait …` or `folio config unset git.lock_wait`).
!       lock_wait: 99999
!                  ^
? 0
