# folio mcp on the protocol's edge cases: each answered with what JSON-RPC and MCP say, the server up after.
$ folio init journal --name 林小雨 --language en
created a folio vault in ~/journal
? 0
$ cd journal
? 0
# A client of the revision before: answered in its revision. A client of a later one: offered folio's newest.
$ printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"old","version":"1"}}}' | folio mcp | jq -c '.result.protocolVersion'
"2025-06-18"
? 0
$ printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2026-07-28","capabilities":{},"clientInfo":{"name":"new","version":"1"}}}' | folio mcp | jq -c '.result.protocolVersion'
"2025-11-25"
? 0
# 2026-07-28: each request names its revision in _meta, and server/discover says which folio speaks.
$ printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}' | folio mcp | jq -c '.result.supportedVersions, .result.resultType'
["2024-11-05","2025-03-26","2025-06-18","2025-11-25","2026-07-28"]
"complete"
? 0
# A method folio does not have (server/discover naming no revision among them), then a ping.
$ printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"server/discover"}' '{"jsonrpc":"2.0","id":2,"method":"ping"}' | folio mcp
{"error":{"code":-32601,"data":{"detail":"Unknown method: server/discover"},"message":"Method not found: Unknown method: server/discover"},"id":1,"jsonrpc":"2.0"}
{"id":2,"jsonrpc":"2.0","result":{}}
? 0
# A cancellation of a request never made is ignored. (Cancelling a request in flight may or may
# not suppress its answer, as the protocol allows: whether the answer was already written is a
# race, so no transcript can show it.)
$ printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"ping"}' '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99,"reason":"user"}}' '{"jsonrpc":"2.0","id":2,"method":"ping"}' | folio mcp
{"id":1,"jsonrpc":"2.0","result":{}}
{"id":2,"jsonrpc":"2.0","result":{}}
? 0
# Malformed JSON, JSON that is not JSON-RPC, an empty batch, then a ping.
$ printf '%s\n' '{"jsonrpc":"2.0","id":1,' '{"hello":"world","id":7}' '[]' '{"jsonrpc":"2.0","id":2,"method":"ping"}' | folio mcp
{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the request is not valid JSON in UTF-8."}}
{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"the request is not a JSON-RPC 2.0 message (it needs \"jsonrpc\": \"2.0\" and a method, or a result or error)."}}
{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"the request is not a JSON-RPC 2.0 message (it needs \"jsonrpc\": \"2.0\" and a method, or a result or error)."}}
{"id":2,"jsonrpc":"2.0","result":{}}
? 0
# A request larger than the limit (1 MiB), read no further than that, then a ping.
$ { printf '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"'; head -c 1100000 /dev/zero | tr '\0' a; printf '"}}\n'; printf '%s\n' '{"jsonrpc":"2.0","id":2,"method":"ping"}'; } | folio mcp
{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"the request is over the limit of 1048576 bytes; folio does not read it."}}
{"id":2,"jsonrpc":"2.0","result":{}}
? 0
# An unknown tool, and arguments a tool does not take, in the vault's language.
$ printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"delete_everything","arguments":{}}}' '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","arguments":{"query":"x","colour":"red"}}}' | folio mcp --lang zh-Hant
{"error":{"code":-32602,"data":{"detail":"沒有名為「delete_everything」的工具；可用的有：search、show、links、list、tags、calendar、stats、profile。"},"message":"Invalid params: 沒有名為「delete_everything」的工具；可用的有：search、show、links、list、tags、calendar、stats、profile。"},"id":1,"jsonrpc":"2.0"}
{"error":{"code":-32602,"data":{"detail":"「search」不接受參數「colour」；它的參數有：query、kind、tags、ranking、limit、cursor。"},"message":"Invalid params: 「search」不接受參數「colour」；它的參數有：query、kind、tags、ranking、limit、cursor。"},"id":2,"jsonrpc":"2.0"}
? 0
