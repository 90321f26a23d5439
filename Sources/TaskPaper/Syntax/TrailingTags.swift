/// The automaton `TagScanner.trailingTagsStart` runs: TaskPaper's `(TAG)+\s*$`
/// read right to left, its states as bits of a set, one table step per character.
enum TrailingTags {
    // States, reading right to left: trailing white space, inside a value, a
    // value that needs the `\` escaping the parenthesis just read, a name, the
    // `@`, and the white space before an `@` (where a match may start).
    static let trailing: UInt8 = 1, value: UInt8 = 2, escaped: UInt8 = 4, name: UInt8 = 8, atSign: UInt8 = 16,
        separator: UInt8 = 32

    // Character classes (white space and name may combine: U+1680, U+FEFF).
    static let other: UInt8 = 0, space: UInt8 = 1, nameCharacter: UInt8 = 2, openParen: UInt8 = 4,
        closeParen: UInt8 = 5,
        backslash: UInt8 = 6, at: UInt8 = 7

    /// The class of each ASCII byte.
    static let asciiClasses: [UInt8] = (0..<128).map { c -> UInt8 in
        switch UInt8(c) {
        case 0x28: openParen
        case 0x29: closeParen
        case 0x5C: backslash
        case 0x40: at
        case let c where TextClasses.isASCIIWhiteSpace(c): space
        case let c where TextClasses.isASCIINameByte(c): nameCharacter
        default: other
        }
    }

    /// `transitions[states << 3 | class]`: the states after reading one more character to the left.
    static let transitions: [UInt8] = (0..<64 * 8).map { index in step(UInt8(index >> 3), UInt8(index & 7)) }

    private static func step(_ states: UInt8, _ characterClass: UInt8) -> UInt8 {
        let isSpace = characterClass == space || characterClass == space | nameCharacter
        let isName = characterClass == nameCharacter || characterClass == space | nameCharacter
        var next: UInt8 = 0
        if states & (trailing | separator) != 0 {
            if isSpace { next |= states & (trailing | separator) }
            if characterClass == closeParen { next |= value }
            if isName { next |= name }
            if characterClass == at { next |= atSign }
        }
        if states & value != 0 {
            switch characterClass {
            case openParen: next |= name | escaped  // the value's opening, or an escaped `(`
            case closeParen: next |= escaped
            default: next |= value
            }
        }
        if states & escaped != 0, characterClass == backslash { next |= value }
        if states & name != 0 {
            if isName { next |= name }
            if characterClass == at { next |= atSign }
        }
        if states & atSign != 0, isSpace { next |= separator }
        return next
    }
}
