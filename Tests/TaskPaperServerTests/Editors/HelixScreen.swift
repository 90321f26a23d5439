import Foundation

/// A terminal screen as `tmux capture-pane -p -e` prints it: each cell's character and the style it is
/// drawn in, read from the SGR escapes.
struct TerminalScreen {
    /// What a cell looks like. Colours are kept as their SGR spelling (`5;4` for palette colour 4,
    /// `2;219;191;239` for RGB); nil is the terminal's default.
    struct Style: Hashable, CustomStringConvertible {
        var foreground: String?
        var background: String?
        var bold = false, dim = false, italic = false, underline = false, reverse = false, strike = false

        /// The style without the underline a diagnostic adds.
        var ignoringUnderline: Style { var style = self; style.underline = false; return style }

        var description: String {
            var parts = ["fg=\(foreground ?? "default")", "bg=\(background ?? "default")"]
            for (on, name) in [
                (bold, "bold"), (dim, "dim"), (italic, "italic"), (underline, "underline"),
                (reverse, "reverse"), (strike, "strike"),
            ] where on { parts.append(name) }
            return parts.joined(separator: " ")
        }
    }

    struct Cell { var character: Character; var style: Style }

    let rows: [[Cell]]

    /// The rows as plain text.
    var lines: [String] { rows.map { String($0.map(\.character)) } }
    var text: String { lines.joined(separator: "\n") }

    init(captured: String) {
        var rows: [[Cell]] = []
        var style = Style()
        var lines = captured.split(separator: "\n", omittingEmptySubsequences: false)
        if captured.hasSuffix("\n") { lines.removeLast() }
        for line in lines {
            var row: [Cell] = []
            var characters = line[...]
            while let first = characters.first {
                if first == "\u{1B}", characters.dropFirst().first == "[" {
                    // ESC [ parameters final
                    let body = characters.dropFirst(2)
                    guard let end = body.firstIndex(where: { $0.isLetter }) else { break }
                    if body[end] == "m" { Self.apply(String(body[body.startIndex..<end]), to: &style) }
                    characters = body[body.index(after: end)...]
                    continue
                }
                row.append(Cell(character: first, style: style))
                characters = characters.dropFirst()
            }
            rows.append(row)
        }
        self.rows = rows
    }

    private static func apply(_ parameters: String, to style: inout Style) {
        var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        if codes.isEmpty { codes = ["0"] }
        var index = 0
        func color() -> String? {
            // 38;5;N or 38;2;R;G;B (and the same after 48 and 58)
            guard index + 1 < codes.count else { return nil }
            if codes[index + 1] == "5", index + 2 < codes.count {
                defer { index += 2 }
                return "5;\(codes[index + 2])"
            }
            if codes[index + 1] == "2", index + 4 < codes.count {
                defer { index += 4 }
                return "2;\(codes[index + 2]);\(codes[index + 3]);\(codes[index + 4])"
            }
            return nil
        }
        while index < codes.count {
            let code = codes[index]
            let main = code.split(separator: ":").first.map(String.init) ?? code
            switch Int(main.isEmpty ? "0" : main) ?? -1 {
            case 0: style = Style()
            case 1: style.bold = true
            case 2: style.dim = true
            case 3: style.italic = true
            case 4: style.underline = !code.hasSuffix(":0")
            case 7: style.reverse = true
            case 9: style.strike = true
            case 22: style.bold = false; style.dim = false
            case 23: style.italic = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 29: style.strike = false
            case 30...37: style.foreground = "5;\(Int(main)! - 30)"
            case 38: style.foreground = color()
            case 39: style.foreground = nil
            case 40...47: style.background = "5;\(Int(main)! - 40)"
            case 48: style.background = color()
            case 49: style.background = nil
            case 58: _ = color()  // underline colour
            case 90...97: style.foreground = "5;\(Int(main)! - 90 + 8)"
            case 100...107: style.background = "5;\(Int(main)! - 100 + 8)"
            default: break
            }
            index += 1
        }
    }

    /// The row whose text contains `needle`, from the top.
    func row(containing needle: String) -> Int? { lines.firstIndex { $0.contains(needle) } }

    /// The style of the character at `offset` in the first occurrence of `needle` on the screen.
    func style(of needle: String, at offset: Int = 0, inRowWith rowNeedle: String? = nil) -> Style? {
        guard let rowIndex = row(containing: rowNeedle ?? needle) else { return nil }
        let line = Array(lines[rowIndex])
        let target = Array(needle)
        guard target.count <= line.count else { return nil }
        for start in 0...(line.count - target.count) where Array(line[start..<start + target.count]) == target {
            return rows[rowIndex][start + offset].style
        }
        return nil
    }
}
