# Issue 19: `folio help nosuch` says the command is unknown and exits 2 (a usage error); before a
# command runs, messages follow the locale (LANG), as parse errors do.
$ folio help nosuch
! error: there is no command 'nosuch'; `folio help` lists them all.
? 2
$ LANG=zh_TW.UTF-8 folio help nosuch
! 錯誤: 沒有「nosuch」這個指令；`folio help` 會列出所有指令。
? 2
$ folio help sync | head -3
OVERVIEW: Commit hand edits, fetch, merge record by record, and push.

Conflicting edits never lose a word: the newer version stays, the other is kept
? 0
$ folio help sync > /dev/null
? 0
# The exit codes are one table, at the end of `folio help` (and in docs/commands.md).
$ folio --help | sed -n '/^Exit status:/,/^$/p'
Exit status:
  0    success (check: no problems; list and search that find nothing too)
  1    the command failed and said why; check found problems; config get
       of a key not set; config of an unknown setting or a value it does
       not take; a change was written but could not be committed; sync,
       clone, media fetch or export when media did not come (each named;
       folio media fetch tries again)
  2    a usage error: an unknown command, option or value
  3    sync, clone or media fetch could not reach the remote or its LFS
       server (everything is committed here; the next sync sends it)
  130  sync --watch stopped by a second Ctrl-C; embed stopped by Ctrl-C

? 0
$ folio help | grep -c '^Exit status:'
1
? 0
# Completion scripts without make install; bash reads the one it gets.
$ folio completions bash > ~/folio.bash && bash -n ~/folio.bash && tail -1 ~/folio.bash
complete -o filenames -F _folio folio
? 0
$ folio completions zsh | head -1
#compdef folio
? 0
$ folio completions fish | grep -c "complete -c 'folio' .*-fa 'search'"
1
? 0
$ folio completions ksh
! Error: The value 'ksh' is invalid for '<shell>'. Please provide one of 'bash', 'zsh' or 'fish'.
! Help:  <shell>  bash, zsh or fish.
! Usage: folio completions <shell>
!   See 'folio completions --help' for more information.
? 2
# Topics that are not commands: how days and searches are written.
$ folio help query | head -1
SEARCH'S QUERY LANGUAGE (folio search, rm --search, MCP's search)
? 0
$ folio --lang zh-Hant help dates | head -1
日期的說法
? 0
