import Foundation
import Testing
import TaskPaperServer

/// Saved searches (`@search(QUERY)`), the `taskpaper.search` command, workspace
/// symbols with a query and completion inside a search, in process (Support/TestClient.swift).
@Suite struct SavedSearchTests {
    static let uri = "file:///searches.taskpaper"
    static let otherURI = "file:///other.taskpaper"

    /// Markers: 0️⃣ in a saved search's value, 7️⃣ on its plain text, 8️⃣ on another tag of its line;
    /// 1️⃣…6️⃣ around the three items tagged `@today`.
    static let marked = """
        Searches:
        \t- Open 7️⃣today @search(@today and not 0️⃣@done) 8️⃣@pinned
        \t- Everything left @search(//task except //@done)
        Home:
        \t1️⃣- Buy milk @today2️⃣
        \t3️⃣- Water plants @today @done4️⃣
        \t\t5️⃣- Call Bob @today @waiting6️⃣
        Broken @search(@today and)

        """

    static func opened(_ c: TestClient) throws -> MarkedDocument {
        try c.initialize()
        let doc = c.open(uri, marked: marked)
        c.open(otherURI, "Errands:\n\t- Stamps @today\n\t- Posted @today @done\n")
        return doc
    }

    static let lensParams: JSON = ["textDocument": ["uri": .string(uri)]]

    static func ranges(_ result: JSON) -> [String] {
        (result.arrayValue ?? []).map { "\($0["uri"]?.stringValue ?? "") \($0.rangeTuple)" }
    }

