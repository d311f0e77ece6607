"""What another account of the machine tries against a user's folio servers (MCPTests.secondLocalUser).

usage: other_account.py post URL      a 2026-07-28 new_record with a guessed token, in the header and the URL: prints the status
       other_account.py watch SOCKET  connects to the vault's watch socket: prints "answered …" or "refused <reason>"
"""

import socket
import sys
import urllib.error
import urllib.request

WHAT, TARGET = sys.argv[1:3]

if WHAT == "post":
    meta = '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}'
    body = ('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"new_record","arguments":{"kind":"idea","title":"planted"},' + meta + "}}").encode()
    headers = {"Content-Type": "application/json", "MCP-Protocol-Version": "2026-07-28", "Authorization": "Bearer " + "g" * 43}
    request = urllib.request.Request(TARGET + "?access_token=guess", data=body, method="POST", headers=headers)
    try:
        print(urllib.request.urlopen(request).status)
    except urllib.error.HTTPError as error:
        print(error.code)
else:
    connection = socket.socket(socket.AF_UNIX)
    try:
        connection.connect(TARGET)
        connection.sendall(b"status\n")
        print("answered", connection.recv(100))
    except OSError as error:
        print("refused", error.strerror)
