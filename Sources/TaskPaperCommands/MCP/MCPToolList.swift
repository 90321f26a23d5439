import TaskPaperServer

/// `tools/list`: each tool's description and the JSON Schemas of its arguments and its answer.
extension MCPTools {
    static let stringType: JSON = ["type": "string"]
    static let lineType: JSON = ["type": "integer", "minimum": 1]
    static let pathArgument: JSON = [
        "type": "string",
        "description":
            "A file or folder (its .taskpaper files), relative to the first root (a file root: its folder) or absolute; all roots when left out",
    ]

    static func object(_ properties: [String: JSON], required: [String] = []) -> JSON {
        [
            "type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }),
            "additionalProperties": false,
        ]
    }

    static func list(of item: JSON) -> JSON {
        object(["items": ["type": "array", "items": item]], required: ["items"])
    }

    static let tagsType: JSON = [
        "type": "object", "description": "Each tag's name and value (null for a tag without one)",
        "additionalProperties": ["type": ["string", "null"]],
    ]

    static let tools: [(name: String, description: String, input: JSON, output: JSON)] = [
        (
            "search",
            "The items a TaskPaper 3 query finds (e.g. '@due < today and not @done', 'project Work and @today').",
            object(
                ["query": ["type": "string", "description": "A TaskPaper 3 search query"], "path": pathArgument],
                required: ["query"]),
            list(
                of: object(
                    [
                        "path": stringType, "line": lineType, "text": stringType, "project": stringType,
                        "tags": tagsType,
                    ],
                    required: ["path", "line", "text", "project", "tags"]))
        ),
        (
            "agenda",
            "Open tasks overdue, due within 'days' days (default 7) or tagged @today, soonest first.",
            object(["days": ["type": "integer", "minimum": 0], "path": pathArgument]),
            list(
                of: object(
                    ["path": stringType, "line": lineType, "due": ["type": ["string", "null"]], "text": stringType],
                    required: ["path", "line", "due", "text"]))
        ),
        (
            "report",
            "Tasks done in a window of days, grouped by day or project, with estimate and @lasted sums in seconds.",
            object([
                "since": ["type": "string", "description": "A date: 2026-11-20, -7d, last monday"],
                "until": ["type": "string", "description": "A date, as for since"],
                "by": ["type": "string", "enum": ["day", "project"]],
                "path": pathArgument,
            ]),
            object(
                [
                    "since": ["type": ["string", "null"]], "until": ["type": ["string", "null"]], "by": stringType,
                    "done": ["type": "integer"], "groups": ["type": "array", "items": ["type": "object"]],
                    "open": ["type": "object"],
                ], required: ["since", "until", "by", "done", "groups", "open"])
        ),
        (
            "check",
            "What the language server's rules find in the files (malformed dates, unbalanced tags, overdue tasks...).",
            object(["path": pathArgument]),
            object(
                [
                    "findings": [
                        "type": "array",
                        "items": object(
                            [
                                "path": stringType, "line": lineType, "column": lineType, "endLine": lineType,
                                "endColumn": lineType, "severity": stringType, "code": stringType,
                                "message": stringType,
                            ],
                            required: ["path", "line", "column", "endLine", "endColumn", "severity", "code", "message"]),
                    ]
                ], required: ["findings"])
        ),
        (
            "add",
            "Adds one task, the last of a project (default Inbox; missing projects are made), as `taskpaper-lsp add`.",
            object(
                [
                    "text": ["type": "string", "description": "The task, one line; '- ' is added when missing"],
                    "file": [
                        "type": "string",
                        "description": "The file, under a root; the server's $TASKPAPER_INBOX when left out",
                    ],
                    "project": [
                        "type": "string", "description": "Project names separated by ' / ' ('Work / Errands')",
                    ],
                ], required: ["text"]),
            object(["path": stringType, "line": lineType, "text": stringType], required: ["path", "line", "text"])
        ),
        (
            "complete",
            "Marks a task done (or cancelled) as the editor's Mark as done does, only if the line still holds "
                + "'text' (as search answered it): a file changed since is never edited.",
            object(
                [
                    "path": ["type": "string", "description": "The file, as search or agenda answered it"],
                    "line": lineType,
                    "text": ["type": "string", "description": "The line's text as last read"],
                    "cancel": ["type": "boolean", "description": "@cancelled instead of @done"],
                ], required: ["path", "line", "text"]),
            object(
                [
                    "path": stringType, "line": lineType, "was": stringType,
                    "now": ["type": "array", "items": stringType],
                ], required: ["path", "line", "was", "now"])
        ),
    ]

    static var names: [String] { tools.map(\.name) }

    /// The `tools/list` result's fields, in an object the caller opened.
    func writeList(to w: inout JSONWriter) {
        w.key("tools")
        w.array { w in
            for tool in MCPTools.tools {
                w.object { w in
                    w.key("name"); w.string(tool.name)
                    w.key("description"); w.string(tool.description)
                    w.key("inputSchema"); tool.input.write(to: &w)
                    w.key("outputSchema"); tool.output.write(to: &w)
                }
            }
        }
    }
}
