/// The lexical half of `SearchParser`: values (attributes, `count(`, quoted
/// and unquoted strings), names, bytes and error reporting.
extension SearchParser {
    // MARK: Values

    mutating func parseValue() throws(SearchParseError) -> SearchOperand? {
        if consume("@") {
            guard let name = scanAttributeName() else {
                // TaskPaper's grammar refuses a ':' there without noting it.
                if peek() != UInt8(ascii: ":") { fail("an attribute name after '@'") }
                pos -= 1
                return nil
            }
            while true {
                let save = pos
                guard consume(":"), scanAttributeName() != nil else { pos = save; break }
            }
            return .attribute(SearchAttribute(name: name))
        }
        let start = pos
        if consume("count"), peek() == UInt8(ascii: "(") {
            let open = pos
            pos += 1
            try enterNesting(at: open)
            defer { nesting -= 1 }
            if let inner = try parseUnion() {
                skipWhitespace()
                if consume(")") { return .count(inner) }
                fail("')' to close 'count(' at \(start)")
            }
        }
        pos = start
        return try parseString().map(SearchOperand.literal)
    }

    /// Quoted and unquoted pieces with the whitespace between them, trimmed.
    /// An unquoted piece is one digit, one symbol, or a name that is not a keyword.
    mutating func parseString() throws(SearchParseError) -> String? {
        let save0 = pos
        var out: [UInt8] = []
        var pieces = 0
        while true {
            let save = pos
            let wsStart = pos
            skipWhitespace()
            let ws = b[wsStart..<pos]
            if let piece = try scanQuoted() ?? scanUnquoted() {
                out += ws
                out += piece
                pieces += 1
                let trailing = pos
                skipWhitespace()
                out += b[trailing..<pos]
            } else {
                pos = save
                break
            }
        }
        guard pieces > 0 else {
            // TaskPaper's parser reports a string it could not read where the string would start.
            skipWhitespace()
            fail("a search term")
            pos = save0
            return nil
        }
        while let last = out.last, Self.isWhitespace(last) { out.removeLast() }
        var first = 0
        while first < out.count, Self.isWhitespace(out[first]) { first += 1 }
        return String(decoding: out[first...], as: UTF8.self)
    }

    mutating func scanQuoted() throws(SearchParseError) -> [UInt8]? {
        let open = pos
        guard consume("\"") else { return nil }
        var out: [UInt8] = []
        while let c = peek() {
            pos += 1
            switch c {
            case UInt8(ascii: "\""): return out
            case UInt8(ascii: "\\"):
                let escaped: UInt8? =
                    switch peek() {
                    case UInt8(ascii: "\""): UInt8(ascii: "\"")
                    case UInt8(ascii: "\\"): UInt8(ascii: "\\")
                    case UInt8(ascii: "/"): UInt8(ascii: "/")
                    case UInt8(ascii: "b"): 0x08
                    case UInt8(ascii: "f"): 0x0C
                    case UInt8(ascii: "n"): 0x0A
                    case UInt8(ascii: "r"): 0x0D
                    case UInt8(ascii: "t"): 0x09
                    default: nil
                    }
                guard let escaped else {
                    // TaskPaper's parser reports a string it cannot read where the string starts.
                    pos = open
                    fail("a string with an escape it knows (one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t)")
                    return nil
                }
                out.append(escaped)
                pos += 1
            case 0..<0x20, 0x7F:
                pos = open
                fail("'\"' to close the string at \(open)")
                return nil
            default: out.append(c)
            }
        }
        pos = open
        fail("'\"' to close the string at \(open)")
        return nil
    }

    static let reservedNames: Set<String> = [
        "union", "except", "intersect", "and", "or", "not", "beginswith", "contains", "endswith", "like", "matches",
    ]

    mutating func scanUnquoted() -> [UInt8]? {
        guard let c = peek() else { return nil }
        if c >= 0x30, c <= 0x39 { pos += 1; return [c] }
        // `~ ` ! # $ % ^ & * + = { } | \ ; ' , . ? -`; `!` and `=` are reserved (they start relations).
        if Self.symbols.contains(c) { pos += 1; return [c] }
        let start = pos
        guard let name = scanName() else { return nil }
        guard !Self.reservedNames.contains(name) else { pos = start; return nil }
        return Array(b[start..<pos])
    }

