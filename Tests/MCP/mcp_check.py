"""Drives `taskpaper-lsp mcp` through PyPI's official `mcp` package (its stdio client and ClientSession),
as an assistant would, and checks every answer against the command line on the same files.

Usage: mcp_check.py BINARY FOLDER. FOLDER is made fresh by the Swift test (MCPSDKTests). Prints
`ok` and exits 0, or prints what failed and exits 1. The `mcp` package validates each tool's
structured content against its output schema itself; the schemas are checked here as JSON Schema.
"""

import asyncio
import json
import os
import subprocess
import sys

import jsonschema
from mcp import ClientSession, StdioServerParameters
from mcp.client.client import Client
from mcp.client.stdio import stdio_client

BINARY, FOLDER = sys.argv[1], os.path.realpath(sys.argv[2])
ROOT = os.path.join(FOLDER, "tasks")
OUTSIDE = os.path.join(FOLDER, "outside")
ENV = {**os.environ, "TASKPAPER_NOW": "2026-11-21", "TZ": "UTC", "TASKPAPER_INBOX": os.path.join(ROOT, "inbox.taskpaper")}
failures = []

WORK = """Work:
\tCalls:
\t\t- Call Bob @today
\t- Pay rent @due(2026-11-20)
\t- Water plants @repeat(weekly) @due(2026-11-21)
\t- Fix bug @started(2026-11-21 09:00) @est(2h)
\t- Draft memo
\t- Send invoice
\t- Broken @due(2026-13-01)
\t- Old @done(2026-11-19) @est(1h)
"""


def make_files():
    os.makedirs(ROOT)
    os.makedirs(OUTSIDE)
    with open(os.path.join(ROOT, "work.taskpaper"), "w") as f:
        f.write(WORK)
    with open(os.path.join(ROOT, "home.taskpaper"), "w") as f:
        f.write("Home:\n\t- Buy stamps @due(2026-11-23)\n")
    with open(os.path.join(OUTSIDE, "secret.taskpaper"), "w") as f:
        f.write("- secret\n")
    # A link inside the root that leads out of it: never read, never written.
    os.symlink(os.path.join(OUTSIDE, "secret.taskpaper"), os.path.join(ROOT, "escape.taskpaper"))


def expect(condition, what):
    if not condition:
        failures.append(what)


def cli(*args):
    run = subprocess.run([BINARY, *args], capture_output=True, text=True, env=ENV, cwd=ROOT)
    return json.loads(run.stdout) if run.stdout.strip() else None


def server(*roots):
    return stdio_client(StdioServerParameters(command=BINARY, args=["mcp", *roots], env=ENV))


def located(items):
    return [(os.path.realpath(os.path.join(ROOT, i["path"])), i["line"], i["text"]) for i in items]


async def refused(session, name, arguments, words):
    result = await session.call_tool(name, arguments)
    text = result.content[0].text if result.content else ""
    expect(result.is_error and words in text, f"{name} {arguments}: expected a refusal saying '{words}', got {text!r}")
    return result