    @Test func referencesAndDefinitionListWhatTheSearchFindsInDocumentOrder() throws {
        let c = TestClient()
        let doc = try Self.opened(c)
        let expected = ["\(Self.uri) \(doc.range("1️⃣", "2️⃣"))", "\(Self.uri) \(doc.range("5️⃣", "6️⃣"))"]
        for marker in ["0️⃣", "7️⃣"] {
            let params = doc.at(marker, ["context": ["includeDeclaration": true]])
            #expect(Self.ranges(try c.request("textDocument/references", params)) == expected)
            #expect(Self.ranges(try c.request("textDocument/definition", doc.at(marker))) == expected)
        }
        // Another tag on the same line keeps its own references; an item without a search has no definition.
        let pinned = try c.request("textDocument/references", doc.at("8️⃣", ["context": ["includeDeclaration": true]]))
        #expect(pinned.arrayValue?.count == 1)
        #expect(try c.request("textDocument/definition", doc.at("1️⃣")) == .null)
        // On an item whose search does not parse, both answer as on any other item (its diagnostic says why).
        let broken = try c.requestResponse("textDocument/references", LSPClient.at(Self.uri, 7, 3))
        #expect(broken["error"] == nil && broken["result"] == .null)
        #expect(try c.request("textDocument/definition", LSPClient.at(Self.uri, 7, 3)) == .null)
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func hoverCountsTheItemsAndShowsTheFirstTen() throws {
        let c = TestClient()
        let doc = try Self.opened(c)
        let hover = try c.request("textDocument/hover", doc.at("0️⃣"))
        #expect(
            hover["contents"]?["value"] == """
                2 items found by @today and not @done

                - Buy milk (line 5)
                - Call Bob (line 7)
                """)
        // The range is the @search tag.
        #expect(hover.rangeTuple.first == 1)
        #expect(try c.request("textDocument/hover", doc.at("8️⃣"))["contents"]?["value"] == "1 item carries @pinned")

        // More than ten: ten shown, the rest counted.
        c.open("file:///many.taskpaper", "- many @search(task)\n" + (1...12).map { "- t\($0)" }.joined(separator: "\n"))
        let many = try c.request("textDocument/hover", LSPClient.at("file:///many.taskpaper", 0, 3))
        let value = many["contents"]?["value"]?.stringValue ?? ""
        #expect(value.hasPrefix("13 items found by task"))
        #expect(value.components(separatedBy: "\n- ").count == 11)
        #expect(value.hasSuffix("and 3 more"))
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func codeLensesCountEachSearchAndTheirCommandRunsIt() throws {
        let c = TestClient()
        let doc = try Self.opened(c)
        let lenses = try c.request("textDocument/codeLens", Self.lensParams).arrayValue ?? []
        // The broken search has its diagnostic, no lens.
        #expect(lenses.map { $0["command"]?["title"]?.stringValue ?? "" } == ["2 items", "4 items"])
        #expect(lenses.map { $0.rangeTuple.first } == [1, 2])
        let command = try #require(lenses.first?["command"])
        #expect(command["command"] == "taskpaper.search")
        #expect(command["arguments"] == [["query": "@today and not @done", "uri": .string(Self.uri)]])
        // What the client does with it: execute the command.
        let found = try c.request(
            "workspace/executeCommand",
            [
                "command": command["command"]!,
                "arguments": command["arguments"]!,
            ])
        #expect(
            Self.ranges(found)
                == ["\(Self.uri) \(doc.range("1️⃣", "2️⃣"))", "\(Self.uri) \(doc.range("5️⃣", "6️⃣"))"])
        // An edit changes what the lens counts.
        c.change(Self.uri, version: 2, [["range": doc.rangeJSON("2️⃣", "2️⃣"), "text": " @done"]])
        let after = try c.request("textDocument/codeLens", Self.lensParams).arrayValue ?? []
        #expect(after.map { $0["command"]?["title"]?.stringValue ?? "" } == ["1 item", "3 items"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func theExampleFileCountsWhatEachOfItsSearchesFinds() throws {
        let example = NeovimTests.repository.appendingPathComponent("examples/searches.taskpaper")
        let text = try String(contentsOf: example, encoding: .utf8)
        let c = TestClient()
        try c.initialize()
        c.open("file:///searches-example.taskpaper", text)
        let lenses = try c.request(
            "textDocument/codeLens",
            ["textDocument": ["uri": "file:///searches-example.taskpaper"]])
        #expect(
            (lenses.arrayValue ?? []).map { $0["command"]?["title"]?.stringValue ?? "" }
                == ["2 items", "2 items", "1 item", "5 items", "3 items"])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func theCommandSearchesOneDocumentOrAllOfThem() throws {
        let c = TestClient()
        _ = try Self.opened(c)
        func search(_ argument: JSON) throws -> JSON {
            try c.requestResponse("workspace/executeCommand", ["command": "taskpaper.search", "arguments": [argument]])
        }
        let all = try search(["query": "@today and not @done"])
        #expect(
            Self.ranges(all["result"] ?? nil).map { $0.components(separatedBy: " ")[0] }
                == [Self.otherURI, Self.uri, Self.uri])
        let one = try search(["query": "@today and not @done", "uri": .string(Self.otherURI)])
        #expect(Self.ranges(one["result"] ?? nil) == ["\(Self.otherURI) [1, 1, 1, 16]"])
        #expect(try search(["query": "@nothing"])["result"] == [])

