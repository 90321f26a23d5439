/// Parses one line (without its line end) into `LineSyntax`, following SPEC 1.
/// Works on UTF-8 bytes: it runs on every line of a 100,000-line document.
public enum TagScanner {
    public static func parse(_ text: String) -> LineSyntax {
        var copy = text
        return copy.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> LineSyntax {
        let n = b.count
        var tabs: Int32 = 0, spaces: Int32 = 0
        var i = 0
        while i < n, isBlank(b[i]) {
            if b[i] == tab { tabs += 1 } else { spaces += 1 }
            i += 1
        }
        let indent = i
        let isASCII = ByteScan.isASCII(b)
        var syntax = LineSyntax(kind: .blank, indentTabs: tabs, indentSpaces: spaces, tags: TagList(),
                                unbalancedTagStart: -1, contentEnd: Int32(n), utf8Count: Int32(n), isASCII: isASCII)
        if indent == n { return syntax }

        scanTags(b, from: indent, into: &syntax)
        // A line of tags alone has empty content, which still starts after the indentation.
        syntax.contentEnd = Int32(max(indent, contentEnd(b, tags: syntax.tags, unbalanced: syntax.unbalancedTagStart >= 0)))

        if n - indent >= 2, b[indent] == dash, isBlank(b[indent + 1]) {
            syntax.kind = .task
        } else if syntax.contentEnd > Int32(indent), b[Int(syntax.contentEnd) - 1] == colon {
            syntax.kind = .project
        } else {
            syntax.kind = .note
        }
        return syntax
    }

    private static func scanTags(_ b: UnsafeBufferPointer<UInt8>, from start: Int, into syntax: inout LineSyntax) {
        let n = b.count
        var i = ByteScan.firstIndex(of: at, in: b, from: start)
        guard i < n else { return }
        while true {
            i = ByteScan.firstIndex(of: at, in: b, from: i)
            guard i < n else { return }
            guard i == 0 || isBlank(b[i - 1]) else { i += 1; continue }
            let nameEnd = scanName(b, from: i + 1)
            if nameEnd == i + 1 { i += 1; continue }
            if nameEnd == n || isBlank(b[nameEnd]) {
                syntax.tags.append(Tag(start: i, nameEnd: nameEnd, payload: nil))
                i = nameEnd
                continue
            }
            guard b[nameEnd] == openParen else { i = nameEnd; continue }
            switch scanValue(b, from: nameEnd + 1) {
            case .closed(let close):
                if close + 1 == n || isBlank(b[close + 1]) {
                    syntax.tags.append(Tag(start: i, nameEnd: nameEnd, payload: nameEnd + 1..<close))
                }
                i = close + 1
            case .unbalanced:
                // The value swallows the rest of the line: no tag can follow.
                syntax.unbalancedTagStart = Int32(i)
                return
            }
        }
    }

    enum ValueEnd { case closed(Int), unbalanced }

    /// Finds the `)` closing a value that starts at `start`; `\(` and `\)` are escapes.
    static func scanValue(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> ValueEnd {
        var k = start
        while k < b.count {
            switch b[k] {
            case backslash where k + 1 < b.count && (b[k + 1] == openParen || b[k + 1] == closeParen):
                k += 2
            case closeParen:
                return .closed(k)
            case openParen:
                return .unbalanced
            default:
                k += 1
            }
        }
        return .unbalanced
    }

    /// Returns the end of a run of name characters starting at `start`.
    static func scanName(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var j = start
        while j < b.count {
            let byte = b[j]
            if byte < 0x80 {
                guard isASCIINameByte(byte) else { break }
                j += 1
            } else {
                guard let (scalar, length) = decodeScalar(b, at: j), isNameScalar(scalar) else { break }
                j += length
            }
        }
        return j
    }

    /// The content ends before the trailing run of tags and the white space around it.
    /// With no trailing tags, trailing white space stays (so `Home: ` is no project).
    private static func contentEnd(_ b: UnsafeBufferPointer<UInt8>, tags: TagList, unbalanced: Bool) -> Int {
        var end = b.count
        guard !unbalanced else { return end }
        for tag in tags.reversed() {
            let trimmed = trimTrailingBlanks(b, end: end)
            guard tag.end == trimmed else { break }
            end = trimTrailingBlanks(b, end: Int(tag.start))
        }
        return end
    }

    static func trimTrailingBlanks(_ b: UnsafeBufferPointer<UInt8>, end: Int) -> Int {
        var e = end
        while e > 0, isBlank(b[e - 1]) { e -= 1 }
        return e
    }

    @inline(__always) static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    @inline(__always) private static func isASCIINameByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
            || c == 0x5F || c == 0x2D || c == 0x2E
    }

    /// Letters of any script, digits, and the marks and extenders XML names allow.
    public static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return isASCIINameByte(UInt8(s.value)) }
        if s.value == 0xB7 { return true }
        let p = s.properties
        if p.isAlphabetic { return true }
        switch p.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .modifierLetter:
            return true
        default:
            return false
        }
    }

    /// A valid tag name per SPEC 1 (used to validate renames).
    public static func isValidTagName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy(isNameScalar)
    }

    private static func decodeScalar(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int)? {
        var it = b[i...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let s) = decoder.decode(&it) else { return nil }
        return (s, UTF8.width(s))
    }

    private static let space: UInt8 = 0x20, tab: UInt8 = 0x09, at: UInt8 = 0x40, dash: UInt8 = 0x2D,
        colon: UInt8 = 0x3A, openParen: UInt8 = 0x28, closeParen: UInt8 = 0x29, backslash: UInt8 = 0x5C
}
