# The exit codes (one table in folio help and in docs/commands.md): 0 success, 1 a failure said on
# stderr with no stack trace, 2 a usage error, 3 a remote that cannot be reached.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio list --bogus
! Error: Unknown option '--bogus'
! Usage: folio list [<kind>] [-n <n>] [--kind <kind>] [--tag <tag> ...] [--since <since>] [--until <until>] [--on <on>] [--on-this-day] [--open] [--done] [--parent <parent>] [--json]
!   See 'folio list --help' for more information.
? 2
$ folio list --no-such-option
! Error: Unknown option '--no-such-option'
! Usage: folio list [<kind>] [-n <n>] [--kind <kind>] [--tag <tag> ...] [--since <since>] [--until <until>] [--on <on>] [--on-this-day] [--open] [--done] [--parent <parent>] [--json]
!   See 'folio list --help' for more information.
? 2
$ folio show nothing-like-this
! error: no record matches 'nothing-like-this'. Name a record by its id, an id prefix (4 characters or more), its path, its slug, its title or an alias.
? 1
$ folio new qa --field question=要嗎？ --field answer_type=maybe
! error: 'answer_type' cannot be 'maybe'; allowed values: affirmative, neutral, negative.
? 1
$ folio new recipe
! error: unknown kind 'recipe'. Known kinds: diary, idea, note, profile, qa. Define a kind in .folio/templates/recipe.md.
? 1
$ folio list
! no records.
? 0
$ folio check
checked 1 record: no problems.
? 0
$ folio config get ai.model
? 1
$ folio config set sync.remote ~/nowhere.git
sync.remote = ~/nowhere.git
? 0
$ folio sync
! error: the remote ~/nowhere.git does not exist: there is no such folder on this machine (a drive not mounted, or a typo? change it with `folio config set sync.remote …`). Everything is committed on this device and goes out with the next sync.
? 3
