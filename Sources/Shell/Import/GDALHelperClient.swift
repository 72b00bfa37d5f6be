// GDAL runs in a helper process, `imdf-gdal`, built beside `imdf`. Linking GDAL - with its 130
// shared libraries - into imdf itself made every start load them, and the prompt came up in 65 ms
// instead of 12 (PRODUCT.md section 9 asks for at most 50); and a drawing that crashes GDAL now
// ends the helper, not the session holding the user's unsaved edits.

import Foundation
import HelperProtocol
import IMDF
import Synchronization
import Workbench

public enum GDALHelperClient {
    /// The helper's name, and where it is: `$IMDF_GDAL_HELPER` when set (an installation that
    /// keeps it elsewhere), otherwise beside the running executable (`imdf`, or a test runner in
    /// the same build folder).
    public static let name = "imdf-gdal"

    public static func path() throws(EditError) -> String {
        if let chosen = ProcessInfo.processInfo.environment["IMDF_GDAL_HELPER"], !chosen.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: chosen) else {
                throw EditError("IMDF_GDAL_HELPER=\(chosen) is not an executable file")
            }
            return chosen
        }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let path = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw EditError(
                "\(name), which reads and writes CAD and GIS files through GDAL, is not built beside \(executable): `swift build` (with -c release for the release build) builds both, `swift run` only imdf"
            )
        }
        return path
    }

    /// Runs `request`'s job: the request on the helper's standard input, its reply decoded from
    /// its standard output. A helper that dies, says nothing readable or fails is a failure whose
    /// message ends with `consequence` ("nothing imported") where the helper could not say it.
    /// With `verbose`, GDAL's own wording of an error (its source file and line) follows ours.
    public static func ask<Request: HelperRequest>(_ request: Request, consequence: String, verbose: Bool = false) throws(HelperFailure)
        -> Request.Reply
    {
        let executable: String
        let body: Data
        do {
            executable = try path()
            body = try HelperCoding.encode(request)
        } catch let error as EditError {
            throw HelperFailure(error.message)
        } catch {
            throw HelperFailure("the request to \(name) could not be written: \(error)")
        }
        let helper: Started
        if let ahead = startedAhead(Request.job, verbose: verbose) {
            helper = ahead
        } else {
            helper = try started(executable, job: Request.job, verbose: verbose)
        }
        let (process, input, output, exited) = (helper.process, helper.input, helper.output, helper.exited)
        // A helper that died before reading its request would raise SIGPIPE here, which ends imdf
        // and the user's session with it: ignored while the request is written, the write fails.
        let previous = signal(SIGPIPE, SIG_IGN)
        let delivered = (try? input.fileHandleForWriting.write(contentsOf: body)) != nil
        try? input.fileHandleForWriting.close()
        signal(SIGPIPE, previous)
        let reader = ReplyReader(output.fileHandleForReading, limit: replyLimit)
        let limit = timeLimit()
        let deadline = DispatchTime.now() + limit
        let interruptions = Interruption.mark
        // The helper ended before its answer is used: the message says why.
        func stopped(_ message: String) -> HelperFailure {
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
            return HelperFailure(message)
        }
        // Waited for in short slices: Ctrl-C at the prompt stops the helper at once.
        while reader.finished.wait(timeout: min(deadline, .now() + 0.1)) == .timedOut {
            if Interruption.happened(since: interruptions) {
                throw stopped("interrupted (Ctrl-C): \(name) was stopped; \(consequence)")
            }
            guard DispatchTime.now() < deadline else {
                throw stopped(
                    "\(name) did not answer within \(Int(limit)) s and was stopped; \(consequence) (\(timeoutVariable)=SECONDS sets the limit)"
                )
            }
        }
        if reader.overflowed {
            throw stopped("\(name) answered with more than \(replyLimit >> 20) MB, which no reply is; \(consequence)")
        }
        let replyBytes = reader.bytes
        let reply = try? HelperCoding.decode(HelperReply<Request.Reply>.self, from: replyBytes)
        // A reply that is a value is the answer: the helper's end - tearing down GDAL's 130
        // libraries, several milliseconds - goes on meanwhile, its process kept until then. The
        // wait is on a thread of its own: asleep on one of Dispatch's, it would count as one of
        // the threads Dispatch runs the import's parallel steps on.
        if let value = reply?.value, reply?.failure == nil {
            Thread.detachNewThread {
                exited.wait()
                withExtendedLifetime(process) {}
            }
            return value
        }
        exited.wait()
        guard process.terminationReason == .exit else {
            throw HelperFailure("\(name) stopped on signal \(process.terminationStatus) while reading the file; \(consequence)")
        }
        if !delivered && replyBytes.isEmpty {
            throw HelperFailure("\(name) ended (exit status \(process.terminationStatus)) before reading the request; \(consequence)")
        }
        return try answer(reply, exitStatus: process.terminationStatus, consequence: consequence)
    }

    /// Starts the helper for `job` now, before its request is known: its own start - loading
    /// GDAL's libraries, about 40 ms - goes on while imdf opens the archive and works out the
    /// request, and the next `ask` for the same job uses it. A command line that will ask says
    /// so as soon as it knows; one that ends without asking leaves the helper reading an empty
    /// request, which it refuses and ends. Nothing is said when it cannot start: `ask` says why.
    public static func startAhead(_ job: HelperJob, verbose: Bool = false) {
        guard let executable = try? path(), let helper = try? started(executable, job: job, verbose: verbose) else { return }
        let previous = ahead.withLock { waiting in
            let previous = waiting.take()
            waiting = helper
            return previous
        }
        if let previous { try? previous.input.fileHandleForWriting.close() }
    }

    /// A helper started for a job: its process, the pipes to its standard input and output, and a
    /// semaphore signalled once it has ended and its status is known.
    private struct Started: @unchecked Sendable {
        // Used by one thread at a time: the one that started it, or the ask that takes it from
        // `ahead` under the lock.
        let job: HelperJob
        let verbose: Bool
        let process: Process
        let input: Pipe
        let output: Pipe
        let exited: DispatchSemaphore
    }
    /// The helper started ahead, until an ask takes it.
    private static let ahead = Mutex<Started?>(nil)

    /// The helper started ahead for `job` (with the same verbosity), taken; nil when there is none.
    private static func startedAhead(_ job: HelperJob, verbose: Bool) -> Started? {
        ahead.withLock { waiting -> Started? in
            guard let candidate = waiting, candidate.job == job, candidate.verbose == verbose else { return nil }
            waiting = nil
            return candidate
        }
    }

    /// A reply's value from the bytes the helper wrote: any bytes give the value, the helper's
    /// own failure, or a failure saying there was no answer - never a trap.
    public static func decoded<Reply: Codable & Sendable>(
        _ type: Reply.Type, from bytes: Data, exitStatus: Int32, consequence: String
    ) throws(HelperFailure) -> Reply {
        try answer(try? HelperCoding.decode(HelperReply<Reply>.self, from: bytes), exitStatus: exitStatus, consequence: consequence)
    }

    /// The value of a decoded reply (nil: the bytes were no reply), or the failure it says.
    static func answer<Reply: Codable & Sendable>(_ reply: HelperReply<Reply>?, exitStatus: Int32, consequence: String)
        throws(HelperFailure) -> Reply
    {
        guard let reply else { throw HelperFailure("\(name) gave no answer (exit status \(exitStatus)); \(consequence)") }
        if let failure = reply.failure { throw failure }
        guard let value = reply.value else { throw HelperFailure("\(name) failed without saying why; \(consequence)") }
        return value
    }

    /// The helper started on `job`. Its end is waited for on the semaphore, not with
    /// `waitUntilExit()`, which (in swift-corelibs-foundation) looks again only every 50 ms: a
    /// twentieth of a second added to every import and conversion. An executable
    /// just written (an installation replacing it, a test's stand-in) can be briefly busy to exec
    /// (ETXTBSY) while another thread's fork still holds it open: the start is tried again, with
    /// a new process, a few times before it is a failure.
    private static func started(_ executable: String, job: HelperJob, verbose: Bool) throws(HelperFailure) -> Started {
        var attempt = 0
        while true {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = [job.rawValue]
            // The helper ends itself when this process is gone (it watches for its parent changing).
            var variables = [HelperParent.variable: String(getpid())]
            if verbose { variables["IMDF_GDAL_VERBOSE"] = "1" }
            process.environment = ProcessInfo.processInfo.environment.merging(variables) { _, own in own }
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.standardError
            let exited = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in exited.signal() }
            do {
                try process.run()
                return Started(job: job, verbose: verbose, process: process, input: input, output: output, exited: exited)
            } catch {
                attempt += 1
                guard attempt < 4 else { throw HelperFailure("cannot start \(name): \(error.localizedDescription)") }
                usleep(100_000)
            }
        }
    }

    /// The environment variable that sets how long a job may take, in seconds.
    public static let timeoutVariable = "IMDF_GDAL_TIMEOUT"
    /// Ten minutes: long enough for any conversion or import this program is meant for, short
    /// enough that a helper that hangs does not hold the prompt for good.
    static let defaultTimeLimit: TimeInterval = 600
    /// The largest reply read: well beyond the drafts of a floor plan, well under what would
    /// exhaust memory.
    static let replyLimit = 512 << 20

    static func timeLimit() -> TimeInterval {
        guard let text = ProcessInfo.processInfo.environment[timeoutVariable], let seconds = TimeInterval(text), seconds > 0,
            seconds.isFinite
        else { return defaultTimeLimit }
        return min(seconds, 86_400)
    }
}

/// The helper's reply, read on a thread of its own so the time limit can be kept while it comes,
/// and no further than `limit` bytes.
private final class ReplyReader: @unchecked Sendable {
    // `bytes` and `overflowed` are written by the reading thread only, and read after `finished`
    // is signalled, which orders the two.
    private(set) var bytes = Data()
    private(set) var overflowed = false
    let finished = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle, limit: Int) {
        DispatchQueue.global().async { [self] in
            while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                guard bytes.count + chunk.count <= limit else {
                    overflowed = true
                    break
                }
                bytes.append(chunk)
            }
            finished.signal()
        }
    }
}
