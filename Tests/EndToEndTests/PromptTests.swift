import Foundation
import TestSupport
import Testing

/// The prompt as a person uses it: a real terminal (tmux), keys sent one by one, the screen read
/// back. Tab completion, Ctrl-C, undo, quitting with unsaved changes, and history across restarts.
@Suite("The prompt in a terminal", .serialized)
struct PromptTests {
    /// A tmux session on a server of its own (its socket in the test's folder), so the test
    /// neither touches the user's tmux nor leaves a server running when it ends.
    struct Terminal {
        let name = "imdf-test-" + UUID().uuidString.prefix(8)
        let socket: String

        init(folder: String) { socket = folder + "/tmux-" + name }

        @discardableResult
        func tmux(_ arguments: String...) throws -> String {
            try ChildProcess.run("tmux", ["-S", socket] + arguments, environment: ["TMUX": ""], timeout: 10).output
        }

        /// Starts the session. Its output goes nowhere: the tmux server it starts outlives the
        /// call and would hold a pipe open.
        func start(_ command: String) throws {
            let client = try ChildProcess(
                "tmux", ["-S", socket, "new-session", "-d", "-s", name, "-x", "120", "-y", "40", command],
                environment: ["TMUX": ""], input: .null, output: .null, errors: .null)
            _ = try client.wait(timeout: 10)
        }

        func keys(_ keys: String...) throws {
            for key in keys { try tmux("send-keys", "-t", name, key) }
        }

        func type(_ text: String) throws { try tmux("send-keys", "-t", name, "-l", text) }

        func screen() throws -> String { try tmux("capture-pane", "-p", "-t", name) }

        /// Waits until the screen shows `text` (the program answers asynchronously).
        func waitFor(_ text: String, seconds: Double = 10) throws -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if try screen().contains(text) { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return false
        }

        func isRunning() throws -> Bool { try tmux("list-sessions").contains(name) }

        func stop() { _ = try? tmux("kill-server") }

        /// Types `quit`, answers the question about unsaved changes with y; true when the program
        /// asked and then ended.
        func quitWithoutSaving() throws -> Bool {
            try type("quit")
            try keys("Enter")
            guard try waitFor("Quit without saving? [y/N]") else { return false }
            try type("y")
            try keys("Enter")
            let deadline = Date().addingTimeInterval(5)
            while try isRunning(), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            return try !isRunning()
        }
    }

