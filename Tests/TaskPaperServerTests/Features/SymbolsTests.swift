import Foundation
import Testing
import TaskPaperServer

/// Document symbols, in process (Support/TestClient.swift).
@Suite struct SymbolsTests {
    static let marked = """
        0️⃣Home:1️⃣
        \t3️⃣- Buy milk4️⃣ @due(2025-05-11) @shop
        \t\t- semi-skimmed @done5️⃣
        \tA note about errands
        \t\tErrands:
        \t\t\t- Post office6️⃣

        7️⃣Work: @flag
        \t- Report8️⃣
        """
    static let text = MarkedDocument(uri: "", marked: marked, encoding: "utf-16").text

    /// name -> children, written as `Name[child, child[grandchild]]`.
    static func shape(_ symbols: [JSON]) -> String {
        symbols.map { s in
            let name = s["name"]?.stringValue ?? "?"
            let children = s["children"]?.arrayValue ?? []
            return children.isEmpty ? name : "\(name)[\(shape(children))]"
        }.joined(separator: ", ")
    }

    @Test func projectsHoldTheirTasksAndSubProjects() throws {
        let c = TestClient()
        let caps = try c.initialize()
        #expect(caps["capabilities"]?["documentSymbolProvider"] == true)
        c.open("file:///s.taskpaper", Self.text)
        let symbols =
            try c.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///s.taskpaper"]]).arrayValue
            ?? []
        // The note is no symbol: the project under it moves up to Home.
        #expect(Self.shape(symbols) == "Home[Buy milk[semi-skimmed], Errands[Post office]], Work[Report]")
        #expect(try c.shutdownAndExit() == 0)
    }

    /// Names and tags are copied from the line's bytes: quotes, backslashes and tabs arrive as written.
    @Test func namesAndTagsKeepCharactersJSONEscapes() throws {
        let c = TestClient()
        try c.initialize()
        c.open("file:///s.taskpaper", "- say \"hi\"\tto C:\\ été @who(\"Bo\") @x\n")
        let params: JSON = ["textDocument": ["uri": "file:///s.taskpaper"]]
        let symbols = try c.request("textDocument/documentSymbol", params).arrayValue ?? []
        #expect(symbols.first?["name"] == "say \"hi\"\tto C:\\ été")
        #expect(symbols.first?["detail"] == "@who(\"Bo\") @x")
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func symbolsCarryKindsTagsAndRanges() throws {
        let c = TestClient()
        try c.initialize()
        let doc = c.open("file:///s.taskpaper", marked: Self.marked)
        let symbols =
            try c.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///s.taskpaper"]]).arrayValue
            ?? []
        let home = symbols[0], work = symbols[1]
        let milk = home["children"]!.arrayValue![0]
        let skimmed = milk["children"]!.arrayValue![0]
        // Projects and tasks differ in kind; tags are the detail.
        #expect(home["kind"] != milk["kind"])
        #expect(work["kind"] == home["kind"])
        #expect(milk["detail"] == "@due(2025-05-11) @shop")
        #expect(work["detail"] == "@flag")
        #expect(home["detail"] == nil)
        // A done task is tagged deprecated (struck through); an open one is not.
        #expect(skimmed["tags"] == [1])
        #expect(milk["tags"] == nil)
        // The range spans the subtree, without the blank line after it; the selection is the item's text.
        #expect(home.rangeTuple == doc.range("0️⃣", "6️⃣"))
        #expect(home["selectionRange"]!.rangeTuple == doc.range("0️⃣", "1️⃣"))
        #expect(milk.rangeTuple == [1, 0] + doc.range("5️⃣", "5️⃣").suffix(2))
        #expect(milk["selectionRange"]!.rangeTuple == doc.range("3️⃣", "4️⃣"))
        #expect(work.rangeTuple == doc.range("7️⃣", "8️⃣"))
        #expect(try c.shutdownAndExit() == 0)
    }

    @Test func indentWidthDecidesWhatSpacesOwn() throws {
        let text = "A:\n  - child\n"
        let wide = TestClient()
        try wide.initialize(options: ["indentWidth": 4])
        wide.open("file:///w.taskpaper", text)
        let flat =
            try wide.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///w.taskpaper"]]).arrayValue
            ?? []
        #expect(Self.shape(flat) == "A, child")
        #expect(try wide.shutdownAndExit() == 0)

        let narrow = TestClient()
        try narrow.initialize(options: ["indentWidth": 2])
        narrow.open("file:///n.taskpaper", text)
        let nested =
            try narrow.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///n.taskpaper"]])
            .arrayValue ?? []
        #expect(Self.shape(nested) == "A[child]")
        #expect(try narrow.shutdownAndExit() == 0)
    }

    @Test func rangesCountInTheNegotiatedEncoding() throws {
        let c = TestClient()
        try c.initialize(capabilities: ["general": ["positionEncodings": ["utf-8"]]])
        let doc = c.open("file:///u.taskpaper", marked: "0️⃣Café:1️⃣\n\t- thé 👍🏽2️⃣\n")
        let symbols =
            try c.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///u.taskpaper"]]).arrayValue
            ?? []
        #expect(symbols[0]["name"] == "Café")
        #expect(symbols[0]["selectionRange"]!.rangeTuple == doc.range("0️⃣", "1️⃣"))
        #expect(symbols[0]["selectionRange"]!.rangeTuple == [0, 0, 0, 6])
        // "\t- thé 👍🏽" is 16 UTF-8 bytes.
        #expect(symbols[0].rangeTuple == doc.range("0️⃣", "2️⃣"))
        #expect(symbols[0].rangeTuple == [0, 0, 1, 16])
        #expect(try c.shutdownAndExit() == 0)
    }

    /// The outline kept between answers follows every edit: typing inside a line keeps its tree,
    /// indenting a line (the line count unchanged) or adding a line reads it again.
    @Test func theKeptOutlineFollowsEdits() throws {
        let c = TestClient()
        try c.initialize()
        let uri = "file:///k.taskpaper"
        c.open(uri, "A:\n- one\nB:\n- two\n")
        func shape() throws -> String {
            Self.shape(
                try c.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]]).arrayValue ?? [])
        }
        func edit(_ version: Int, line: Int, from: Int, to: Int, _ text: String) {
            let range: JSON = [
                "start": ["line": .int(line), "character": .int(from)],
                "end": ["line": .int(line), "character": .int(to)],
            ]
            c.change(uri, version: version, [["range": range, "text": .string(text)]])
        }
        #expect(try shape() == "A, one, B, two")
        edit(2, line: 1, from: 2, to: 2, "only ")
        #expect(try shape() == "A, only one, B, two")
        edit(3, line: 1, from: 0, to: 0, "\t")
        #expect(try shape() == "A[only one], B, two")
        edit(4, line: 3, from: 0, to: 0, "\t- three\n")
        #expect(try shape() == "A[only one], B[three], two")
        edit(5, line: 3, from: 0, to: 1, "")
        #expect(try shape() == "A[only one], B, three, two")
        #expect(try c.shutdownAndExit() == 0)
    }
}
