/// Text for a Markdown page that shows as written in both CommonMark (with GFM's strikethrough) and
/// Python-Markdown, escaped only where one of them would read markup, so the page still reads well raw.
/// A backslash where both honour it; an entity for `&`, `<` and `~` (Python-Markdown keeps `\<`, `\&`, `\~`).
enum MarkdownText {
    enum Place {
        /// Right after a list item's `- `: block markup (`1.`, `#`, `>`, `- `, a fence) counts there.
        case lineStart
        /// After `## `: a trailing `#` would be read as the heading's closing sequence.
        case heading
    }

    static func escaped(_ text: String, at place: Place) -> String {
        let s = Array(text.unicodeScalars)
        var replacement = [String?](repeating: nil, count: s.count)
        func at(_ i: Int) -> Unicode.Scalar? { s.indices.contains(i) ? s[i] : nil }

        // Emphasis and strikethrough take two delimiters: a lone one stays. A run between blanks is no
        // delimiter in either; `_` between letters neither (intraword in CommonMark, `\w` in Python-Markdown).
        for (mark, inertInWords) in [("*", false), ("_", true), ("~", false)] as [(Unicode.Scalar, Bool)] {
            var delimiters: [Int] = []
            for run in runs(of: mark, in: s) {
                let before = at(run.lowerBound - 1), after = at(run.upperBound)
                if isBlank(before) && isBlank(after) && run.count <= 3 { continue }
                if inertInWords && isWordPart(before) && isWordPart(after) { continue }
                delimiters += run
            }
            guard delimiters.count >= 2 else { continue }
            for i in delimiters { replacement[i] = mark == "~" ? "&#126;" : "\\\(mark)" }
        }
        // A code span needs a second run of backticks (Python-Markdown pairs runs of unequal length too).
        let backticks = runs(of: "`", in: s)
        if backticks.count >= 2 { for run in backticks { for i in run { replacement[i] = "\\`" } } }

        for (i, c) in s.enumerated() {
            switch c {
            case "\\" where at(i + 1).map(isASCIIPunctuation) ?? false: replacement[i] = "\\\\"
            case "&" where startsEntity(s, at: i + 1): replacement[i] = "&amp;"
            // Tags, autolinks and comments all need a `>` after a non-blank.
            case "<" where !isBlank(at(i + 1)) && s[(i + 1)...].contains(">"): replacement[i] = "&lt;"
            case "[" where s[(i + 1)...].contains("]"): replacement[i] = "\\["
            default: break
            }
        }

        switch place {
        case .heading:
            // Python-Markdown's heading ends on an escape or a character, never a lone backslash.
            if s.last == "#" || s.last == "\\" { replacement[s.count - 1] = "\\\(s.last!)" }
        case .lineStart:
            guard let first = s.first else { break }
            let digits = s.prefix { ("0"..."9").contains($0) }.count
            if digits > 0, let mark = at(digits), mark == "." || mark == ")", isBlank(at(digits + 1)) {
                replacement[digits] = "\\\(mark)"  // an ordered list
            } else if first == "#" || first == ">" {
                replacement[0] = "\\\(first)"  // Python-Markdown needs no space after `#`
            } else if "-+*".unicodeScalars.contains(first) && isBlank(at(1)) {
                replacement[0] = "\\\(first)"  // a nested list
            } else if "-*_".unicodeScalars.contains(first),
                s.allSatisfy({ $0 == first || isBlank($0) }),
                s.filter({ $0 == first }).count >= (first == "-" ? 2 : 3)
            {
                replacement[0] = "\\\(first)"  // a thematic break (the item's own `-` counts for `-`)
            } else if first == "<" && !isBlank(at(1)) {
                replacement[0] = "&lt;"  // an HTML block needs no `>`
            } else if s.starts(with: "```".unicodeScalars) {
                replacement[0] = "\\`"
            } else if s.starts(with: "~~~".unicodeScalars) {
                replacement[0] = "&#126;"
            }
        }

        var out = ""
        for (c, r) in zip(s, replacement) {
            if let r { out += r } else { out.unicodeScalars.append(c) }
        }
        return out
    }

    private static func runs(of mark: Unicode.Scalar, in s: [Unicode.Scalar]) -> [Range<Int>] {
        var runs: [Range<Int>] = [], i = 0
        while i < s.count {
            guard s[i] == mark else {
                i += 1
                continue
            }
            let start = i
            while i < s.count && s[i] == mark { i += 1 }
            runs.append(start..<i)
        }
        return runs
    }

    /// Space, tab, or the text's edge: what both renderers treat as whitespace around a delimiter.
    private static func isBlank(_ c: Unicode.Scalar?) -> Bool { c == nil || c == " " || c == "\t" }

    /// A letter or a number: Python-Markdown's `\w` without `_`, and neither space nor punctuation in CommonMark.
    private static func isWordPart(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        switch c.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }

    private static func isASCIIPunctuation(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && ##"!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"##.unicodeScalars.contains(c)
    }

    /// `#65`, `#x41` or `amp;` from `i`: what makes `&` an entity (Python-Markdown takes any name).
    private static func startsEntity(_ s: [Unicode.Scalar], at i: Int) -> Bool {
        var k = i
        func skip(_ allowed: (Unicode.Scalar) -> Bool) -> Int {
            let start = k
            while k < s.count && allowed(s[k]) { k += 1 }
            return k - start
        }
        let isDigit = { (c: Unicode.Scalar) in ("0"..."9").contains(c) }
        let isHex = { (c: Unicode.Scalar) in isDigit(c) || ("a"..."f").contains(c) || ("A"..."F").contains(c) }
        let isAlnum = { (c: Unicode.Scalar) in isDigit(c) || ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        if k < s.count && s[k] == "#" {
            // Python-Markdown reads `&#65` as `&#65;` (as browsers do): a number needs no `;`.
            k += 1
            if k < s.count && (s[k] == "x" || s[k] == "X") {
                k += 1
                return skip(isHex) > 0
            }
            return skip(isDigit) > 0
        }
        return skip(isAlnum) > 0 && k < s.count && s[k] == ";"
    }
}
