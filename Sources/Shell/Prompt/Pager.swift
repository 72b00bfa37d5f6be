// Output taller than the screen, at the prompt: a screenful at a time, so the start of a long
// report (validate's summary, which comes first) does not scroll away unread. Enter shows the
// next page, `a` the rest, `q` stops. Piped output and scripts are never paged.

import Foundation

struct Pager {
    /// Rows of the terminal on standard output (`LINES` when set); nil when it is no terminal.
    static var terminalRows: Int? {
        if let lines = ProcessInfo.processInfo.environment["LINES"].flatMap({ Int($0) }), lines > 0 { return max(lines, 5) }
        guard isatty(STDOUT_FILENO) == 1, let rows = TextWrapping.windowSize()?.rows, rows > 0 else { return nil }
        return max(rows, 5)
    }

    let rows: Int
    let width: Int
    /// Asks between pages; nil when the input ended (then the rest is left unshown).
    let ask: (String) -> String?

    /// The rows `line` takes on the screen, wrapped at `width`.
    func height(of line: Substring) -> Int { max(1, (line.count + width - 1) / width) }

    /// Prints `text` through `output`, a page at a time when it does not fit on the screen.
    func show(_ text: String, output: (String) -> Void) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // One row is kept for the question, one for the line typed before it.
        let page = rows - 2
        guard lines.reduce(0, { $0 + height(of: $1) }) > rows - 1 else { return output(text) }
        var start = 0
        while start < lines.count {
            var used = 0
            var end = start
            while end < lines.count, end == start || used + height(of: lines[end]) <= page {
                used += height(of: lines[end])
                end += 1
            }
            output(lines[start..<end].joined(separator: "\n"))
            start = end
            guard start < lines.count else { return }
            let left = lines.count - start
            let answer = ask("-- \(left.grouped) more line\(left == 1 ? "" : "s"): Enter for the next page, a for all, q to stop -- ")
            switch answer?.trimmingCharacters(in: .whitespaces).lowercased() {
            case nil, "q"?:
                output("(\(left.grouped) line\(left == 1 ? "" : "s") not shown)")
                return
            case "a"?:
                output(lines[start...].joined(separator: "\n"))
                return
            default:
                continue
            }
        }
    }
}
