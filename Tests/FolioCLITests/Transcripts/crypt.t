# Issue 22: a vault private on any remote. Records are plain on the device and encrypted in git's
# objects (git-crypt's format); commit messages name no title; the key travels by hand, and a
# device without it is told what to do and never reads or writes the ciphertext.
$ git init -q --bare -b main remote.git
? 0
$ export FOLIO_NOW=2026-11-22T09:00:00+08:00 FOLIO_DEVICE=a
? 0
$ folio init a --name 林小雨 --language en --remote ~/remote.git --encrypt
created a folio vault in ~/a
records and media are encrypted from the first commit on. The key is in ~/a/.git/git-crypt/keys/default (on this device only, never committed). Carry it to your other devices with folio crypt export-key PATH; without it nobody can read this vault.
? 0
$ folio -C a idea '下雨的傍晚' --desc '今天下班走回家'
added idea "下雨的傍晚": ideas/2026/11/2026-11-22-下雨的傍晚.md
? 0
$ folio -C a sync
synced: received 0 commits, sent 2.
? 0
$ grep -c 今天下班走回家 a/ideas/2026/11/2026-11-22-下雨的傍晚.md
1
? 0
$ git -C remote.git cat-file -p main:ideas/2026/11/2026-11-22-下雨的傍晚.md | grep -c 今天下班走回家
0
? 1
$ git -C remote.git log --format=%s main
idea: add
init: new vault
? 0
$ folio -C a crypt export-key ~/folio.key
the key is in ~/folio.key (mode 0600). Keep it safe: whoever has it can read the vault.
? 0
$ FOLIO_DEVICE=b folio clone ~/remote.git b
cloned the vault into ~/b.
! cloned into ~/b, but the vault is encrypted and this device has no key yet: run folio crypt unlock KEYFILE there.
? 0
$ folio -C b list
! error: this vault is encrypted: folio crypt unlock KEYFILE (the key exported with folio crypt export-key on a device that has it). Until then the files on this device are ciphertext, and folio neither reads nor writes them.
? 1
$ folio -C b crypt unlock ~/folio.key
unlocked: the key is in ~/b/.git/git-crypt/keys/default, and 2 files were decrypted.
? 0
$ folio -C b list
2026-11-22  idea  <id1:8>  下雨的傍晚
? 0
$ folio -C b crypt status
this vault is encrypted; this device's key is in ~/b/.git/git-crypt/keys/default.
not encrypted: .folio/config.yaml
not encrypted: .gitattributes
not encrypted: .gitignore
    encrypted: ideas/2026/11/2026-11-22-下雨的傍晚.md
    encrypted: profile.md
in the last commit: 2 files encrypted, 3 plain by design (settings, .gitattributes), 0 that should be encrypted and are not.
? 0
