"""folio mcp against the reference MCP client (PyPI's `mcp`), as an assistant's app uses it.

usage: reference_client.py FOLIO VAULT stdio|http read|write|meaning

Over HTTP the client sends `Authorization: Bearer $FOLIO_MCP_TOKEN` (none when it is unset), as an
assistant's app is set up to.

FOLIO_MCP_ERA chooses the revision: "auto" (the default: the client probes `server/discover` and
speaks 2026-07-28 when the server does), "legacy" (the `initialize` handshake) or a revision.

Connects to `folio mcp` (started over stdio by the client, or over HTTP at the URL the server
prints), lists the tools and resources, calls each tool, and checks every answer against what
`folio … --json` says of the same vault. The write session makes four changes and prints the
record ids; the Swift test checks the commits and undoes them. Prints one line per check; exits
non-zero on the first failure.
"""

import asyncio
import json
import os
import subprocess
import sys

from mcp import Client, Implementation
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

FOLIO, VAULT, TRANSPORT, MODE = sys.argv[1:5]
ENV = dict(os.environ)
ERA = os.environ.get("FOLIO_MCP_ERA", "auto")


def folio(*args):
    out = subprocess.run([FOLIO, "--vault", VAULT, *args], env=ENV, capture_output=True, text=True, check=True)
    return json.loads(out.stdout) if "--json" in args else out.stdout


def check(condition, what):
    if not condition:
        print("FAIL", what, flush=True)
        sys.exit(1)
    print("ok", what, flush=True)


def answer(result):
    check(not result.is_error, "the call succeeded: " + (result.content[0].text[:200] if result.content else ""))
    return json.loads(result.content[0].text)


async def read_session(client):
    tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    check(set(tools) == {"search", "show", "links", "list", "tags", "calendar", "stats", "profile"}, "read tools only, writes off by default")
    for tool in tools.values():
        a = tool.annotations
        check(a.read_only_hint is True and a.open_world_hint is False and a.destructive_hint is False, f"{tool.name} is annotated read-only, closed-world")

    listed = answer(await client.call_tool("list", {"limit": 100}))
    expected = folio("list", "-n", "100", "--json")
    check([r["id"] for r in listed["records"]] == [r["id"] for r in expected], "list gives the records folio list gives, newest first")
    check(all(r["path"] for r in listed["records"]), "every listed record names its path")

    found = answer(await client.call_tool("search", {"query": "下雨"}))
    cli = folio("search", "下雨", "--json")
    check([r["id"] for r in found["records"]] == [r["id"] for r in cli], "search finds what folio search finds, in its order")
    check(all("snippet" in r and r["path"] for r in found["records"]), "each hit has a snippet, an id and a path")

    page = answer(await client.call_tool("list", {"limit": 1}))
    check(len(page["records"]) == 1 and page["next_cursor"], "a page of one has a cursor")
    after = answer(await client.call_tool("list", {"limit": 1, "cursor": page["next_cursor"]}))
    check(after["records"][0]["id"] == expected[1]["id"], "the cursor gives the next record")

    first = next(r for r in expected if r["title"] == "下雨的傍晚")
    shown = answer(await client.call_tool("show", {"id": first["id"]}))
    whole = folio("show", first["id"], "--json")
    check(shown["body"] == whole["body"] and shown["front_matter"]["title"] == whole["title"], "show gives the record's keys and body")

    long_page = next(r for r in expected if r["title"] == "long page")
    outline = answer(await client.call_tool("show", {"id": long_page["id"]}))
    check("outline" in outline and "body" not in outline, "a long record answers with its outline")
    second = answer(await client.call_tool("show", {"id": long_page["id"], "section": 2}))
    check(second["section"]["heading"] == outline["outline"][2]["heading"], "a section of a long record by its number")

    linked = answer(await client.call_tool("links", {"id": first["id"]}))
    cli_links = folio("links", first["id"], "--json")
    check(linked["outgoing"] == cli_links["outgoing"] and linked["backlinks"] == cli_links["backlinks"], "links as folio links gives them")

    prompts = {prompt.name: prompt for prompt in (await client.list_prompts()).prompts}
    check(set(prompts) == {"summarize_week", "what_did_i_write"}, "two prompts for the client's menu")
    week = await client.get_prompt("summarize_week", {"week": "2026-11-22"})
    check("2026-11-16" in week.messages[0].content.text and "2026-11-22" in week.messages[0].content.text, "the week's days worked out for the assistant")
    topic = await client.get_prompt("what_did_i_write", {"topic": "下雨"})
    check("下雨" in topic.messages[0].content.text, "the topic asked about")

    tags = answer(await client.call_tool("tags", {}))
    check(tags["tags"] == folio("tags", "--json")[: len(tags["tags"])], "tags as folio tags gives them")
    month = answer(await client.call_tool("calendar", {"month": "2026-11"}))
    check(month == folio("cal", "2026-11", "--json"), "calendar as folio cal gives it")
    stats = answer(await client.call_tool("stats", {"kind": "idea"}))
    check(stats["total"] == folio("stats", "idea", "--json")["total"], "stats as folio stats gives them")
    profile = answer(await client.call_tool("profile", {}))
    check(profile["front_matter"]["name"] == "林小雨", "the owner's profile")
    today = answer(await client.call_tool("calendar", {"on_this_day": True}))
    check([r["title"] for r in today["records"]] == ["a year ago"], "On this day: the page of this day last year")

    secret = next(r for r in expected if r["title"] == "with a key")
    masked = (await client.call_tool("show", {"id": secret["id"]})).content[0].text
    check("sk-p…" in masked and "abcdefghijklmnopqrstuvwxyz0123456789ABCD" not in masked, "a key in a record is masked")

    resources = (await client.list_resources()).resources
    check(len(resources) == len(folio("list", "-n", "1000", "--json")) + 1, "every record is a resource (the profile too)")
    read = await client.read_resource(f"folio://record/{first['id']}")
    check(read.contents[0].text.startswith("---\nid: " + first["id"]), "a resource reads the record's file")

    for name, arguments in [
        ("show", {"id": "../../etc/passwd"}),
        ("show", {"id": "/etc/passwd"}),
        ("show", {"id": "a\u0000b"}),
        ("search", {"query": "x" * 5000}),
        ("search", {"query": "rain", "limit": 10**6}),
        ("search", {"query": "rain", "bogus": 1}),
        ("mark_done", {"id": first["id"]}),
    ]:
        try:
            result = await client.call_tool(name, arguments)
            check(False, f"{name} {list(arguments)} refused, not answered: {result}")
        except Exception as error:
            check("-32602" in repr(error) or "32602" in str(getattr(error, "error", "")) or "nvalid" in repr(error), f"{name} {str(arguments)[:40]} refused as invalid params")
    if client.protocol_version == "2026-07-28":
        check(len((await client.list_tools()).tools) == 8, "the server is still up")  # no ping in 2026-07-28
    else:
        check((await client.send_ping()) is not None, "the server is still up")


