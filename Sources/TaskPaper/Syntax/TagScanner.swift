/// Parses one line (without its line end) into `LineSyntax`, reading it as
/// TaskPaper 3 does (`Sources/TaskPaper/README.md`). Works on UTF-8 bytes with
/// no regular-expression engine and in time linear in the line's length: it
/// runs on every line of a 100,000-line document.
public enum TagScanner {
    public static func parse(_ text: String) -> LineSyntax {
        text.withUTF8Bytes { parse(bytes: $0) }
    }

    static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> LineSyntax {
        parse(bytes: b, isASCII: ByteScan.isASCII(b))
    }

    /// The same for bytes whose caller knows whether they are all ASCII.
    static func parse(bytes b: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> LineSyntax {
        let n = b.count
        let indent = LeadingWhiteSpace(b)
        var syntax = LineSyntax(
            tags: TagList(), indent: indent, unbalancedTagStart: -1, contentEnd: Int32(n),
            utf8Count: Int32(n), kind: .blank, taskMarkerLength: 0, isASCII: isASCII)
        let body = Int(indent.end)
        if body == n || isAllWhiteSpace(b, from: body) { return syntax }

        // The start of the white space before the first of the latest tags that follow one another with
        // white space alone between them (TaskPaper's trailing-tags match, when they end the line).
        var runStart = body, lastEnd = -1
        scan(
            b, bodyStart: body,
            tag: { tag in
                let spaceStart = whiteSpaceRunStart(b, before: Int(tag.start), bodyStart: max(body, lastEnd))
                if spaceStart != lastEnd { runStart = spaceStart }
                lastEnd = tag.end
                if !syntax.mayRepeatTagName, !tag.hasEmptyName {
                    // Exact, on bytes, for a handful of tags; a line of more is settled after the scan.
                    let count = syntax.tags.count
                    var repeats = count >= 8
                    for k in 0..<count where !repeats { repeats = syntax.tags[k].hasSameName(as: tag, in: b) }
                    syntax.mayRepeatTagName = repeats
                }
                syntax.tags.append(tag)
                syntax.knownTags.formUnion(KnownTagNames.of(tag, in: b))
            },
            unreadValue: { unread in
                if syntax.unbalancedTagStart < 0 { syntax.unbalancedTagStart = Int32(unread.tagStart) }
            })
        // Past 8 tags names compare as Strings (`repeatedTagIndices`): canonically equal spellings repeat too.
        if syntax.tags.count > 8 { syntax.mayRepeatTagName = true }
        // TaskPaper looks for trailing tags only on a line where it found a tag. Nearly always the tags
        // found end the line, separated by white space alone: the match then starts at the white space
        // before the first of them (a match reaching further left would need a value or a name to span a
        // tag those tags hold, which their parentheses rule out). Otherwise the automaton decides.
        if lastEnd >= 0 {
            if whiteSpaceRunStart(b, before: n, bodyStart: lastEnd) == lastEnd {
                syntax.contentEnd = Int32(runStart)
            } else if let start = trailingTagsStart(b, bodyStart: body) {
                syntax.contentEnd = Int32(start)
            }
        }

        let contentEnd = Int(syntax.contentEnd)
        if let marker = taskMarkerLength(b, bodyStart: body, contentEnd: contentEnd) {
            syntax.kind = .task
            syntax.taskMarkerLength = Int8(marker)
        } else if contentEnd > body, b[contentEnd - 1] == colon {
            syntax.kind = .project
        } else {
            syntax.kind = .note
        }
        return syntax
    }

    /// A `(` after a tag's name that TaskPaper does not read as a value.
    public struct UnreadValue: Sendable, Hashable {
        /// Offset of the `@`.
        public var tagStart: Int
        /// Offset of the `(`.
        public var open: Int
        /// Where the value stopped: a bare `(`, a `)` not followed by white space, or the line end.
        public var stop: Int
    }

    /// Every tag TaskPaper's expression `(^|\s+)@(NAME)(?:\((VALUE)\))?(?=\s|$)`
    /// finds, scanning on from the end of each match, and every `@name(` whose
    /// `(` it reads as no value. Each byte is looked at a bounded number of times.
    @inline(__always)
    static func scan(
        _ b: UnsafeBufferPointer<UInt8>, bodyStart: Int,
        tag onTag: (Tag) -> Void, unreadValue onUnread: (UnreadValue) -> Void
    ) {
        let n = b.count
        var from = bodyStart
        while true {
            let at = ByteScan.firstIndex(of: atSign, in: b, from: from)
            guard at < n else { return }
            from = at + 1
            guard at == bodyStart || TextClasses.whiteSpaceEnds(at: at, in: b) else { continue }
            let nameEnd = scanName(b, from: at + 1)
            if nameEnd < n, b[nameEnd] == openParen {
                switch scanValue(b, open: nameEnd) {
                case .closed(let close):
                    onTag(Tag(start: at, nameEnd: nameEnd, payload: nameEnd + 1..<close))
                    from = close + 1
                    continue
                case .unread(let stop):
                    onUnread(UnreadValue(tagStart: at, open: nameEnd, stop: stop))
                }
            } else if TextClasses.isBoundary(nameEnd, in: b) {
                onTag(Tag(start: at, nameEnd: nameEnd, payload: nil))
                from = nameEnd
                continue
            }
            // The name backtracks to a shorter one only where it ends before white space.
            if nameEnd > at + 1, let shorter = lastWhiteSpaceInName(b, from: at + 1, to: nameEnd) {
                onTag(Tag(start: at, nameEnd: shorter, payload: nil))
                from = shorter
            }
        }
    }

    /// The `(`s after tag names that TaskPaper reads as no value, in line order.
    public static func unreadValues(in text: String, syntax: LineSyntax) -> [UnreadValue] {
        guard syntax.unbalancedTagStart >= 0 else { return [] }
        var out: [UnreadValue] = []
        text.withUTF8Bytes { b in
            scan(b, bodyStart: syntax.indentLength, tag: { _ in }, unreadValue: { out.append($0) })
        }
        return out
    }

    enum ValueScan: Equatable { case closed(Int), unread(stop: Int) }

    /// Reads the value after the `(` at `open`. TaskPaper's `(?:\\\(|\\\)|[^()])*`
    /// backtracks (an escape is not atomic), so the value closes at the last `)`
    /// followed by white space or the end among: the first `(`/`)` not preceded
    /// by `\`, and every `\)` before it.
    static func scanValue(_ b: UnsafeBufferPointer<UInt8>, open: Int) -> ValueScan {
        let n = b.count, start = open + 1
        var k = start, lastEscapedClose = -1
        while true {
            k = ByteScan.firstIndex(of: openParen, or: closeParen, in: b, from: k)
            guard k < n else { break }
            if k > start, b[k - 1] == backslash {
                if b[k] == closeParen, TextClasses.isBoundary(k + 1, in: b) { lastEscapedClose = k }
                k += 1
                continue
            }
            if b[k] == closeParen, TextClasses.isBoundary(k + 1, in: b) { return .closed(k) }
            break
        }
        return lastEscapedClose >= 0 ? .closed(lastEscapedClose) : .unread(stop: k)
    }

    /// Returns the end of a run of name characters starting at `start`.
    static func scanName(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var j = start
        // Nearly every name is ASCII: a byte at a time, one bit test each.
        while j < b.count, b[j] < 0x80, TextClasses.isASCIINameByte(b[j]) { j += 1 }
        while j < b.count {
            let length = TextClasses.nameCharacterLength(at: j, in: b)
            guard length > 0 else { break }
            j += length
        }
        return j
    }

    private static func lastWhiteSpaceInName(_ b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var j = start, last: Int?
        while j < end {
            if TextClasses.isWhiteSpaceNameCharacter(at: j, in: b) { last = j }
            j += TextClasses.nameCharacterLength(at: j, in: b)
        }
        return last
    }

    /// `^([\-+*])\s`: the marker and its white-space character, in bytes.
    private static func taskMarkerLength(_ b: UnsafeBufferPointer<UInt8>, bodyStart: Int, contentEnd: Int) -> Int? {
        guard contentEnd - bodyStart >= 2 else { return nil }
        let c = b[bodyStart]
        guard c == dash || c == plus || c == star else { return nil }
        let space = TextClasses.whiteSpaceLength(at: bodyStart + 1, in: b)
        guard space > 0, bodyStart + 1 + space <= contentEnd else { return nil }
        return 1 + space
    }

    private static func isAllWhiteSpace(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var i = start
        while i < b.count {
            let length = TextClasses.whiteSpaceLength(at: i, in: b)
            guard length > 0 else { return false }
            i += length
        }
        return true
    }

    /// The start of the run of white space that ends at `end` (`end` itself when there is none).
    private static func whiteSpaceRunStart(_ b: UnsafeBufferPointer<UInt8>, before end: Int, bodyStart: Int) -> Int {
        var i = end
        while i > bodyStart {
            if b[i - 1] < 0x80 {
                guard TextClasses.isASCIIWhiteSpace(b[i - 1]) else { break }
                i -= 1
            } else if b[i - 1] == 0xA0, i - 2 >= bodyStart, b[i - 2] == 0xC2 {
                i -= 2
            } else if i - 3 >= bodyStart, TextClasses.nonASCIIWhiteSpaceLength(at: i - 3, in: b) == 3 {
                i -= 3
            } else {
                break
            }
        }
        return i
    }

    /// The automaton: TaskPaper's expression read backwards with its states
    /// held as a set (so no backtracking), one table step per character.
    static func trailingTagsStart(_ b: UnsafeBufferPointer<UInt8>, bodyStart: Int) -> Int? {
        var states = TrailingTags.trailing, i = b.count, start: Int?
        TrailingTags.asciiClasses.withUnsafeBufferPointer { classes in
            TrailingTags.transitions.withUnsafeBufferPointer { step in
                while i > bodyStart, states != 0 {
                    var k = i - 1
                    let c = b[k], characterClass: UInt8
                    if c < 0x80 {
                        characterClass = classes[Int(c)]
                    } else {
                        while k > bodyStart, b[k] & 0xC0 == 0x80 { k -= 1 }
                        let space: UInt8 = TextClasses.whiteSpaceLength(at: k, in: b) > 0 ? TrailingTags.space : 0
                        let name: UInt8 =
                            TextClasses.nameCharacterLength(at: k, in: b) > 0 ? TrailingTags.nameCharacter : 0
                        characterClass = space | name
                    }
                    states = step[Int(states) << 3 | Int(characterClass)]
                    i = k
                    if states & TrailingTags.separator != 0 || (states & TrailingTags.atSign != 0 && i == bodyStart) {
                        start = i
                    }
                }
            }
        }
        return start
    }

    /// Trims spaces and tabs before `end`.
    static func trimTrailingBlanks(_ b: UnsafeBufferPointer<UInt8>, end: Int) -> Int {
        var e = end
        while e > 0, isBlank(b[e - 1]) { e -= 1 }
        return e
    }

    /// A space or a tab: the characters of indentation.
    @inline(__always) static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// A tag name TaskPaper reads whole (used to validate renames and settings): not empty.
    public static func isValidTagName(_ name: String) -> Bool {
        var copy = name
        return copy.withUTF8 { b in !b.isEmpty && scanName(b, from: 0) == b.count }
    }

    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, atSign: UInt8 = 0x40, dash: UInt8 = 0x2D, plus: UInt8 = 0x2B,
        star: UInt8 = 0x2A, colon: UInt8 = 0x3A, openParen: UInt8 = 0x28, closeParen: UInt8 = 0x29,
        backslash: UInt8 = 0x5C
}
