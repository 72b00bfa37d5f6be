// Commands on the session rather than the document: save it, export it as a script, open another
// archive, run a script, quit. Opening, running and quitting are the runner's to carry out: the
// command only says which, as its outcome.

import Foundation
import IMDF
import Render
import Workbench

enum SessionCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "save", [.positional(Parameter("PATH", .path), .optional), .flag("--strict"), .flag("--force")], changesDocument: false,
            "write the archive (atomically); a folder, or a zip for .zip/.imdf; --strict refuses while validation finds errors; --force overwrites an archive that changed on disk since it was opened",
            example: "save venue.zip --strict",
            help: [
                "--strict": "Refuse while validation finds errors.",
                "--force": "Overwrite the archive even if it changed on disk since it was opened.",
            ]
        ) { session, args in
            // In a script run, `save` without a path writes the run's --save OUT, never the input.
            guard let path = args.optionalWord("PATH") ?? session.deferredSaving?.defaultPath ?? session.archivePath else {
                throw EditError("save: give a path (this document has none yet)", argument: "PATH")
            }
            if session.deferredSaving != nil {
                try session.saveWhenTheRunSucceeds(to: path, strict: args.flag("--strict"), force: args.flag("--force"))
                return CommandOutcome(
                    .savePending(path: path),
                    "save pending: \(path) is written when the whole run has succeeded (\(session.document.featureCount) features)")
            }
            let notes = try session.save(to: path, strict: args.flag("--strict"), force: args.flag("--force"))
            return CommandOutcome(
                .save(path: path), (["saved \(path): \(session.document.featureCount) features"] + notes).joined(separator: "\n"))
        },
        CommandSpec(
            "session export", [.positional(Parameter("FILE", .path), .required)], changesDocument: false,
            "write the session so far as a clean script (undone steps left out)", example: "session export renovation.imdfs"
        ) { session, args in
            let path = args.word("FILE")
            let script = session.exportedScript
            do {
                try script.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw EditError(
                    "session export: cannot write \(TerminalText.excerpt(path)) (\(error.localizedDescription))", argument: "FILE")
            }
            return .view("wrote \(path): \(script.split(separator: "\n").count - 1) lines")
        },
        CommandSpec(
            "open", [.positional(Parameter("PATH", .path), .required)], changesDocument: false,
            "open another archive (refused while there are unsaved changes)", example: "open venue.zip"
        ) { session, args in
            guard !session.isDirty else {
                throw EditError("open: there are unsaved changes; save them (or undo them) first", argument: "PATH")
            }
            return CommandOutcome(.open(path: args.word("PATH")), "")
        },
        CommandSpec(
            "source", [.positional(Parameter("FILE", .path), .required)], changesDocument: false,
            "run the commands of a script file, as if typed", example: "source fix-doors.imdfs"
        ) { _, args in
            CommandOutcome(.source(path: args.word("FILE")), "")
        },
        CommandSpec(
            "quit", aliases: ["exit"], [], changesDocument: false,
            "leave (at the prompt, asks first when there are unsaved changes)", example: "quit"
        ) { _, _ in
            CommandOutcome(.quit, "")
        },
    ]
}
