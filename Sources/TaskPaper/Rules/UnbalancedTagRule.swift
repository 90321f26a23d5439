/// `tag-value-unbalanced`: `@name(` whose `(` TaskPaper reads as no value, so
/// the tag is not read at all; TaskPaper scans on, and tags after it still count.
struct UnbalancedTagRule: LineRule {
    func check(_ line: AnalyzedLine, into diagnostics: inout [LineDiagnostic]) {
        guard line.syntax.unbalancedTagStart >= 0 else { return }
        let text = line.text  // once: a line of many unread values asks for it on each
        for unread in TagScanner.unreadValues(in: text, syntax: line.syntax).prefix(LineDiagnostic.maxPerRuleAndLine) {
            let range = UnbalancedTagRule.range(of: unread, in: text, syntax: line.syntax)
            let name = text.utf8Slice(unread.tagStart..<unread.open)
            diagnostics.append(
                LineDiagnostic(
                    .tagValueUnbalanced, range,
                    "TaskPaper reads no tag here: "
                        + UnbalancedTagRule.reason(unread, in: text, name: name, within: range.upperBound)))
        }
    }

    /// From the `@` to just before the next tag TaskPaper reads, or to the line
    /// end; trailing white space left out.
    static func range(of unread: TagScanner.UnreadValue, in text: String, syntax: LineSyntax) -> Range<Int> {
        // Tags are in line order: the first one after the `@` by binary search.
        var low = 0, high = syntax.tags.count
        while low < high {
            let mid = (low + high) / 2
            if Int(syntax.tags[mid].start) > unread.tagStart { high = mid } else { low = mid + 1 }
        }
        let next = low < syntax.tags.count ? Int(syntax.tags[low].start) : text.utf8.count
        let end = text.withUTF8Bytes { TagScanner.trimTrailingBlanks($0, end: next) }
        return unread.tagStart..<max(end, unread.open + 1)
    }

    /// Why the value is unread; nesting is looked for within the diagnostic's range (up to the next tag
    /// TaskPaper reads), so a line of many unread values is not scanned to its end for each.
    static func reason(_ unread: TagScanner.UnreadValue, in text: String, name: Substring, within end: Int) -> String {
        text.withUTF8Bytes { b -> String in
            let stop = unread.stop
            if stop < b.count, b[stop] == UInt8(ascii: ")") {
                return "\(name)(…) must be followed by white space or the line end"
            }
            if stop < b.count,
                closesWhenNested(UnsafeBufferPointer(rebasing: b[..<min(end, b.count)]), open: unread.open)
            {
                return "the parentheses inside \(name)(…) are nested; escape them as '\\(' and '\\)'"
            }
            return "\(name)( has no closing ')'"
        }
    }

    /// Whether the value's parentheses balance when nesting is allowed (`@p(T(S) / B)`).
    private static func closesWhenNested(_ b: UnsafeBufferPointer<UInt8>, open: Int) -> Bool {
        let leftParen: UInt8 = 0x28, rightParen: UInt8 = 0x29, backslash: UInt8 = 0x5C
        var depth = 0, k = open
        while k < b.count {
            switch b[k] {
            case backslash where k + 1 < b.count && (b[k + 1] == leftParen || b[k + 1] == rightParen):
                k += 1
            case leftParen: depth += 1
            case rightParen:
                depth -= 1
                if depth == 0 { return true }
            default: break
            }
            k += 1
        }
        return false
    }
}
