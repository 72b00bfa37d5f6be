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

    @Test func aTerminalSaysWhereHelpIsHelpFitsTheScreenAndAnOptionKeyCompletesToItsValue() throws {
        let folder = NSTemporaryDirectory() + "imdf-prompt-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let imdf = CommandLineTests.executable
        #expect(try ChildProcess.run(imdf, ["generate", folder + "/venue", "--rooms", "6"]).status == 0)
        let terminal = Terminal(folder: folder)
        defer { terminal.stop() }
        // No COLUMNS: the width is the terminal's (120 columns, 40 rows).
        try terminal.start("unset COLUMNS; IMDF_HISTORY=\(folder)/history \(imdf) \(folder)/venue")
        #expect(try terminal.waitFor("imdf Building 1/G >"))
        // One line before the first prompt says where help is.
        let first = try terminal.screen().split(separator: "\n").map(String.init)
        let prompt = try #require(first.firstIndex { $0.hasPrefix("imdf Building 1/G >") })
        #expect(
            prompt > 0 && first[prompt - 1].contains("`help` lists the commands, `help CMD` shows one with an example, Tab"), "\(first)")
        // help fits the screen: its first group is still on it when the prompt comes back.
        try terminal.keys("C-l")
        try terminal.type("help")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("`help CMD` shows a command's usage"))
        let help = try terminal.screen()
        #expect(help.contains("  viewing ") && help.contains("  files and session "), "\(help)")
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 120 })
        // An option key completes to its `=`, with no space: the value follows it.
        try terminal.keys("C-l")
        try terminal.type("import dxf plan.dxf cont")
        try terminal.keys("Tab")
        #expect(try terminal.waitFor("> import dxf plan.dxf control="))
        try terminal.type("0,0=@8.55,50.1")
        #expect(try terminal.waitFor("> import dxf plan.dxf control=0,0=@8.55,50.1"))
        // After `category=`, Tab Tab lists the unit categories (and not an opening's).
        try terminal.keys("C-u")
        try terminal.type("add unit X category=")
        try terminal.keys("Tab", "Tab")
        #expect(try terminal.waitFor("category=laboratory"))
        #expect(try !terminal.screen().contains("category=pedestrian"))
        try terminal.keys("C-u")
        try terminal.type("quit")
        try terminal.keys("Enter")
    }

    /// A report taller than the screen is paged: the summary (which comes first) stays on the
    /// screen, and the rest comes a page at a time, or not at all.
    @Test func aLongValidationReportAtARealTerminalIsPagedWithItsSummaryFirst() throws {
        let folder = NSTemporaryDirectory() + "imdf-prompt-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let imdf = CommandLineTests.executable
        let terminal = Terminal(folder: folder)
        defer { terminal.stop() }
        try terminal.start("unset COLUMNS LINES; IMDF_HISTORY=\(folder)/history \(imdf) \(Samples.root)/spbstu-polymap --discard-journal")
        #expect(try terminal.waitFor("imdf "))
        try terminal.keys("C-l")
        try terminal.type("validate")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("more lines: Enter for the next page, a for all, q to stop --", seconds: 30))
        let first = try terminal.screen()
        #expect(first.contains("errors,") && first.contains("warnings") && first.contains("features"), "\(first)")
        // The next page, then stop: the rest is counted, and the prompt is back.
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("more lines", seconds: 10))
        try terminal.type("q")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("lines not shown)"))
        #expect(try terminal.waitFor("imdf "))
        // A short answer is not paged.
        try terminal.keys("C-l")
        try terminal.type("ls level")
        try terminal.keys("Enter")
        #expect(try terminal.waitFor("level \""))
        #expect(try !terminal.screen().contains("more line"))
        try terminal.type("quit")
        try terminal.keys("Enter")
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
        #expect(
            journal.contains("add unit Annex") && journal.contains("\nundo") && !journal.contains("G8") && !journal.contains("findings"))
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

/// The whole job a facilities mapper does, at a real terminal, reading only the screen: find a
/// room of a named building, draw it, read a split line off the rulers, split it, list the new
/// room's doors, move one, attach an occupant, see the findings the edits made, validate, save,
/// reopen and find the names in English.
@Suite("A mapper's whole job at the prompt", .serialized)
struct WholeJobTests {
    typealias Terminal = PromptTests.Terminal

