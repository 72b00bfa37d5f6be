import Foundation
import IMDF
import SyntheticVenue
import TestSupport
import Testing
import Workbench

@testable import Shell

/// The command declarations: every command parses its example, refuses what it does not know,
/// and its usage, help and completion come from its grammar.
@Suite("Command grammar")
struct GrammarTests {
    func session() throws -> EditingSession {
        var session = EditingSession(document: Document(VenueGenerator.generate(VenueSpec(buildings: 1, levels: 2, rooms: 6, seed: 3))))
        _ = try Interpreter.execute("use level \"Floor 1\"", in: &session)
        return session
    }

    /// The words of a command's example after its name.
    func exampleArguments(_ spec: CommandSpec) throws -> [Token] {
        let tokens = try Tokenizer.tokens(spec.example)
        let (matched, rest) = try #require(Interpreter.match(tokens))
        #expect(matched.name == spec.name, "\(spec.example) runs \(matched.name)")
        return rest
    }

    /// The example's words with one more: the line a user would type with a mistake in it.
    func line(_ spec: CommandSpec, adding word: String) throws -> String {
        let tokens = try exampleArguments(spec)
        return
            ([spec.name]
            + tokens.map { token in
                let text = token.quoted ? Tokenizer.quoted(token.text).ifBare(quoted: true) : token.text
                return token.key.map { "\($0)=\(text)" } ?? text
            } + [word]).joined(separator: " ")
    }

    @Test func everyCommandsExampleParsesByItsGrammarAndItsUsageStartsWithItsName() throws {
        for spec in Interpreter.commands {
            #expect(!spec.summary.isEmpty, "\(spec.name)")
            #expect(spec.usage.hasPrefix(spec.name), "\(spec.name): \(spec.usage)")
            #expect(throws: Never.self, "\(spec.example)") { try spec.parse(try exampleArguments(spec)) }
        }
    }

    @Test func everyCommandRefusesAnUnknownOption() throws {
        var session = try session()
        let unit = try #require(session.document.features(of: .unit).first)
        for spec in Interpreter.commands {
            // `set` takes the target's properties as options: its target must exist for the key to be judged.
            let line = spec.grammar.contains(.properties) ? "set \(unit.id) bogus=1" : try line(spec, adding: "bogus=1")
            let before = session.document
            do {
                _ = try Interpreter.run(line, in: &session)
                Issue.record("\(line) was accepted")
            } catch {
                #expect(error.message.contains("unknown option bogus="), "\(line): \(error.message)")
                #expect(error.argument == "bogus", "\(line)")
            }
            #expect(session.document == before, "\(line) changed the document")
        }
    }

    @Test func everyCommandRefusesASurplusWordOrTakesItIntoItsLastArgument() throws {
        var session = try session()
        for spec in Interpreter.commands {
            let line = try line(spec, adding: "surplus")
            if case .positional(let parameter, .repeated)? = spec.grammar.last(where: { if case .positional = $0 { true } else { false } })
            {
                // Words after the last positional belong to it (`find` several words, `link` more nodes).
                let arguments = try spec.parse(try Tokenizer.tokens(line).dropFirst(spec.words.count).map { $0 })
                #expect(arguments.words(parameter.placeholder).last == "surplus", "\(line)")
                continue
            }
            do {
                _ = try Interpreter.run(line, in: &session)
                Issue.record("\(line) was accepted")
            } catch {
                // A word with no place, or one in an optional place it does not fit (`redo surplus`).
                #expect(error.message.contains("\"surplus\""), "\(line): \(error.message)")
            }
        }
    }

    @Test func aMisspeltOptionKeywordOrCommandIsNamedWithTheClosestOne() throws {
        var session = try session()
        let cases = [
            ("add opening on 1.001 at 3,4 widht=1.2", "add opening: unknown option widht=; did you mean width=?"),
            ("split unit 1.001 alnog 1,1 2,2", "split unit: unexpected word \"alnog\"; did you mean along?"),
            ("splt unit 1.001 along 1,1 2,2", "unknown command \"splt unit\"; did you mean `split unit`?"),
            (
                "set 1.001 categroy=office",
                "set: unknown option categroy=; did you mean category=?; give --custom to add a key IMDF does not define"
            ),
            ("merge unit 1.001 1.002 bogus=1", "merge unit: unknown option bogus= (merge unit takes no options)"),
            ("undo 0", "N: \"0\" is not a number of steps"),
            ("add level L ordinal=one rect 0,0 4x4", "ordinal=: one is not an integer"),
            ("add opening on 1.001 between 1.001 1.002 at 1,1", "add opening: give on or between, not both"),
            ("add opening at 1,1", "add opening: say on UNIT or between UNIT UNIT"),
            ("add unit X rect 0,0 4x4", "add unit: category=C is required"),
        ]
        for (line, message) in cases {
            do {
                _ = try Interpreter.run(line, in: &session)
                Issue.record("\(line) was accepted")
            } catch {
                #expect(error.message == message, "\(line)")
            }
        }
    }

