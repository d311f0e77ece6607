# folio mcp on an encrypted vault this device has no key for: it starts, and every call answers
# with the error that says how to unlock, read-only or with writes on; nothing of the ciphertext
# is read or written.
$ git init -q --bare -b main remote.git
? 0
$ folio init a --name 林小雨 --language en --remote ~/remote.git --encrypt > /dev/null
? 0
$ folio -C a idea '下雨的傍晚' --desc '今天下班走回家' > /dev/null
? 0
$ folio -C a sync > /dev/null
? 0
$ FOLIO_DEVICE=b folio clone ~/remote.git b 2> /dev/null
cloned the vault into ~/b.
? 0
$ printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list","arguments":{}}}' | folio -C b mcp | jq -c '.result'
{"content":[{"text":"error: this vault is encrypted: folio crypt unlock KEYFILE (the key exported with folio crypt export-key on a device that has it). Until then the files on this device are ciphertext, and folio neither reads nor writes them.","type":"text"}],"isError":true}
? 0
$ printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"new_record","arguments":{"kind":"idea","title":"x"}}}' '{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"folio://record/0123abcd"}}' | folio -C b mcp --allow-write | jq -c '.result // .error'
{"content":[{"text":"error: this vault is encrypted: folio crypt unlock KEYFILE (the key exported with folio crypt export-key on a device that has it). Until then the files on this device are ciphertext, and folio neither reads nor writes them.","type":"text"}],"isError":true}
{"code":-32002,"message":"Server error: error: this vault is encrypted: folio crypt unlock KEYFILE (the key exported with folio crypt export-key on a device that has it). Until then the files on this device are ciphertext, and folio neither reads nor writes them."}
? 0
$ git -C b status --short
? 0
