/// JavaScript's number readings, which TaskPaper's `[n]` and its mixed comparisons use.
enum SearchNumbers {
    /// `parseFloat`: leading whitespace, then the longest decimal number at the start; NaN when there is none.
    static func parseFloat(_ text: Substring) -> Double {
        let b = Array(text.utf8)
        var i = 0
        while i < b.count, isSpace(b[i]) { i += 1 }
        let end = numberPrefixEnd(b, from: i)
        if end > i, let value = Double(String(decoding: b[i..<end], as: UTF8.self)) { return value }
        return .nan
    }

    /// `Number(text)`: the whole text (trimmed) must be a number; empty text is 0.
    static func jsNumber(_ text: Substring) -> Double {
        let b = Array(text.utf8)
        var i = 0, j = b.count
        while i < j, isSpace(b[i]) { i += 1 }
        while j > i, isSpace(b[j - 1]) { j -= 1 }
        if i == j { return 0 }
        guard numberPrefixEnd(b, from: i) == j else { return .nan }
        return Double(String(decoding: b[i..<j], as: UTF8.self)) ?? .nan
    }

    /// How JavaScript prints a number: integers without a fraction, `NaN`, `Infinity`.
    static func jsString(_ x: Double) -> String {
        if x.isNaN { return "NaN" }
        if x.isInfinite { return x < 0 ? "-Infinity" : "Infinity" }
        if x == x.rounded(), abs(x) < 1e21 { return String(Int64(x)) }
        return String(x)
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }

    /// End of `[+-] (Infinity | digits [. digits] | . digits) [e [+-] digits]` from `i`, or `i` when none.
    private static func numberPrefixEnd(_ b: [UInt8], from start: Int) -> Int {
        var i = start
        if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
        let infinity = Array("Infinity".utf8)
        if b.count - i >= infinity.count, Array(b[i..<i + infinity.count]) == infinity { return i + infinity.count }
        func digits() -> Int {
            let s = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            return i - s
        }
        var count = digits()
        if i < b.count, b[i] == UInt8(ascii: ".") {
            let dot = i
            i += 1
            let fraction = digits()
            if fraction == 0 && count == 0 { i = dot }
            count += fraction
        }
        guard count > 0 else { return start }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            let mark = i
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { i = mark }
        }
        return i
    }
}