    @Test func usageLinesComeFromTheGrammar() throws {
        var session = try session()
        let usage = { (name: String) in Interpreter.command(named: name)?.usage ?? "" }
        #expect(usage("split unit") == "split unit REF along X,Y X,Y ... [names=A,B]")
        #expect(usage("add opening") == "add opening (on UNIT | between UNIT UNIT) at X,Y [width=W] [category=C] [door=TYPE] [as H]")
        #expect(usage("link") == "link NODE NODE [NODE ...] [oneway] [weight=W]")
        #expect(usage("undo") == "undo [N]")
        #expect(usage("add node") == "add node at X,Y [link=prev|nearest|REF] [tags=a,b] [--outside] [as H]")
        #expect(try Interpreter.execute("help split unit", in: &session).hasPrefix(usage("split unit") + "\n"))
        #expect(try Interpreter.execute("help exit", in: &session).hasPrefix("quit"))
        // `help validate CODE|RULE` says what a check is, with its tolerance and repair, and which of
        // Apple's rules it implements.
        let g8 = try Interpreter.execute("help validate G8", in: &session).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(g8.contains("UnitsMustNotOverlap (Apple's Warning, a warning), for Unit") && g8.contains("overlap by more than 0.01 m²"))
        #expect(try Interpreter.execute("help validate n2", in: &session).contains("fix: `link A B`"))
        #expect(try Interpreter.execute("help validate n1", in: &session).contains("a check of this tool's"))
        #expect(throws: EditError.self) { try Interpreter.execute("help validate Q7", in: &session) }
    }

    /// What a command declares of itself holds when it runs: the example sessions run line by line,
    /// and a command that does not declare that it changes the document never edits, undoes or
    /// replaces it.
    @Test func commandsThatSayTheyDoNotChangeTheDocumentNeverDo() throws {
        var session = EditingSession(document: Document(IMDFArchive(manifest: Manifest(language: "en"))))
        var ran: Set<String> = []
        let script = try String(
            contentsOfFile: Samples.packageRoot.appendingPathComponent("Sessions/build-a-small-venue.imdfs").path, encoding: .utf8)
        let extra = [
            "undo", "redo", "begin", "rename $r101 Office", "commit", "begin x", "rollback", "history", "help add unit", "where", "tree",
            "ls", "show $r101", "find Room", "validate", "frame 1,1", "frame reset", "fix all", "unset $r101 restriction",
            "move $west by 0.1,0",
        ]
        for line in ScriptRunner.lines(of: script, file: "s").map(\.text) + extra {
            guard let tokens = try? Tokenizer.tokens(line), let (spec, _) = Interpreter.match(tokens) else { continue }
            guard let outcome = try? Interpreter.run(line, in: &session) else { continue }
            session.record(outcome, line: line)
            ran.insert(spec.name)
            switch outcome.effect {
            case .edit, .undo, .redo, .rollback, .newDocument: #expect(spec.changesDocument, "\(line)")
            default: break
            }
        }
        #expect(ran.count >= 26, "\(ran.sorted())")
    }

    // MARK: - Completion, one test per kind of argument

    @Test func completionOffersFeaturesOfTheTypesAReferenceTakes() throws {
        let session = try session()
        let levels = Completion.candidates("use level ", session: session)
        #expect(levels.contains("\"Floor 1\"") && !levels.contains { $0.contains("Room") })
        let units = Completion.candidates("merge unit 1.00", session: session)
        #expect(units.contains("1.001") && units.allSatisfy { $0.hasPrefix("1.00") })
        #expect(Completion.candidates("add amenity atm at 1,1 unit=1.001,1.00", session: session).contains("unit=1.001,1.002"))
    }