    @Test func completionCtrlCUndoQuitAndHistoryWorkAtARealTerminal() throws {
        let folder = NSTemporaryDirectory() + "imdf-prompt-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let imdf = CommandLineTests.executable
        #expect(try ChildProcess.run(imdf, ["generate", folder + "/venue", "--rooms", "6"]).status == 0)
        let command = "IMDF_HISTORY=\(folder)/history \(imdf) \(folder)/venue"

        let terminal = Terminal(folder: folder)
        defer { terminal.stop() }
        try terminal.start(command)
        #expect(try terminal.waitFor("imdf Building 1/G >"))
        // Tab completes a command word, then its second word.
        try terminal.type("spl")
        try terminal.keys("Tab")
        #expect(try terminal.waitFor("> split"))
        try terminal.keys("Tab")
        #expect(try terminal.waitFor("> split unit"))
        // A category valid for the command, and a room's name.
        try terminal.keys("C-u")
        try terminal.type("add unit X category=offi")
        try terminal.keys("Tab")
        #expect(try terminal.waitFor("category=office"))
        try terminal.keys("C-u")
        try terminal.type("rename 0.00")
        try terminal.keys("Tab", "Tab")
        #expect(try terminal.waitFor("0.001  0.002  0.003"))
        // Ctrl-C drops a half-typed line.
        try terminal.keys("C-u")
        try terminal.type("delete everything")
        try terminal.keys("C-c")
        #expect(try terminal.waitFor("^C"))
        // Edit, undo, edit again.
        try terminal.type("rename 0.001 Lab")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("to \"Lab\""))
        #expect(try terminal.waitFor("imdf Building 1/G* >"))
        try terminal.type("undo")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("undid: rename"))
        try terminal.type("rename 0.002 Seminar")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("to \"Seminar\""))
        // Ctrl-D with unsaved changes asks; "n" stays; quit and "y" leaves.
        try terminal.keys("C-d")
        #expect(try terminal.waitFor("Quit without saving? [y/N]"))
        try terminal.type("n")
        try terminal.keys("Enter")
        #expect(try terminal.isRunning())
        // The terminal goes away (a crash, a closed window): the unsaved work is in the journal.
        terminal.stop()

        // The journal offers the unsaved commands back; history survives the restart too: Up
        // brings back the last commands.
        let again = Terminal(folder: folder)
        defer { again.stop() }
        try again.start(command)
        #expect(try again.waitFor("unsaved commands from"))
        #expect(try again.waitFor("recover, discard, show? [r/d/s]"))
        try again.type("s")
        try again.keys("Enter")
        #expect(try again.waitFor("3. rename 0.002 Seminar"))
        try again.type("d")
        try again.keys("Enter")
        #expect(try again.waitFor("discarded 3 unsaved commands"))
        #expect(try again.waitFor("imdf Building 1/G >"))
        try again.keys("Up")
        #expect(try again.waitFor("> rename 0.002 Seminar"))
        let history = try String(contentsOfFile: folder + "/history", encoding: .utf8)
        #expect(history.contains("rename 0.001 Lab") && !history.contains("\ny\n"))
        // Quitting without saving on purpose leaves no journal to be offered next time.
        try again.keys("C-u")
        try again.type("rename 0.003 Office")
        try again.keys("Enter")
        #expect(try again.waitFor("to \"Office\""))
        #expect(try again.quitWithoutSaving())
        let third = Terminal(folder: folder)
        defer { third.stop() }
        try third.start(command)
        #expect(try third.waitFor("imdf Building 1/G >"))
        #expect(try !third.screen().contains("unsaved commands"))
    }

    @Test func anEditAtARealTerminalIsFollowedByTheFindingsItIntroducedAndTheJournalKeepsOnlyTheCommand() throws {
        let folder = NSTemporaryDirectory() + "imdf-prompt-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let imdf = CommandLineTests.executable
        #expect(try ChildProcess.run(imdf, ["generate", folder + "/venue", "--rooms", "6"]).status == 0)
        let terminal = Terminal(folder: folder)
        defer { terminal.stop() }
        try terminal.start("IMDF_HISTORY=\(folder)/history \(imdf) \(folder)/venue")
        #expect(try terminal.waitFor("imdf Building 1/G >"))
        try terminal.type("add unit Annex category=office rect 1,1 2x2")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("1 new warning: G8 unit \"Room 0.001\" and unit \"Annex\" overlap by 4.0 m²"))
        try terminal.type("findings off")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("findings of each edit: off"))
        try terminal.type("undo")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("undid: add unit"))
        #expect(try !terminal.screen().contains("resolved"))
        // The journal holds the commands as they are made.
        try terminal.type("rename 0.002 Lab")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("to \"Lab\""))
        let journal = try String(contentsOfFile: folder + "/venue.journal", encoding: .utf8)
        #expect(journal.contains("add unit Annex") && journal.contains("\nundo") && !journal.contains("G8") && !journal.contains("findings"))
        #expect(try terminal.quitWithoutSaving())
        #expect(!FileManager.default.fileExists(atPath: folder + "/venue.journal"))
    }

    @Test func roomNamesOfARealSampleCompleteAtARealTerminal() throws {
        let folder = NSTemporaryDirectory() + "imdf-prompt-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Samples.spbstu, toPath: folder + "/spbstu")
        let terminal = Terminal(folder: folder)
        defer { terminal.stop() }
        try terminal.start("IMDF_HISTORY=\(folder)/history \(CommandLineTests.executable) \(folder)/spbstu")
        #expect(try terminal.waitFor("imdf Academic building №3/2 >", seconds: 30))
        try terminal.type("use level fc8f18cb")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("imdf Academic building №3/1 >"))
        // A name with a space: the open quote keeps it one word; Tab Tab lists, Tab completes it
        // and closes the quote.
        try terminal.type("rename \"Classroom 10")
        try terminal.keys("Tab", "Tab")
        #expect(try terminal.waitFor("Classroom 104"))
        try terminal.type("4")
        try terminal.keys("Tab")
        #expect(try terminal.waitFor("> rename \"Classroom 104\""))
        try terminal.type(" Laboratory")  // the screen does not show whether a space follows
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("to \"Laboratory\""))
        try terminal.type("add unit X category=labor")
        try terminal.keys("Tab")
        #expect(try terminal.waitFor("category=laboratory"))
        try terminal.keys("C-u")
        // A line ending in \\ goes on at a continuation prompt, as in scripts.
        try terminal.type("rename \"Laboratory\" \\")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("\n..."))  // the continuation prompt (the screen drops its trailing space)
        try terminal.type("\"Lab 104\"")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("to \"Lab 104\""))
        // Undoing back to the opened state leaves nothing unsaved: quit asks nothing.
        try terminal.type("undo 2")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("imdf Academic building №3/1 >"))
        try terminal.type("quit")
        try terminal.keys("Enter")
        let deadline = Date().addingTimeInterval(10)
        while try terminal.isRunning(), Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(try !terminal.isRunning())
    }

    @Test func renderColoursRoomsAtARealTerminalUnlessNoColorIsSet() throws {
        let folder = NSTemporaryDirectory() + "imdf-colour-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let imdf = CommandLineTests.executable
        #expect(try ChildProcess.run(imdf, ["generate", folder + "/venue", "--rooms", "6"]).status == 0)
        for noColor in [false, true] {
            let terminal = Terminal(folder: folder)
            defer { terminal.stop() }
            // The test runner itself may run with NO_COLOR set; an empty value means unset (no-color.org).
            try terminal.start("NO_COLOR=\(noColor ? "1" : "") IMDF_HISTORY=\(folder)/history \(imdf) \(folder)/venue")
            #expect(try terminal.waitFor("imdf Building 1/G >"))
            try terminal.type("render width=60")
            try terminal.keys("Enter")
            #expect(try terminal.waitFor("┘"))
            // -e keeps the colours in the captured screen.
            let screen = try terminal.tmux("capture-pane", "-p", "-e", "-t", terminal.name)
            // Rooms on a 256-colour background (SGR 48;5;N), each family its own.
            let backgrounds = Set(screen.matches(of: /48;5;(\d+)m/).map { String($0.1) })
            #expect(noColor ? backgrounds.isEmpty : backgrounds.count >= 2, "NO_COLOR \(noColor): \(backgrounds)")
            #expect(screen.contains("┌") && screen.contains("0.001"))
            try terminal.type("quit")
            try terminal.keys("Enter")
            let deadline = Date().addingTimeInterval(5)
            while try terminal.isRunning(), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            #expect(try !terminal.isRunning())
        }
    }
}
