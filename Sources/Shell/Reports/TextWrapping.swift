// Text that fits the terminal: the width to wrap at (COLUMNS, else the terminal's own size, else
// 80 columns) and words wrapped at their boundaries under a hanging indent, so `help` reads
// whole on any screen instead of running off its edge.

import Foundation

enum TextWrapping {
    /// The width to wrap at: `COLUMNS` when set, else the width of the terminal on standard
    /// output, else 80; never under 20.
    static var terminalWidth: Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return max(columns, 20) }
        if let columns = windowSize()?.columns, columns > 0 { return max(columns, 20) }
        return 80
    }

    /// The size of the terminal on standard output; nil when standard output is no terminal.
    static func windowSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// `text` in lines of at most `width` characters, broken between words; the first line starts
    /// with `first`, the others with `rest`. A word longer than a line is left whole.
    static func wrap(_ text: String, width: Int, first: String = "", rest: String = "") -> [String] {
        wrap(
            items: text.split(separator: " ", omittingEmptySubsequences: true).map(String.init), separator: " ", width: width, first: first,
            rest: rest)
    }

    /// Items (`add unit`, a name with spaces) in lines of at most `width` characters, broken only
    /// between items, which `separator` joins.
    static func wrap(items: [String], separator: String, width: Int, first: String = "", rest: String = "") -> [String] {
        var lines: [String] = []
        var line = first
        var lineHasItem = false
        // A line that breaks ends with the separator's mark (`,`): room is kept for it.
        let mark = separator.trimmingCharacters(in: .whitespaces)
        for item in items {
            if lineHasItem && line.count + separator.count + item.count + mark.count > width {
                lines.append(line + mark)
                line = rest
                lineHasItem = false
            }
            line += (lineHasItem ? separator : "") + item
            lineHasItem = true
        }
        lines.append(line)
        return lines
    }
}