    /// Clears the screen, types `line` and waits for its answer: `marker` on the screen, and the
    /// prompt back under it; the screen then.
    func run(_ terminal: Terminal, _ line: String, until marker: String, seconds: Double = 20) throws -> String {
        try terminal.keys("C-l")
        try terminal.type(line)
        try terminal.keys("Enter")
        let deadline = Date().addingTimeInterval(seconds)
        var screen = try terminal.screen()
        while Date() < deadline {
            screen = try terminal.screen()
            let prompts = screen.components(separatedBy: "\nimdf ").count - 1 + (screen.hasPrefix("imdf ") ? 1 : 0)
            if screen.contains(marker) && prompts >= 2 { return screen }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("\(line): no \(marker) and prompt in\n\(screen)")
        return screen
    }

    /// The numbers of the x ruler (the line under the ticks) and of the y ruler (the left margin).
    func rulers(_ screen: String) -> (x: [Double], y: [Double]) {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let ticks = lines.lastIndex(where: { $0.contains("┼") && !$0.contains("─") }), ticks + 1 < lines.count else {
            return ([], [])
        }
        let x = lines[ticks + 1].split(separator: " ").compactMap { Double($0) }
        // The y ruler's numbers stand in the six columns left of the drawing.
        let y = lines[..<ticks].compactMap { Double($0.prefix(6).trimmingCharacters(in: .whitespaces)) }
        return (x, y)
    }

    @Test func findRenderSplitMoveAttachValidateSaveAndReopen() throws {
        let folder = NSTemporaryDirectory() + "imdf-job-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Samples.spbstu, toPath: folder + "/campus")
        let command = "LANG=C.UTF-8 IMDF_HISTORY=\(folder)/history \(CommandLineTests.executable) \(folder)/campus"
        let terminal = Terminal(folder: folder)
        defer { terminal.stop() }
        try terminal.start(command)
        #expect(try terminal.waitFor("imdf Academic building №3/2 >", seconds: 30))

        // Which 104? The one in the building asked about.
        let found = try run(terminal, "find Classroom 104", until: "Classroom 104")
        #expect(
            found.contains("in building \"Academic building №3\"") && found.contains("in building \"Main academic building\""), "\(found)")
        _ = try run(terminal, "use building \"Academic building №3\"", until: "using building")
        _ = try run(terminal, "use level \"Level 1\"", until: "using level")

        // Draw the room and read a north-south line through its middle off the rulers.
        let picture = try run(terminal, "render unit \"Classroom 104\" width=110", until: "[104]")
        let (x, y) = rulers(picture)
        let (xs, ys) = (try #require(x.min()), try #require(x.max()))
        let (south, north) = (try #require(y.min()), try #require(y.max()))
        #expect(xs < ys && south < north, "rulers: \(x) \(y)\n\(picture)")
        // The labelled tick three quarters across the window (the room stands in its middle).
        let cut = try #require(x.min { abs($0 - (xs + (ys - xs) * 3 / 4)) < abs($1 - (xs + (ys - xs) * 3 / 4)) })
        let split = try run(terminal, "split unit \"Classroom 104\" along \(cut),\(south) \(cut),\(north) names=104A,104B", until: "split")
        #expect(split.contains("104A") || split.contains("104B"), "\(split)")

        // The doors of 104A (or, where the line left them on the other side, of 104B), with positions.
        var room = "104A"
        var doors = try run(terminal, "ls opening in 104A", until: "imdf Academic")
        if doors.contains("(none)") {
            room = "104B"
            doors = try run(terminal, "ls opening in 104B", until: "imdf Academic")
        }
        let door = try #require(
            doors.split(separator: "\n").first { $0.contains(" opening ") && $0.contains(" at ") && $0.contains(" to ") }, "\(doors)")
        let doorID = String(door.prefix(8))
        // A metre along its wall, the other way where the wall ends within a metre.
        var moved = try run(terminal, "move opening \(doorID) by 1", until: "move opening")
        if moved.contains("past the end of its wall") { moved = try run(terminal, "move opening \(doorID) by -1", until: "move opening") }
        let after = try run(terminal, "ls opening in \(room)", until: "imdf Academic")
        let movedDoor = try #require(after.split(separator: "\n").first { $0.hasPrefix(doorID) })
        #expect(movedDoor != door, "the door did not move:\n\(moved)")

        // An occupant, and the findings the edits made.
        let attached = try run(
            terminal,
            "attach occupant \"Robotics Lab\" category=researchanddevelopment to \(room) hours=\"Mo-Fr 09:00-17:00\" phone=+78121234567 website=https://robotics.example",
            until: "Robotics Lab")
        let findings = [split, moved, attached].contains { $0.contains(" new ") || $0.contains("resolved:") }
        #expect(findings, "no findings line after the edits")

        let report = try run(terminal, "validate level \"Level 1\" code=G2", until: "findings", seconds: 30)
        #expect(report.contains("AnchorMustBeCoveredByReferencedUnit"), "\(report)")
        _ = try run(terminal, "save", until: "saved")
        try terminal.type("quit")
        try terminal.keys("Enter")
        let deadline = Date().addingTimeInterval(10)
        while try terminal.isRunning(), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }

        // Reopened: the rooms are 104A and 104B in English, the Russian name kept beside.
        let again = Terminal(folder: folder)
        defer { again.stop() }
        try again.start(command)
        #expect(try again.waitFor("imdf Academic building №3/", seconds: 30))
        let shown = try run(again, "show 104A", until: "feature_type")
        #expect(
            shown.contains("unit \"104A\"") && shown.contains("\"en\": \"104A\"") && shown.contains("\"ru\": \"Кабинет 104\""), "\(shown)")
        let occupant = try run(again, "find Robotics", until: "Robotics Lab")
        #expect(occupant.contains("in \(room)"), "\(occupant)")
    }
}
