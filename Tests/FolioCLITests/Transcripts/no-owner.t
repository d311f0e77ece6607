# Writing without an owner says how to create one and writes nothing.
$ folio init journal --language en
created a folio vault in ~/journal
this vault has no owner yet. Create one first: `folio profile set --name NAME --birthday 1995-04-02 --gender female`.
? 0
$ cd journal
? 0
$ folio idea x
! error: this vault has no owner yet. Create one first: `folio profile set --name NAME --birthday 1995-04-02 --gender female`.
? 1
$ folio list --json
[]
? 0
$ folio profile set --name Ann
saved the owner's profile: Ann
? 0
$ folio idea x
added idea "x": ideas/2026/11/2026-11-22-x.md
? 0