    @Test func completionOffersHandlesAfterADollar() throws {
        var session = try session()
        _ = try Interpreter.execute("attach anchor to 1.001 as door", in: &session)
        #expect(Completion.candidates("delete $d", session: session) == ["$door"])
        #expect(Completion.candidates("delete $", session: session).contains("$_"))
    }

    @Test func anOptionKeyCompletesToItsEqualsSignWithNoSpaceAfterIt() throws {
        let session = try Fixtures.generated(seed: 2)
        let key = Completion.candidates("import dxf plan.dxf cont", session: session)
        #expect(key == ["control="])
        #expect(!Completion.endsWord(key))
        let value = Completion.candidates("add unit X category=", session: session)
        #expect(Set(value) == Set(CategoryList.unit.values.map { "category=" + $0 }))
        #expect(Completion.endsWord(["category=office"]))
    }

    @Test func completionOffersTheRightEnumerationAfterCategory() throws {
        let session = try session()
        let unit = Completion.candidates("add unit X category=off", session: session)
        #expect(unit == ["category=office"])
        let opening = Completion.candidates("add opening on 1.001 at 1,1 category=", session: session)
        #expect(Set(opening) == Set(CategoryList.opening.values.map { "category=" + $0 }))
        #expect(Completion.candidates("add opening on 1.001 at 1,1 door=", session: session).count == CategoryList.doorType.values.count)
        let amenity = Completion.candidates("add amenity ba", session: session)
        #expect(!amenity.isEmpty && amenity == CategoryList.amenity.values.filter { $0.hasPrefix("ba") })
    }

    @Test func completionOffersKeywordsAndOptionsNotGivenYet() throws {
        let session = try session()
        #expect(Completion.candidates("add opening ", session: session).contains("on"))
        #expect(Completion.candidates("add opening on 1.001 ", session: session).contains("at"))
        #expect(!Completion.candidates("add opening on 1.001 ", session: session).contains("between"))
        #expect(Completion.candidates("add opening on 1.001 at 1,1 wi", session: session) == ["width="])
        #expect(Completion.candidates("delete 1.001 --", session: session) == ["--cascade"])
    }

    @Test func completionOffersFixedWordsAndAlternatives() throws {
        let session = try session()
        #expect(Completion.candidates("add node at 1,1 link=", session: session).starts(with: ["link=prev", "link=nearest"]))
        #expect(Completion.candidates("frame re", session: session) == ["reset"])
        #expect(Completion.candidates("move unit 1.001 to ", session: session) == ["level"])
    }

    @Test func completionOffersFeatureTypesPropertiesAndTheirValues() throws {
        let session = try session()
        #expect(Completion.candidates("ls open", session: session) == ["opening"])
        let keys = Completion.candidates("unset 1.001 ", session: session)
        #expect(keys.contains("restriction") && keys.contains("category"))
        #expect(Completion.candidates("set 1.001 restr", session: session) == ["restriction="])
        #expect(Completion.candidates("set 1.001 category=lab", session: session) == ["category=laboratory"])
        #expect(Completion.candidates("set 1.001 level_id=\"Floor", session: session).isEmpty)
    }

    @Test func completionOffersCommandsCodesAndTemplates() throws {
        let session = try session()
        #expect(Completion.candidates("help spl", session: session) == ["split"])
        #expect(Completion.candidates("fix F4", session: session).contains("F4c"))
        #expect(Completion.candidates("fix a", session: session) == ["all"])
        let templates = Completion.candidates("new --template ", session: session)
        #expect(templates == (TemplateCatalog.find()?.templates.map(\.name) ?? []) && !templates.isEmpty)
    }

    @Test func completionLeavesPathsToReadline() {
        #expect(Completion.wantsPath("save "))
        #expect(Completion.wantsPath("session export ses"))
        #expect(Completion.wantsPath("source "))
        #expect(Completion.wantsPath("open "))
        #expect(!Completion.wantsPath("save venue.zip "))
        #expect(!Completion.wantsPath("rename "))
    }
}

extension String {
    /// Test helper: the quoted form even of a word that reads back bare.
    func ifBare(quoted: Bool) -> String { quoted && !hasPrefix("\"") ? "\"\(self)\"" : self }
}
