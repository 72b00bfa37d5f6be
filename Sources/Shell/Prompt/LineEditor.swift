// The prompt's line editing on a terminal, through GNU readline: persistent history (saved after
// every line), Tab completion from `Completion`, Ctrl-C cancelling the line being typed, Ctrl-D at
// an empty line ending input. Readline's state is process-global C state, so there is one editor
// per process and the completion callbacks reach it through the globals below.

@preconcurrency import CReadline
import Foundation

public final class LineEditor {
    let historyPath: String

    public init(historyPath: String) {
        self.historyPath = historyPath
        rl_catch_signals = 0
        rl_readline_name = UnsafePointer(strdup("imdf"))
        // Words break at white space only, so `category=off` and `"Room 3` complete as one word.
        rl_completer_word_break_characters = UnsafePointer(strdup(" \t\n"))
        // ...except inside double quotes, so `"Classroom 10` completes to a whole name with spaces.
        rl_completer_quote_characters = UnsafePointer(strdup("\""))
        rl_attempted_completion_function = attemptCompletion
        using_history()
        read_history(historyPath)
        // A program started by another that blocked signals (a multiplexer, a job runner) inherits
        // the blocked mask: Ctrl-C would never arrive, and closing the terminal (SIGHUP) or a
        // `kill` would leave the session running with its journal locked. Every acknowledged
        // command is already on disk, so ending on those signals loses nothing.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        for signal in [SIGINT, SIGHUP, SIGTERM] { sigaddset(&interrupt, signal) }
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
        // The counter is made here, not on its first use inside the handler, where a lazy
        // initialisation is not safe.
        _ = Interruption.mark
        signal(SIGINT) { _ in
            // Ctrl-C: a running command that can stop (an import waiting on the GDAL helper)
            // sees it; at the prompt it drops the half-typed line and starts afresh, as a shell does.
            Interruption.record()
            _ = write(1, "^C\n", 3)
            rl_on_new_line()
            rl_replace_line("", 0)
            rl_redisplay()
        }
    }

    /// The history file: `$IMDF_HISTORY`, else `~/.imdf_history`.
    public static var defaultHistoryPath: String {
        ProcessInfo.processInfo.environment["IMDF_HISTORY"] ?? (NSHomeDirectory() + "/.imdf_history")
    }

    /// One line from the terminal (nil at end of input), with `complete` answering Tab. Lines
    /// are kept in the history unless `remember` is false (answers to questions).
    public func line(prompt: String, remember: Bool = true, complete: @escaping @Sendable (String) -> [String]) -> String? {
        CompletionState.source = complete
        guard let raw = readline(prompt) else { return nil }
        defer { free(raw) }
        let text = String(cString: raw)
        if remember && !text.trimmingCharacters(in: .whitespaces).isEmpty {
            add_history(raw)
            if FileManager.default.fileExists(atPath: historyPath) {
                append_history(1, historyPath)
            } else {
                write_history(historyPath)
            }
        }
        return text
    }
}

/// The completion callbacks' view of the editor (readline calls plain C functions).
enum CompletionState {
    nonisolated(unsafe) static var source: (@Sendable (String) -> [String])?
    nonisolated(unsafe) static var matches: [String] = []
    nonisolated(unsafe) static var next = 0
}

private let attemptCompletion: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? =
    {
        text, _, end in
        let bytes = rl_line_buffer.map {
            UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: Int(end))
        }
        let before = bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
        if Completion.wantsPath(before) { return nil }  // readline's own file-name completion
        CompletionState.matches = CompletionState.source?(before) ?? []
        rl_attempted_completion_over = 1
        // `control=` is half a word: its value follows without a space (readline would add one).
        if !Completion.endsWord(CompletionState.matches) { rl_completion_suppress_append = 1 }
        return rl_completion_matches(text, completionGenerator)
    }

private let completionGenerator: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { _, state in
    if state == 0 { CompletionState.next = 0 }
    guard CompletionState.next < CompletionState.matches.count else { return nil }
    defer { CompletionState.next += 1 }
    return strdup(CompletionState.matches[CompletionState.next])
}
