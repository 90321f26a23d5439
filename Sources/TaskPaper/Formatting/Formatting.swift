/// Formatting a document (`Sources/TaskPaper/README.md`, "Formatting and item
/// actions"): indentation written as one tab a level, trailing spaces and tabs
/// removed, date payloads zero-padded, line ends kept. Each change is checked
/// on the rewritten line: one that would change the line's kind, tags or tag
/// values is left out, so formatting never changes what TaskPaper reads.
public enum Formatting {
    /// One replacement per changed line (the differing stretch of it), in order.
    /// With `range`, only those lines are formatted, unless rewriting them
    /// would change the document's spaces per level (under `auto` width) and
    /// so the depth of a line outside it: then the whole document is.
    public static func format(
        _ lines: [Line], in range: ClosedRange<Int>? = nil, indentWidth: IndentWidth,
        settings: LintSettings = LintSettings()
    ) -> [TextReplacement] {
        guard !lines.isEmpty else { return [] }
        let width = indentWidth.spacesPerLevel(lines)
        var targets = 0..<lines.count
        if let range {
            let clamped = range.clamped(to: 0...lines.count - 1)
            let requested = clamped.lowerBound..<clamped.upperBound + 1
            if keepsDepthsOutside(requested, of: lines, width: width, indentWidth: indentWidth) { targets = requested }
        }
        var out: [TextReplacement] = []
        for i in targets {
            let line = lines[i]
            let depth = line.syntax.kind == .blank ? 0 : line.syntax.depth(spacesPerLevel: width)
            guard var formatted = formattedText(of: line, depth: depth, dateTags: settings.dateTagNames) else {
                continue
            }
            // A tab keeps such a line apart and, unlike spaces, never sets the level width.
            if formatted.isEmpty, joinsLineEnds(at: i, in: lines) {
                guard line.text != "\t" else { continue }
                formatted = "\t"
            }
            out.append(changedStretch(from: line.text, to: formatted, line: i))
        }
        return out
    }

    /// The line's text formatted at `depth`, or nil when it is already so.
    static func formattedText(of line: Line, depth: Int, dateTags: [String]) -> String? {
        let padded = paddedPayloads(of: line, dateTags: dateTags)
        // Trimming can turn `Home: ` into a project and `- ` into a note; padding never changes a tag,
        // but each is checked, and the indentation alone always keeps the line what it was.
        let tries = padded.isEmpty ? [(true, false)] : [(true, true), (false, true), (true, false)]
        for (trim, pad) in tries {
            let candidate = build(line, depth: depth, trim: trim, padded: pad ? padded : [])
            // An already formatted line costs no second parse.
            if candidate == line.text { return nil }
            if readsTheSame(candidate, as: line, depth: depth) { return candidate }
        }
        let indented = build(line, depth: depth, trim: false, padded: [])
        return indented == line.text ? nil : indented
    }

    /// Whether emptying line `i` would let the `\r` before it and its `\n` make one line end.
    static func joinsLineEnds(at i: Int, in lines: [Line]) -> Bool {
        i > 0 && lines[i - 1].ending == .cr && lines[i].ending == .lf
    }

    /// Date payloads whose zero-padded form reads as the same date: (payload range, padded text), in order.
    static func paddedPayloads(of line: Line, dateTags: [String]) -> [(Range<Int>, String)] {
        var out: [(Range<Int>, String)] = []
        for tag in line.syntax.tags where tag.hasValue && dateTags.contains(where: { tag.hasName($0, in: line) }) {
            guard let range = tag.payloadRange else { continue }
            let payload = line.utf8Slice(range)
            let padded = DateValue.zeroPadded(payload)
            guard padded != payload, case .success(let was) = DateValue.parse(payload, clock: fixedClock),
                case .success(let now) = DateValue.parse(padded[...], clock: fixedClock),
                (was.form, was.start, was.end) == (now.form, now.start, now.end)
            else { continue }
            out.append((range, padded))
        }
        return out
    }

    /// Any moment serves: a payload and its padded form are read against the same one.
    static let fixedClock = LintClock(today: CivilDate(year: 2000, month: 1, day: 1), now: .midnight)

    static func build(_ line: Line, depth: Int, trim: Bool, padded: [(Range<Int>, String)]) -> String {
        let text = line.text
        let bodyStart = line.syntax.indentLength
        var end = text.utf8.count
        if trim {
            end = text.withUTF8Bytes { b in
                var e = b.count
                while e > bodyStart, TagScanner.isBlank(b[e - 1]) { e -= 1 }
                return e
            }
        }
        var out = String(repeating: "\t", count: depth)
        var copied = bodyStart
        for (range, replacement) in padded where range.upperBound <= end {
            out += text.utf8Slice(copied..<range.lowerBound)
            out += replacement
            copied = range.upperBound
        }
        out += text.utf8Slice(copied..<end)
        return out
    }

    /// Whether the rewritten line has the original's depth, kind, tag names and
    /// values (a padded date payload counts as its original).
    static func readsTheSame(_ candidate: String, as line: Line, depth: Int) -> Bool {
        let new = TagScanner.parse(candidate), old = line.syntax
        guard new.kind == old.kind, new.depth(spacesPerLevel: 1) == depth, new.tags.count == old.tags.count else {
            return false
        }
        for (a, b) in zip(old.tags, new.tags) {
            guard a.name(in: line) == b.name(in: candidate) else { return false }
            let was = a.payload(in: line), now = b.payload(in: candidate)
            guard was == now || was.map({ DateValue.zeroPadded($0) }) == now.map(String.init) else { return false }
        }
        return true
    }

    /// Under `auto` width, whether every line outside `targets` keeps its depth once
    /// the targets hold no leading spaces (formatted lines are indented with tabs only).
    static func keepsDepthsOutside(
        _ targets: Range<Int>, of lines: [Line], width: Int,
        indentWidth: IndentWidth
    ) -> Bool {
        guard case .auto = indentWidth else { return true }
        var shortest = Int32.max
        for (i, line) in lines.enumerated() where !targets.contains(i) && line.syntax.indent.shortestSpaceRun > 0 {
            shortest = min(shortest, line.syntax.indent.shortestSpaceRun)
        }
        let newWidth = indentWidth.spacesPerLevel(shortestRun: shortest == .max ? nil : Int(shortest))
        guard newWidth != width else { return true }
        for (i, line) in lines.enumerated()
        where !targets.contains(i) && line.syntax.kind != .blank
            && line.syntax.depth(spacesPerLevel: width) != line.syntax.depth(spacesPerLevel: newWidth)
        {
            return false
        }
        return true
    }

    /// A replacement of just the stretch that differs (cursor and undo stay put
    /// in the rest), cut on scalar boundaries.
    static func changedStretch(from old: String, to new: String, line: Int) -> TextReplacement {
        let a = Array(old.utf8), b = Array(new.utf8)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        while prefix > 0, isContinuation(a, prefix) || isContinuation(b, prefix) { prefix -= 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        while suffix > 0, isContinuation(a, a.count - suffix) || isContinuation(b, b.count - suffix) { suffix -= 1 }
        let replaced = String(decoding: b[prefix..<b.count - suffix], as: UTF8.self)
        return TextReplacement(line: line, prefix..<a.count - suffix, replaced)
    }

    private static func isContinuation(_ bytes: [UInt8], _ i: Int) -> Bool {
        i < bytes.count && bytes[i] & 0xC0 == 0x80
    }
}