        let broken = try search(["query": "(@today"])
        #expect(broken["error"]?["code"] == -32602)
        #expect(broken["error"]?["message"]?.stringValue?.contains("expected ')'") == true)
        #expect(try search(["uri": .string(Self.uri)])["error"]?["code"] == -32602)
        #expect(try search(["query": "a", "uri": "file:///nowhere.taskpaper"])["error"]?["code"] == -32602)
        #expect(try search(["query": "zzz"])["result"] == [])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func workspaceSymbolsRunAQueryThatIsNoPlainWord() throws {
        let c = TestClient()
        _ = try Self.opened(c)
        let found = try c.request("workspace/symbol", ["query": "@today and not @done"]).arrayValue ?? []
        #expect(found.map { $0["name"]?.stringValue ?? "" } == ["Stamps", "Buy milk", "Call Bob"])
        #expect(found.map { $0["containerName"]?.stringValue ?? "" } == ["Errands", "Home", "Home"])
        // A plain word is still matched fuzzily (`bmk` is no item's text, but its letters are in order).
        let fuzzy = try c.request("workspace/symbol", ["query": "bmlk"]).arrayValue ?? []
        #expect(fuzzy.map { $0["name"]?.stringValue ?? "" } == ["Buy milk"])
        // A query that does not parse falls back to fuzzy matching too.
        #expect(try c.request("workspace/symbol", ["query": "(("]).arrayValue == [])
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func completionInsideASearchOffersTagsKeywordsRelationsAndModifiers() throws {
        let c = TestClient()
        try c.initialize()
        let doc = c.open(
            Self.uri,
            marked: """
                - a @today @waiting
                - s @search(@to1️⃣ an3️⃣ @due <[5️⃣d6️⃣] 7️⃣)
                - t @search(not @wa8️⃣

                """)
        func labels(_ marker: String) throws -> [String] {
            (try c.request("textDocument/completion", doc.at(marker))["items"]?.arrayValue ?? [])
                .compactMap { $0["label"]?.stringValue }
        }
        let tags = try c.request("textDocument/completion", doc.at("1️⃣"))["items"]?.arrayValue ?? []
        #expect(try labels("1️⃣").contains("today"))
        // The edit replaces the `to` typed after `@`.
        let cursor = doc.range("1️⃣", "1️⃣")[1]
        #expect(tags.first?["textEdit"]?.rangeTuple == [1, cursor - 2, 1, cursor])
        let words = try labels("3️⃣")
        #expect(words.contains("and") && words.contains("contains") && words.contains("ancestor::"))
        let modifiers = try c.request("textDocument/completion", doc.at("5️⃣"))["items"]?.arrayValue ?? []
        #expect(try labels("5️⃣") == ["[i]", "[s]", "[n]", "[d]", "[l]"])
        // The edit replaces `[d]` whole.
        #expect(
            modifiers.first?["textEdit"]?.rangeTuple == [
                1, doc.range("5️⃣", "6️⃣")[1] - 1, 1,
                doc.range("5️⃣", "6️⃣")[3] + 1,
            ])
        #expect(try labels("7️⃣").contains("except"))
        // While the value is still being typed, after an `@` inside it.
        #expect(try labels("8️⃣").contains("waiting"))
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func badQueriesAndDocumentsGetAnAnswerAndTheServerGoesOn() throws {
        let c = TestClient()
        try c.initialize()
        c.open("file:///empty.taskpaper", "")
        let big = (0..<100_000).map { "- item \($0) @n(\($0 % 7))" }.joined(separator: "\n")
        c.open("file:///big.taskpaper", big)
        func search(_ query: String, in uri: String = "file:///big.taskpaper") throws -> JSON {
            try c.requestResponse(
                "workspace/executeCommand",
                [
                    "command": "taskpaper.search", "arguments": [["query": .string(query), "uri": .string(uri)]],
                ])
        }
        let cases = [
            String(repeating: "a ", count: 50_000),
            String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000),
            "@text matches \"(a+)+$\"",
            "(//*)[0:1000000000]",
            "@n = 3",
        ]
        for query in cases {
            let answer = try search(query)
            #expect(
                answer["result"] != nil || answer["error"]?["message"]?.stringValue?.isEmpty == false,
                "\(query.prefix(30))")
        }
        #expect(try search("(//*)[0:1000000000]")["result"]?.arrayValue?.count == 100_000)
        #expect(try search("@n = 3")["result"]?.arrayValue?.count == 14_286)
        #expect(try search("//*", in: "file:///empty.taskpaper")["result"] == [])
        // Still serving.
        #expect(try c.request("workspace/symbol", ["query": "item 99999"]).arrayValue?.isEmpty == false)
        #expect(try c.shutdownAndExit() == 0)
    }
}
