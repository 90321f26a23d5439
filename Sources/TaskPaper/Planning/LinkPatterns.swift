/// TaskPaper 3's three link patterns (birch-outline's smart links: e-mail,
/// path, web), each found left to right as its global regular expression
/// finds them, by linear scans instead of a regex engine. Offsets are UTF-8
/// offsets into the text scanned (a line without its indentation).
enum LinkPatterns {
    /// `\b[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}\b`, case-insensitive; a match right after `:` is
    /// left to the web pattern (TaskPaper skips it).
    static func emails(_ t: LinkText) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var searchFrom = 0
        var at = t.bytes.firstIndex(of: UInt8(ascii: "@")) ?? t.count
        while at < t.count {
            defer { at = nextAt(t, after: at) }
            guard at >= searchFrom, let start = localPartStart(t, at: at, from: searchFrom),
                let end = domainEnd(t, at: at)
            else { continue }
            searchFrom = end
            if start > 0, t[start - 1] == UInt8(ascii: ":") { continue }
            out.append(start..<end)
        }
        return out
    }

    private static func nextAt(_ t: LinkText, after i: Int) -> Int {
        var k = i + 1
        while k < t.count, t[k] != UInt8(ascii: "@") { k += 1 }
        return k
    }

    private static func isLocal(_ b: UInt8) -> Bool {
        LinkText.isWord(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "%") || b == UInt8(ascii: "+")
            || b == UInt8(ascii: "-")
    }

    private static func isDomain(_ b: UInt8) -> Bool {
        LinkText.isLetter(b) || LinkText.isDigit(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
    }

    /// The leftmost start at or after `from` of a run of local-part characters
    /// that reaches the `@`, at a word boundary.
    private static func localPartStart(_ t: LinkText, at: Int, from: Int) -> Int? {
        var runStart = at
        while runStart > from, isLocal(t[runStart - 1]) { runStart -= 1 }
        return (runStart..<at).first { t.isWordBoundary(at: $0) }
    }

    /// The end of the longest domain: a run of domain characters, then `.`,
    /// then 2 to 4 letters followed by a word boundary.
    private static func domainEnd(_ t: LinkText, at: Int) -> Int? {
        var runEnd = at + 1
        while runEnd < t.count, isDomain(t[runEnd]) { runEnd += 1 }
        var dot = runEnd - 1
        while dot > at + 1 {
            defer { dot -= 1 }
            guard t[dot] == UInt8(ascii: ".") else { continue }
            var letters = 0
            while letters < 5, dot + 1 + letters < t.count, LinkText.isLetter(t[dot + 1 + letters]) { letters += 1 }
            let end = dot + 1 + letters
            if (2...4).contains(letters), !(end < t.count && LinkText.isWord(t[end])) { return end }
        }
        return nil
    }

    /// `(?:^|\s)(\.?\/(?:\\\s|[^\0 ])+)`: a path after white space or at the
    /// start, running to an unescaped space (`\ ` is part of it). With
    /// `extended`, also paths starting `~/` or `../`.
    static func paths(_ t: LinkText, extended: Bool) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = 0
        while i < t.count {
            if i == 0, let end = pathEnd(t, from: 0, extended: extended) {
                out.append(0..<end)
                i = end
                continue
            }
            let space = t.whiteSpaceLength(at: i)
            guard space > 0 else { i += 1; continue }
            if let end = pathEnd(t, from: i + space, extended: extended) {
                out.append(i + space..<end)
                i = end
            } else {
                i += space
            }
        }
        return out
    }

    /// Where a path that starts at `start` ends; nil when none starts there.
    static func pathEnd(_ t: LinkText, from start: Int, extended: Bool) -> Int? {
        guard let body = pathBodyStart(t, start, extended: extended) else { return nil }
        var j = body
        while j < t.count {
            if t[j] == UInt8(ascii: "\\"), case let space = t.whiteSpaceLength(at: j + 1), space > 0 {
                j += 1 + space
            } else if t[j] != 0 && t[j] != UInt8(ascii: " ") {
                j += 1
            } else {
                break
            }
        }
        return j > body ? j : nil
    }

    private static func pathBodyStart(_ t: LinkText, _ s: Int, extended: Bool) -> Int? {
        func has(_ prefix: String) -> Bool {
            let p = Array(prefix.utf8)
            return s + p.count <= t.count && t.bytes[s..<s + p.count].elementsEqual(p)
        }
        if has("/") { return s + 1 }
        if has("./") { return s + 2 }
        if extended, has("../") { return s + 3 }
        if extended, has("~/") { return s + 2 }
        return nil
    }

    /// Gruber's URL pattern as TaskPaper writes it:
    /// `\b(?:([a-z][\w-]+:(?:/{1,3}|[a-z0-9%.])|www\d{0,3}[.])(?:[^\s()<>]+|\([^\s()<>]+\))+`
    /// `(?:\([^\s()<>]+\)|[^`!()\[\]{};:'".,<>?«»“”‘’\s]))`, case-insensitive.
    static func webAddresses(_ t: LinkText) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var p = 0
        // A scheme's run is the same for every start inside it, and so is the
        // verdict on what follows its colon: remember both.
        var runEnd = -1
        var failedColon = -1
        while p < t.count {
            guard LinkText.isLetter(t[p]), t.isWordBoundary(at: p) else { p += 1; continue }
            if p >= runEnd {
                runEnd = p + 1
                while runEnd < t.count, LinkText.isWord(t[runEnd]) || t[runEnd] == UInt8(ascii: "-") { runEnd += 1 }
            }
            if runEnd - p >= 2, runEnd < t.count, t[runEnd] == UInt8(ascii: ":"), runEnd != failedColon {
                if let end = schemeRest(t, from: runEnd + 1) {
                    out.append(p..<end)
                    p = end
                    continue
                }
                failedColon = runEnd
            }
            if let afterDot = wwwPrefixEnd(t, at: p), let end = bodyEnd(t, from: afterDot, minimumUnits: 2) {
                out.append(p..<end)
                p = end
                continue
            }
            p += 1
        }
        return out
    }

    /// After `scheme:`, one slash run or one of `[a-z0-9%.]`, then the body.
    private static func schemeRest(_ t: LinkText, from s: Int) -> Int? {
        guard s < t.count else { return nil }
        let b = t[s]
        guard
            b == UInt8(ascii: "/") || LinkText.isLetter(b) || LinkText.isDigit(b) || b == UInt8(ascii: "%")
                || b == UInt8(ascii: ".")
        else { return nil }
        // Up to three slashes may go to the prefix, but one is enough: the rest count in the body.
        return bodyEnd(t, from: s, minimumUnits: 3)
    }

    /// `www`, up to three digits, `.`: the offset after the dot.
    private static func wwwPrefixEnd(_ t: LinkText, at p: Int) -> Int? {
        guard p + 3 < t.count, (t[p] | 0x20) == 0x77, (t[p + 1] | 0x20) == 0x77, (t[p + 2] | 0x20) == 0x77
        else { return nil }
        var k = p + 3
        while k < t.count, k - (p + 3) < 4, LinkText.isDigit(t[k]) { k += 1 }
        guard k - (p + 3) <= 3, k < t.count, t[k] == UInt8(ascii: ".") else { return nil }
        return k + 1
    }

    /// The body's units run from `s`: single characters other than white space
    /// and `()<>`, or a `(…)` group of such characters. The match ends after
    /// the last unit, counted from `s`, that may end it (a group, or a
    /// character other than trailing punctuation), provided it is unit
    /// `minimumUnits` or later.
    private static func bodyEnd(_ t: LinkText, from s: Int, minimumUnits: Int) -> Int? {
        var j = s
        var units = 0
        var end: Int?
        while j < t.count {
            let b = t[j]
            if b == UInt8(ascii: "(") {
                var k = j + 1
                while k < t.count, isBodyCharacter(t, k) { k += t.characterLength(at: k) }
                guard k > j + 1, k < t.count, t[k] == UInt8(ascii: ")") else { break }
                j = k + 1
                units += 1
                if units >= minimumUnits { end = j }
                continue
            }
            guard isBodyCharacter(t, j) else { break }
            let closes = !t.isWebTrailingPunctuation(at: j)
            j += t.characterLength(at: j)
            units += 1
            if closes, units >= minimumUnits { end = j }
        }
        return end
    }

    /// `[^\s()<>]`
    private static func isBodyCharacter(_ t: LinkText, _ i: Int) -> Bool {
        let b = t[i]
        return b != UInt8(ascii: "(") && b != UInt8(ascii: ")") && b != UInt8(ascii: "<") && b != UInt8(ascii: ">")
            && t.whiteSpaceLength(at: i) == 0
    }
}
