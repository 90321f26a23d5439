import Testing
@testable import TaskPaper

/// Hostile queries and documents: each answers (a result or an error) in
/// bounded time, and nothing crashes.
@Suite struct SearchBadInputTests {
    static let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 21), now: TimeOfDay(hour: 10, minute: 0))

    static func outline(_ text: String) -> Outline {
        Outline(document: TextDocument(text: text), indentWidth: .auto)
    }

    static func parseError(_ query: String) -> SearchParseError? {
        do {
            _ = try SearchQuery.parse(query)
            return nil
        } catch {
            return error
        }
    }

    @Test func aQueryOf100000CharactersParsesAndRuns() throws {
        let chain = String(repeating: "one and ", count: 12_499) + "one"
        #expect(chain.utf8.count <= 100_000)
        let query = try SearchQuery.parse(chain)
        #expect(try query.evaluate(in: Self.outline(SearchFixtureTests.fixture), clock: Self.clock) == [0])
        let steps = String(repeating: "/one", count: 25_000)
        let fixture = Self.outline(SearchFixtureTests.fixture)
        #expect(try SearchQuery.parse(steps).evaluate(in: fixture, clock: Self.clock) == [])
        let nots = String(repeating: "not ", count: 24_999) + "one"
        #expect(try SearchQuery.parse(nots).evaluate(in: fixture, clock: Self.clock) == [1, 2, 3, 4, 5])
    }

    @Test func aQueryOverTheLengthLimitIsRefused() {
        let error = Self.parseError(String(repeating: "a", count: 100_001))
        #expect(error?.utf8Offset == 100_000)
        #expect(error?.message == "search is too long: at most 100000 bytes")
    }

    @Test func tenThousandNestedParenthesesStopAtTheNestingLimit() throws {
        for (open, close) in [("(", ")"), ("count(", ")")] {
            let query = String(repeating: open, count: 10_000) + "a" + String(repeating: close, count: 10_000)
            let error = Self.parseError(query)
            #expect(error?.message == "parentheses nest too deeply: at most 64 levels")
            #expect((error?.utf8Offset ?? 0) > 0)
        }
        let unclosed = Self.parseError(String(repeating: "(", count: 10_000))
        #expect(unclosed?.message == "parentheses nest too deeply: at most 64 levels")
        // Within the limit, deep nesting works.
        let deep = String(repeating: "(", count: 60) + "//one" + String(repeating: ")", count: 60)
        let fixture = Self.outline(SearchFixtureTests.fixture)
        #expect(try SearchQuery.parse(deep).evaluate(in: fixture, clock: Self.clock) == [0])
    }

    @Test(arguments: [
        ("(a+)+$", "repeats a group that itself repeats"),
        ("((a*)b)+", "repeats a group that itself repeats"),
        ("(\\w+\\s?)*$", "repeats a group that itself repeats"),
        ("(?:x{2,})*", "repeats a group that itself repeats"),
    ])
    func patternsThatBacktrackExponentiallyAreRefused(pattern: String, reason: String) {
        let query = "//@text matches \"\(pattern.replacing("\\", with: "\\\\"))\""
        let error = Self.parseError(query)
        #expect(error?.message.contains(reason) == true, "\(String(describing: error))")
        #expect(error?.utf8Offset == 16)
    }

    @Test func patternsThatAreNotExponentialCompile() throws {
        for pattern in [
            "(?:ab)+", "(a)+?", "a+b*c?", "[(+*]+", "(ab|cd)", "x{2}y{1,3}", "\\(a+\\)+", "(a|aa)*b", "(a)\\1",
            "a{1,5000}", "(a+){2}",
        ] {
            _ = try SearchQuery.parse("//@text matches \"\(pattern.replacing("\\", with: "\\\\"))\"")
        }
    }

    @Test func aPolynomialPatternOnALongLineAnswersQuickly() throws {
        let long = String(repeating: "a", count: 50_000)
        let outline = Self.outline("- \(long)\n- \(long)b")
        let query = try SearchQuery.parse("//@text matches \"a*a*a*c\"")
        let start = ContinuousClock.now
        let found = try? query.evaluate(in: outline, clock: Self.clock, timeLimit: .seconds(1))
        #expect(found == nil || found == [])
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func aHugeSliceClamps() throws {
        let outline = Self.outline(SearchFixtureTests.fixture)
        #expect(try SearchQuery.parse("//*[0:1000000000]").evaluate(in: outline, clock: Self.clock) == Array(0...5))
        #expect(try SearchQuery.parse("//*[-99999999999999999999999]").evaluate(in: outline, clock: Self.clock) == [0])
        #expect(try SearchQuery.parse("(//*)[99999999999999999999:]").evaluate(in: outline, clock: Self.clock) == [5])
    }

    @Test func anEmptyDocumentFindsNothing() throws {
        for text in [""] {
            let outline = Self.outline(text)
            for query in ["//*", "ancestor-or-self::*", "/..*", "//@due < [d] today", "(//*)[-1]", "following::*"] {
                #expect(try SearchQuery.parse(query).evaluate(in: outline, clock: Self.clock) == [])
            }
        }
    }

    /// As in TaskPaper 3 (birch-outline's answers): a blank line is an item at the depth of the next line.
    @Test func blankLinesAreItems() throws {
        let outline = Self.outline("a:\n\n\t- b\n\n- c")
        #expect(try SearchQuery.parse("//*").evaluate(in: outline, clock: Self.clock) == [0, 1, 2, 3, 4])
        #expect(try SearchQuery.parse("//\"\"").evaluate(in: outline, clock: Self.clock) == [0, 1, 2, 3, 4])
        #expect(try SearchQuery.parse("/a:/*").evaluate(in: outline, clock: Self.clock) == [1, 2])
        for text in ["\n\n", "\t\t"] {
            #expect(try SearchQuery.parse("//note").evaluate(in: Self.outline(text), clock: Self.clock).count > 0)
        }
    }

    @Test func aLargeDocumentAnswersWithinTheTimeLimit() throws {
        var lines: [String] = []
        for k in 0..<25_000 {
            lines.append("Project \(k):")
            lines.append("\t- task \(k) @due(2026-11-\(10 + k % 18))" + (k % 3 == 0 ? " @done" : ""))
            lines.append("\t\tnote \(k)")
            lines.append("\t- other \(k) @today")
        }
        let outline = Self.outline(lines.joined(separator: "\n"))
        #expect(outline.lineCount == 100_000)
        let query = try SearchQuery.parse("project Project 1//task except //@done")
        let found = try query.evaluate(in: outline, clock: Self.clock)
        #expect(found.count > 10_000)
        #expect(try SearchQuery.parse("@today and not @done").evaluate(in: outline, clock: Self.clock).count == 25_000)
        // Steps that revisit the document from every item stop at the time limit instead of running for hours.
        let costly = try SearchQuery.parse("//*/preceding::*[-1]")
        let start = ContinuousClock.now
        #expect(throws: SearchEvaluationError.tooSlow) {
            try costly.evaluate(in: outline, clock: Self.clock, timeLimit: .milliseconds(200))
        }
        #expect(ContinuousClock.now - start < .seconds(5))
    }
}

