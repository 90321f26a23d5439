import Testing

@testable import TaskPaper

/// The scanner's shortcuts (`knownTags`, `mayRepeatTagName`) must say exactly what
/// comparing every tag's name says.
struct KnownTagNamesTests {
    static let classes: [(String, KnownTagNames)] = [
        ("done", .done), ("cancelled", .cancelled), ("due", .due), ("start", .start), ("defer", .defer),
        ("search", .search), ("repeat", .repeat), ("id", .reserved), ("text", .reserved), ("type", .reserved),
        ("est", .est), ("estimate", .estimate), ("lasted", .lasted), ("started", .started),
    ]

    @Test func everyKnownNameHasItsClassAndNearMissesHaveNone() {
        for (name, known) in Self.classes { #expect(KnownTagNames(name: name) == known, "\(name)") }
        for name in [
            "", "d", "don", "Done", "dones", "cancelle", "cancelledx", "cancelleD", "du", "due2", "tex",
            "texts", "ids", "starts", "deferred", "repeats", "searc", "été", "type-", "projects", "Est", "ests",
            "estimates", "last", "starte",
        ] {
            #expect(KnownTagNames(name: name).isEmpty, "\(name)")
        }
    }

    /// Random lines built from near-miss names, odd spacing and values: the bits match a name-by-name
    /// reading of the tags, and no line whose bit says "no repeat" has one.
    @Test func scannerBitsAgreeWithComparingNames() {
        var random = SeededRandom(seed: 41)
        let names = Self.classes.map(\.0) + ["don", "Done", "cancelle", "due2", "été", "x", "", "due.x", "start-"]
        let pieces = [" ", "  ", "\t", "- ", "Home:", "text", "(v)", "(a b)", "(", ")", "\\(", "é", "👍🏽", "\u{3000}"]
        for _ in 0..<20_000 {
            var line = random.chance(2) ? "- " : ""
            for _ in 0..<random.int(0...9) {
                if random.chance(3) {
                    line += random.pick(pieces)
                } else {
                    line += " @" + random.pick(names) + (random.chance(3) ? "(\(random.int(0...9)))" : "")
                }
            }
            let syntax = TagScanner.parse(line)
            var expected: KnownTagNames = []
            for tag in syntax.tags {
                for (name, known) in Self.classes where tag.hasName(name, in: line) { expected.formUnion(known) }
            }
            #expect(syntax.knownTags == expected, "\(line.debugDescription)")
            var repeats = false
            for i in syntax.tags.indices where !syntax.tags[i].hasEmptyName {
                repeats = repeats || (0..<i).contains { syntax.tags[$0].hasSameName(as: syntax.tags[i], in: line) }
            }
            if !syntax.mayRepeatTagName { #expect(!repeats, "\(line.debugDescription)") }
            if syntax.tags.count <= 8 { #expect(syntax.mayRepeatTagName == repeats, "\(line.debugDescription)") }
            #expect(syntax.repeatedTagIndices(in: line).isEmpty == !repeats, "\(line.debugDescription)")
        }
    }

    /// Past 8 tags names compare as Strings, so canonically equal spellings repeat, whatever follows.
    @Test func aLineOfManyTagsRepeatsCanonicallyEqualNames() {
        let line = "- x @a @b @c @d @e @f @caf\u{E9} @cafe\u{301} @"
        let syntax = TagScanner.parse(line)
        #expect(syntax.tags.count == 9)
        #expect(syntax.mayRepeatTagName)
        #expect(syntax.repeatedTagIndices(in: line) == [7])
    }

    /// A custom date tag named like a reserved attribute reads as a date only under its own name.
    @Test func dateTagsMatchByNameWhateverTheirClass() {
        var settings = LintSettings()
        settings.dateTags = ["id", "deadline", "due"]
        let clock = LintClock(today: CivilDate(year: 2026, month: 11, day: 25), now: TimeOfDay(hour: 9, minute: 0))
        let line = "- a @id(2026-01-01) @text(2026-01-02) @deadline(2026-01-03) @done(2026-01-04) @due(x)"
        let analyzed = AnalyzedLine(text: line, syntax: TagScanner.parse(line), settings: settings, clock: clock)
        #expect(analyzed.dates.map(\.tagIndex) == [0, 2, 4])
    }
}