async def meaning_session(client):
    """A vault whose embeddings server (a real model on this machine) is set up: search ranks by
    words and meaning as `folio search` does, by meaning alone, or by words alone."""
    river = "a walk by the river watching birds at sunset"
    hybrid = answer(await client.call_tool("search", {"query": river}))
    cli = folio("search", river, "--json")
    check([r["id"] for r in hybrid["records"]] == [r["id"] for r in cli], "hybrid search finds what folio search finds, in its order")
    check(any("semantic" in r.get("ranks", []) for r in hybrid["records"]), "hits found by meaning say so in their ranks")
    check("notes" not in hybrid, "no note when meaning was had")
    semantic = answer(await client.call_tool("search", {"query": river, "ranking": "semantic"}))
    cli = folio("search", river, "--semantic", "--json")
    check(semantic["records"] and [r["id"] for r in semantic["records"]] == [r["id"] for r in cli], "by meaning alone as folio search --semantic")
    lexical = answer(await client.call_tool("search", {"query": river, "ranking": "lexical"}))
    check(lexical["records"] == [], "by words alone, an English paraphrase finds no zh-Hant page")
    try:
        await client.call_tool("search", {"query": river, "ranking": "fuzzy"})
        check(False, "an unknown ranking is refused")
    except Exception as error:
        check("ranking" in repr(error), "an unknown ranking is refused as invalid params")


async def write_session(client):
    tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    check({"new_record", "append_conversation", "set_fields", "mark_done"} <= set(tools), "write tools with --allow-write")
    check(tools["set_fields"].annotations.destructive_hint is True, "set_fields may overwrite: destructive")
    check(tools["new_record"].annotations.destructive_hint is False and tools["new_record"].annotations.read_only_hint is False, "new_record adds")
    before = folio("log", "--json")

    dry = answer(await client.call_tool("new_record", {"kind": "idea", "title": "from the assistant", "dry_run": True}))
    check(dry["written"] is False and "+title: from the assistant" in dry["diff"], "a dry run answers the diff")
    check(len(folio("log", "--json")) == len(before), "a dry run commits nothing")

    refused = await client.call_tool("new_record", {"kind": "idea", "title": "x", "fields": {"colour": "red"}})
    check(refused.is_error and "colour" in refused.content[0].text, "an unknown key is refused as on the CLI")

    made = answer(await client.call_tool("new_record", {"kind": "idea", "title": "from the assistant", "tags": ["mcp"]}))
    idea = made["record"]["id"]
    done = answer(await client.call_tool("mark_done", {"id": idea}))
    check(done["record"]["done"] is True, "mark_done marks the idea done")
    diary = next(r for r in folio("list", "diary", "--json") if r["title"] == "下雨的傍晚")
    answer(await client.call_tool("append_conversation", {"id": diary["id"], "text": "助理幫我記下這句。"}))
    answer(await client.call_tool("set_fields", {"id": idea, "fields": {"title": "renamed by the assistant"}}))
    rehearsed = answer(await client.call_tool("edit_body", {"id": idea, "section": 0, "new_text": "Written by the assistant.", "dry_run": True}))
    check(rehearsed["written"] is False and "+Written by the assistant." in rehearsed["diff"], "edit_body's dry run answers the diff")
    edited = answer(await client.call_tool("edit_body", {"id": idea, "section": 0, "new_text": "Written by the assistant."}))
    check(edited["written"] is True and folio("show", idea, "--json")["body"].startswith("Written by the assistant."), "edit_body writes the body")
    print("ids", idea, diary["id"], flush=True)


async def main():
    if TRANSPORT == "stdio":
        args = ["--vault", VAULT, "mcp"] + (["--allow-write"] if MODE == "write" else [])
        server = StdioServerParameters(command=FOLIO, args=args, env=ENV)
    else:
        token = os.environ.get("FOLIO_MCP_TOKEN")
        headers = {"Authorization": "Bearer " + token} if token is not None else None
        server = streamable_http_client(os.environ["FOLIO_MCP_URL"], http_client=create_mcp_http_client(headers=headers))
    async with Client(server, client_info=Implementation(name="reference-client", version="1.0"), mode=ERA) as client:
        check(client.server_info.name == "folio", "initialised with folio, protocol " + client.protocol_version)
        expected = "2025-11-25" if ERA == "legacy" else "2026-07-28"
        check(client.protocol_version == expected, f"{ERA} speaks {expected}")
        session = {"read": read_session, "write": write_session, "meaning": meaning_session}[MODE]
        await session(client)


asyncio.run(main())