/// The plain text a pattern requires, used to skip lines before running the pattern.
@Suite struct RegexLiteralFilterTests {
    static func filter(_ pattern: String) -> RegexLiteralFilter? {
        guard case .parsed(let node, _) = JSRegexParser.parse(pattern, maxGroupNesting: 64) else { return nil }
        return RegexLiteralFilter(node)
    }

    @Test(arguments: [
        ("^- .*garden", "garden"), ("g.*n", "g"), ("colou?r", "colo"), ("ab+c", "ab"), ("x(abc)+yz", "yz"),
        ("[garden]+ing", "ing"), ("\\dfoo\\d", "foo"), ("Garden", "Garden"), ("a(?=b)b", "ab"),
    ])
    func requiredText(pattern: String, literal: String) {
        #expect(Self.filter(pattern)?.literal == Array(literal.utf8))
    }

    @Test func patternsWithoutARequiredRunHaveNoFilter() {
        for pattern in ["a|b", ".*", "a?", "[abc]", "(ab)", "é"] {
            #expect(Self.filter(pattern) == nil, "\(pattern)")
        }
    }

    /// Evaluating with the filter finds what running the pattern on every line finds.
    @Test func theFilterNeverHidesAMatch() throws {
        let lines = ["- Garden", "- GARDENING", "- garde n", "- \u{212A}ey", "- key", "- KEY", "- \u{130}i", "- sky"]
        let outline = Outline(document: TextDocument(text: lines.joined(separator: "\n")), indentWidth: .auto)
        for (pattern, ignoresCase) in [("garden", true), ("Garden", false), ("^- key$", true), ("i̇i", true)] {
            guard case .parsed(let node, let groups) = JSRegexParser.parse(pattern, maxGroupNesting: 64) else {
                Issue.record("\(pattern) does not parse")
                continue
            }
            let program = JSRegexProgram(node, groups: groups)
            let expected = lines.indices.filter { k in
                let subject = ignoresCase ? lines[k].lowercased() : lines[k]
                return JSRegexMatcher(program, deadline: .now + .seconds(5)).firstMatch(in: Array(subject.utf16))
            }
            let query = try SearchQuery.parse("//matches \(ignoresCase ? "" : "[s] ")\"\(pattern)\"")
            #expect(try query.evaluate(in: outline, clock: SearchBadInputTests.clock) == expected, "\(pattern)")
            #expect(!expected.isEmpty, "\(pattern)")
        }
    }
}

