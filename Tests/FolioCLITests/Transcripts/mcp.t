# docs/mcp.md's exchange: a client starts folio mcp, says hello at protocol 2025-06-18, and searches.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
$ folio idea 買一把新雨傘 --desc 舊的那把骨架斷了 --tag home
added idea "買一把新雨傘": ideas/2026/11/2026-11-22-買一把新雨傘.md
? 0
$ printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"docs","version":"1"}}}' '{"jsonrpc":"2.0","method":"notifications/initialized"}' '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","arguments":{"query":"雨傘"}}}' | folio mcp
{"id":1,"jsonrpc":"2.0","result":{"capabilities":{"prompts":{"listChanged":false},"resources":{"listChanged":false,"subscribe":false},"tools":{"listChanged":false}},"instructions":"folio is the user's journal: diary pages, ideas and other records in plain Markdown files kept in git. Every answer names each record's id and path; cite them. Answers are small: use limit and cursor for more, and show's section for a long record.","protocolVersion":"2025-06-18","serverInfo":{"name":"folio","title":"folio journal","version":"0.1.0"}}}
{"id":2,"jsonrpc":"2.0","result":{"content":[{"text":"{\"records\":[{\"id\":\"<id1>\",\"path\":\"ideas/2026/11/2026-11-22-買一把新雨傘.md\",\"kind\":\"idea\",\"title\":\"買一把新雨傘\",\"created\":\"2026-11-22T18:04:11+08:00\",\"tags\":[\"home\"],\"done\":false,\"score\":1.0166,\"snippet\":\"舊的那把骨架斷了\"}],\"next_cursor\":null}","type":"text"}],"isError":false}}
? 0