    static let symbols: Set<UInt8> = Set("~`#$%^&*+{}|\\;',.?-".utf8)

    /// An XML-style name (TaskPaper's `Name`): a start character, then name characters. `noting`: remember
    /// where it started and stopped (as TaskPaper's parser caches it).
    mutating func scanName(noting: Bool = true) -> String? {
        let start = pos
        if noting { rulesRead.insert(ruleKey(.name, at: start)) }
        guard let (first, length) = scalar(), Self.isNameStart(first) else { return nil }
        pos += length
        while let (c, length) = scalar(), Self.isNameStart(c) || Self.isNameContinue(c) { pos += length }
        if noting { rulesRead.insert(ruleKey(.nameEnd, at: pos)) }
        return String(decoding: b[start..<pos], as: UTF8.self)
    }

    mutating func scanAttributeName() -> String? {
        let start = pos
        while let (c, length) = scalar(), c != ":", Self.isNameStart(c) || Self.isNameContinue(c) { pos += length }
        return pos > start ? String(decoding: b[start..<pos], as: UTF8.self) : nil
    }

    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
            0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF,
            0xFDF0...0xFFFD:
            true
        default: false
        }
    }

    static func isNameContinue(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: false
        }
    }

    // MARK: Bytes

    func peek() -> UInt8? { pos < b.count ? b[pos] : nil }

    /// The scalar at `pos` and its UTF-8 length (the query came from a String, so it is valid UTF-8).
    func scalar() -> (Unicode.Scalar, Int)? {
        guard pos < b.count else { return nil }
        let lead = b[pos]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard pos + length <= b.count else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { value = value << 6 | UInt32(b[pos + k] & 0x3F) }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    mutating func consume(_ literal: String) -> Bool {
        var k = pos
        for c in literal.utf8 {
            guard k < b.count, b[k] == c else { return false }
            k += 1
        }
        pos = k
        return true
    }

    static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    @discardableResult
    mutating func skipWhitespace() -> Int {
        let start = pos
        while let c = peek(), Self.isWhitespace(c) { pos += 1 }
        rulesRead.insert(ruleKey(.whitespace, at: pos))
        return pos - start
    }

    // MARK: Errors

    mutating func enterNesting(at offset: Int) throws(SearchParseError) {
        nesting += 1
        guard nesting <= Self.maxNesting else {
            throw SearchParseError(
                utf8Offset: offset,
                message: "parentheses nest too deeply: at most \(Self.maxNesting) levels")
        }
    }

    /// A place where TaskPaper's parser tried a literal that is not there: it can be where the
    /// error is reported, though it says nothing a person needs.
    mutating func noteFailure() {
        guard silent == 0, pos > failOffset else { return }
        failOffset = pos
        expected = []
    }

    mutating func fail(_ what: String) {
        guard silent == 0 else { return }
        if pos > failOffset {
            failOffset = pos
            expected = [what]
        } else if pos == failOffset, !expected.contains(what) {
            expected.append(what)
        }
    }

    func describeFailure() -> SearchParseError {
        var wanted = expected
        // "end of search" says little when something more specific was wanted at the same place.
        if wanted.count > 1 { wanted.removeAll { $0 == "end of search" } }
        // At the end of the query, what most likely went wrong is a group or string left open.
        if failOffset >= b.count, wanted.contains(where: { $0.contains("to close") }) {
            wanted.removeAll { !$0.contains("to close") }
        }
        let list =
            wanted.count <= 1
            ? (wanted.first ?? "a search term")
            : wanted.dropLast().joined(separator: ", ") + " or " + wanted.last!
        let found: String
        if failOffset >= b.count {
            found = b.isEmpty ? "the search is empty" : "the search ends"
        } else {
            // Show a whole word (a keyword where a term was wanted), else one character.
            var end = failOffset + 1
            while end < b.count, b[end] & 0xC0 == 0x80 { end += 1 }
            var word = SearchParser(String(decoding: b[failOffset...], as: UTF8.self))
            if word.scanName() != nil { end = failOffset + word.pos }
            found = "found '\(String(decoding: b[failOffset..<end], as: UTF8.self))'"
        }
        return SearchParseError(utf8Offset: failOffset, message: "expected \(list), but \(found)")
    }
}