@Suite struct SearchAbsolutePathTests {
    /// An absolute path inside `count(` is asked once, not once per item.
    @Test func countOfAnAbsolutePathRunsOncePerSearch() throws {
        let lines = (0..<20_000).map { "- item \($0)" + ($0 % 2 == 0 ? " @done" : "") }
        let outline = SearchBadInputTests.outline(lines.joined(separator: "\n"))
        let query = try SearchQuery.parse("//count(//@done) = 10000 and @done")
        let found = try query.evaluate(in: outline, clock: SearchBadInputTests.clock, timeLimit: .seconds(5))
        #expect(found.count == 10_000)
    }
}

/// Random queries from the language's pieces and stray characters: each one parses
/// and runs, or fails with an offset inside the query. (The same generator, run
/// against TaskPaper's generated parser, found the two parse trees equal.)
@Suite struct SearchFuzzTests {
    static let pieces = [
        "one", "a", "two words", "task", "project", "note", "not", "and", "or", "union", "except", "intersect",
        "count(", "(", ")", "@t", "@text", "@data-x", "@type", "@id", "=", "!=", "<", "<=", ">", ">=", "contains",
        "beginswith", "endswith", "matches", "like", "[s]", "[n]", "[d]", "[l]", "[i]", "[0]", "[1:2]", "[-1:]", "/",
        "//", "///", "..", ".", "ancestor::", "following-sibling::", "preceding::", "self::", "*", "\"q x\"", "\"\"",
        "1", "2.5", "-", ",", "x:y", "é", "東京", "👍🏽", "\\", "\"", "[", "]", "@", "~", "?", "!", "\t", "\n",
    ]

    @Test func randomQueriesNeverCrash() throws {
        var rng = SeededRandom(seed: 42)
        let outline = SearchBadInputTests.outline(SearchFixtureTests.fixture + "\n- x @t(a, b) @d(2026-11-20)\n\n")
        for _ in 0..<10_000 {
            var query = ""
            for _ in 0..<Int(rng.next() % 9 + 1) {
                query += Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))]
                query += ["", " ", "  "][Int(rng.next() % 3)]
            }
            do {
                let parsed = try SearchQuery.parse(query)
                let found = try parsed.evaluate(in: outline, clock: SearchBadInputTests.clock)
                // Every line is an item to a search (blank lines too, as in TaskPaper).
                #expect(
                    found == found.sorted() && Set(found).count == found.count
                        && found.allSatisfy(outline.lines.indices.contains))
            } catch let error as SearchParseError {
                #expect(error.utf8Offset >= 0 && error.utf8Offset <= query.utf8.count, "\(query)")
            }
        }
    }
}

@Suite struct SearchManyContextTests {
    /// A multi-step path inside `count(` runs from every item; each run costs its own
    /// items, not a pass over the document.
    @Test func aMultiStepCountFromEveryItemStaysFast() throws {
        var lines: [String] = []
        for k in 0..<10_000 { lines += ["p\(k):", "\t- t\(k)", "\t\t- u\(k)"] }
        let outline = SearchBadInputTests.outline(lines.joined(separator: "\n"))
        let query = try SearchQuery.parse("//count(*/*) = 1")
        let found = try query.evaluate(in: outline, clock: SearchBadInputTests.clock, timeLimit: .seconds(10))
        #expect(found.count == 10_000)
        #expect(found.allSatisfy { outline.lines[$0].text.hasSuffix(":") })
    }
}
