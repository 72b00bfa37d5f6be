import ArgumentParser
import Foundation
import Shell
import Synchronization

/// The configurations of the front-door commands, by command type, once made.
enum FrontConfigurations {
    static let made = Mutex<[ObjectIdentifier: CommandConfiguration]>([:])
}

/// An `imdf` subcommand that is a prompt command behind its front door (`imdf import dxf`,
/// `imdf render`): every word after the subcommand's name is the front door's to read, so the
/// options come from the prompt command's grammar and are declared nowhere else; `--help` lists
/// them with the subcommand's own.
protocol PromptCommandFront: ParsableCommand {
    static var front: CommandLineFront { get }
    static var overview: (name: String, abstract: String, discussion: String) { get }
    /// The usage line (the front door's, unless the subcommand takes words of its own).
    static var usage: String { get }
    var words: [String] { get }
}

extension PromptCommandFront {
    static var usage: String { front.usage }

    /// Made once per command: swift-argument-parser asks for every command's configuration
    /// several times on each start (38 times for `imdf import dxf`), and laying out the options'
    /// help each time cost that command's start about 6 ms.
    static var configuration: CommandConfiguration {
        FrontConfigurations.made.withLock { made in
            if let known = made[ObjectIdentifier(Self.self)] { return known }
            let configuration = CommandConfiguration(
                commandName: overview.name, abstract: overview.abstract, usage: usage,
                discussion: overview.discussion
                    + "\n\nThe options (the prompt's `\(front.spec.name)` takes the same as key=value or keywords):\n"
                    + front.optionsHelp)
            made[ObjectIdentifier(Self.self)] = configuration
            return configuration
        }
    }

    /// Whether the words ask for the help (which swift-argument-parser leaves to the command
    /// when it passes every word through).
    var asksForHelp: Bool { words.contains("--help") || words.contains("-h") }

    /// The words read by the front door; a word it does not take is a usage error (exit 2).
    func parsed(_ words: [String]? = nil) throws(CommandFailure) -> CommandLineFront.Parsed {
        do {
            return try Self.front.parse(words ?? self.words)
        } catch {
            throw CommandFailure(exitCode: CommandFailure.usage, message: Self.named(error.message))
        }
    }

    /// The archive, which comes first, as the usage line shows; else a usage error that shows
    /// `example`.
    func archiveFirst(example: String) throws(CommandFailure) -> String {
        guard let archive = words.first, !archive.hasPrefix("-") else {
            throw CommandFailure(exitCode: CommandFailure.usage, message: "\(Self.front.spec.name): give the archive first: \(example)")
        }
        return archive
    }

    /// `message` as the command's own: begun with its name (`render: ...`) unless it is already.
    static func named(_ message: String) -> String {
        let name = front.spec.name
        return message.hasPrefix(name) ? message : "\(name): \(message)"
    }
}