async def checks():
    async with server(ROOT) as (read, write), ClientSession(read, write) as session:
        init = await session.initialize()
        expect(init.protocol_version == "2025-11-25", f"protocol {init.protocol_version}")
        expect(init.server_info.name == "taskpaper-lsp", f"server {init.server_info}")
        listed = await session.list_tools()
        names = sorted(t.name for t in listed.tools)
        expect(names == ["add", "agenda", "check", "complete", "report", "search"], f"tools {names}")
        for tool in listed.tools:
            for schema in (tool.input_schema, tool.output_schema):
                try:
                    jsonschema.validators.validator_for(schema).check_schema(schema)
                except jsonschema.SchemaError as e:
                    failures.append(f"{tool.name}: invalid schema: {e.message}")
        print(json.dumps({"tools": [t.model_dump(by_alias=True, exclude_none=True) for t in listed.tools]}), file=sys.stderr)

        # search: the command's items, with each one's project and tags.
        result = await session.call_tool("search", {"query": "@today or @due"})
        expect(not result.is_error, f"search: {result.content}")
        items = result.structured_content["items"]
        expect(located(items) == located(cli("search", "@today or @due", "--format", "json", ".")), f"search: {items}")
        call = [i for i in items if i["text"].startswith("- Call Bob")]
        expect(call and call[0]["project"] == "Work / Calls" and call[0]["tags"] == {"today": None}, f"search item {call}")
        expect("Call Bob" in result.content[0].text, f"search text {result.content[0].text}")
        await refused(session, "search", {"query": "@today and"}, "does not parse")
        await refused(session, "search", {}, "'query' is required")
        await refused(session, "search", {"query": "@today", "path": "../outside"}, "outside the folders")
        await refused(session, "search", {"query": "@today", "path": "escape.taskpaper"}, "outside the folders")
        result = await session.call_tool("search", {"query": "secret"})
        expect(result.structured_content == {"items": []}, f"a link out is followed: {result.structured_content}")

        # agenda
        result = await session.call_tool("agenda", {"days": 3})
        expect(located(result.structured_content["items"]) == located(cli("agenda", "--days", "3", "--format", "json", ".")), f"agenda {result.structured_content}")
        await refused(session, "agenda", {"days": -1}, "'days'")

        # report
        result = await session.call_tool("report", {"since": "-7d", "by": "project"})
        expected = cli("report", "--since", "-7d", "--by", "project", "--format", "json", ".")
        got = result.structured_content
        for group in got["groups"] + expected["groups"]:
            for item in group["items"]:
                item["path"] = os.path.realpath(os.path.join(ROOT, item["path"]))
        expect(got == expected, f"report {got} != {expected}")
        await refused(session, "report", {"since": "soonish"}, "'since'")
        await refused(session, "report", {"by": "week"}, "'by'")

        # check
        result = await session.call_tool("check", {"path": "work.taskpaper"})
        expected = cli("check", "--format", "json", "work.taskpaper")
        for f in expected:
            f["path"] = os.path.realpath(os.path.join(ROOT, f["path"]))
        expect(result.structured_content["findings"] == expected, f"check {result.structured_content} != {expected}")
        await refused(session, "check", {"path": "missing.taskpaper"}, "no such file")
        await refused(session, "check", {"path": 3}, "must be a string")

        # add: into the inbox ($TASKPAPER_INBOX) and a named file; never outside.
        result = await session.call_tool("add", {"text": "Buy milk @today"})
        inbox = open(os.path.join(ROOT, "inbox.taskpaper")).read()
        expect(not result.is_error and inbox == "Inbox:\n\t- Buy milk @today\n", f"add: {result.content} {inbox!r}")
        before_add = open(os.path.join(ROOT, "work.taskpaper")).read()
        result = await session.call_tool("add", {"text": "Renew passport", "file": "work.taskpaper", "project": "Work / Errands"})
        expect(result.structured_content["text"] == "\t\t- Renew passport", f"add {result.structured_content}")
        expect("- Renew passport" in open(os.path.join(ROOT, "work.taskpaper")).read(), "add: not in the file")
        # The command line's `add` on a copy of the file as it was writes the same text.
        copy = os.path.join(OUTSIDE, "work-copy.taskpaper")
        with open(copy, "w") as f:
            f.write(before_add)
        subprocess.run([BINARY, "add", "--to", copy, "--project", "Work / Errands", "Renew passport"],
                       capture_output=True, env=ENV, check=True)
        expect(open(copy).read() == open(os.path.join(ROOT, "work.taskpaper")).read(), "add: the tool and the command differ")
        await refused(session, "add", {"text": "x", "file": os.path.join(OUTSIDE, "new.taskpaper")}, "outside the folders")
        await refused(session, "add", {"text": "x", "file": "escape.taskpaper"}, "outside the folders")
        await refused(session, "add", {"text": "a\nb"}, "one line")
        expect(open(os.path.join(OUTSIDE, "secret.taskpaper")).read() == "- secret\n", "a file outside was changed")

        # complete: a repeating task gets its next occurrence, a started one its @lasted.
        work = os.path.join(ROOT, "work.taskpaper")
        lines = open(work).read().split("\n")
        n = lines.index("\t- Water plants @repeat(weekly) @due(2026-11-21)") + 1
        result = await session.call_tool("complete", {"path": "work.taskpaper", "line": n, "text": "- Water plants @repeat(weekly) @due(2026-11-21)"})
        expect(result.structured_content == {"path": work, "line": n, "was": "\t- Water plants @repeat(weekly) @due(2026-11-21)",
                                              "now": ["\t- Water plants @repeat(weekly) @due(2026-11-28)", "\t- Water plants @due(2026-11-21) @done(2026-11-21)"]},
               f"complete repeat {result.structured_content}")
        lines = open(work).read().split("\n")
        n = next(i for i, l in enumerate(lines) if "Fix bug" in l) + 1
        result = await session.call_tool("complete", {"path": work, "line": n, "text": lines[n - 1]})
        expect(not result.is_error and "@lasted(" in open(work).read() and "@started" not in open(work).read(), f"complete started {result.content}")
        n = next(i for i, l in enumerate(lines) if "Draft memo" in l) + 1
        result = await session.call_tool("complete", {"path": work, "line": n, "text": "- Draft memo", "cancel": True})
        expect("@cancelled(2026-11-21)" in open(work).read(), f"cancel {result.content}")

        # A line changed since it was read: refused, the file unchanged, the answer says what it holds.
        before = open(work).read()
        n = before.split("\n").index("\t- Send invoice") + 1
        with open(work, "w") as f:
            f.write(before.replace("\t- Send invoice", "\t- Send invoice to Ann"))
        changed = open(work).read()
        await refused(session, "complete", {"path": "work.taskpaper", "line": n, "text": "- Send invoice"}, "now reads '\t- Send invoice to Ann'")
        expect(open(work).read() == changed, "complete edited a changed file")
        await refused(session, "complete", {"path": "work.taskpaper", "line": 999, "text": "x"}, "lines, not 999")
        await refused(session, "complete", {"path": "work.taskpaper", "line": 1, "text": "Work:"}, "no open task")
        await refused(session, "complete", {"path": "escape.taskpaper", "line": 1, "text": "- secret"}, "outside the folders")
        await refused(session, "complete", {"path": "work.taskpaper", "line": "1", "text": "Work:"}, "'line'")

        try:
            await session.call_tool("no-such-tool", {})
            failures.append("an unknown tool answered")
        except Exception as e:  # the SDK raises the JSON-RPC error
            expect("Unknown tool" in str(e), f"unknown tool: {e}")

    # The SDK's high-level Client probes server/discover first and speaks the stateless 2026-07-28 revision.
    async with Client(StdioServerParameters(command=BINARY, args=["mcp", ROOT], env=ENV)) as client:
        expect(client.protocol_version == "2026-07-28", f"Client in auto mode: {client.protocol_version}")
        listed = await client.list_tools()
        expect(sorted(t.name for t in listed.tools) == names, f"2026 tools {listed.tools}")
        result = await client.call_tool("search", {"query": "Call Bob"})
        expect(located(result.structured_content["items"]) == located(cli("search", "Call Bob", "--format", "json", ".")), f"2026 search {result}")
        await refused(client, "search", {"query": "(@today"}, "does not parse")
        result = await client.call_tool("agenda", {})
        expect(located(result.structured_content["items"]) == located(cli("agenda", "--format", "json", ".")), f"2026 agenda {result}")
        result = await client.call_tool("check", {})
        expect(len(result.structured_content["findings"]) == len(cli("check", "--format", "json", ".")), f"2026 check {result}")
        result = await client.call_tool("report", {"by": "project"})
        expect(result.structured_content["done"] == cli("report", "--by", "project", "--format", "json", ".")["done"], f"2026 report {result}")
        result = await client.call_tool("add", {"text": "From 2026", "file": "work.taskpaper"})
        expect(not result.is_error and "- From 2026" in open(os.path.join(ROOT, "work.taskpaper")).read(), f"2026 add {result}")
        await refused(client, "complete", {"path": "work.taskpaper", "line": 1, "text": "Home:"}, "not 'Home:'; read the file again")

    # 50 adds from each of two servers at once: each task once.
    shared = os.path.join(ROOT, "shared.taskpaper")

    async def adder(tag):
        async with server(ROOT) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            await asyncio.gather(*[session.call_tool("add", {"text": f"{tag} {k}", "file": "shared.taskpaper"}) for k in range(50)])

    await asyncio.gather(adder("a"), adder("b"))
    tasks = [l.strip() for l in open(shared).read().split("\n") if l.strip().startswith("- ")]
    expected = sorted(f"- {t} {k}" for t in "ab" for k in range(50))
    expect(sorted(tasks) == expected, f"concurrent adds: {len(tasks)} tasks, {len(set(tasks))} distinct")


make_files()
asyncio.run(checks())
if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
