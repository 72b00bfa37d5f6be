import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program a test starts, talks to and waits for, with a deadline on every wait.
///
/// Foundation's `Process` is not used: on Linux it missed the exit of a short-lived
/// `tmux new-session -d` client (the client stayed a zombie and `waitUntilExit()` spun forever),
/// which hung a whole test run until CI's time ran out. Here the test waits with `waitpid` on the
/// one child it started, every pipe is close-on-exec so children started by tests running in
/// parallel never hold each other's pipes open, and a child that outlives its deadline is killed and
/// reported, so a misbehaving program fails its own test instead of stopping the run.
public final class ChildProcess {
    public enum Stream {
        /// A pipe the test writes to or reads from.
        case pipe
        /// /dev/null.
        case null
    }

    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    public struct TimedOut: Error, CustomStringConvertible {
        public var command: String
        public var seconds: Double
        public var output: String
        public var description: String { "\(command) did not finish within \(seconds) s; it printed:\n\(output)" }
    }

    public struct SpawnFailed: Error, CustomStringConvertible {
        public var command: String
        public var code: Int32
        public var description: String { "cannot start \(command): \(String(cString: strerror(code)))" }
    }

    /// A child that exits before reading all its input must fail the write, not kill the test.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    private static let spawning = NSLock()

    public let pid: pid_t
    private let command: String
    private var input: Int32 = -1
    private var output: Int32 = -1
    private var errors: Int32 = -1
    private var outputData = Data()
    private var errorData = Data()
    private var exitStatus: Int32?

    /// Starts `executable` (a path, or a name looked up in PATH) with `arguments`; `environment`
    /// is added to this process's environment.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        input inputStream: Stream = .pipe, output outputStream: Stream = .pipe, errors errorStream: Stream = .pipe
    ) throws {
        let command = ([executable] + arguments).joined(separator: " ")
        _ = Self.ignoreBrokenPipes
        // Glibc's module has no pipe2: pipes are made close-on-exec in a second step, under a lock
        // that every spawn of the test process takes, so no child can inherit another's pipe.
        Self.spawning.lock()
        defer { Self.spawning.unlock() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32] = []
        var childEnds: [Int32] = []
        func connect(_ stream: Stream, to target: Int32, childReads: Bool) throws -> Int32 {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", childReads ? O_RDONLY : O_WRONLY, 0)
                return -1
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw SpawnFailed(command: command, code: errno) }
                for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
                let (child, parent) = childReads ? (ends[0], ends[1]) : (ends[1], ends[0])
                posix_spawn_file_actions_adddup2(&actions, child, target)
                childEnds.append(child)
                parentEnds.append(parent)
                _ = fcntl(parent, F_SETFL, fcntl(parent, F_GETFL) | O_NONBLOCK)
                return parent
            }
        }
        let inputEnd = try connect(inputStream, to: 0, childReads: true)
        let outputEnd = try connect(outputStream, to: 1, childReads: false)
        let errorEnd = try connect(errorStream, to: 2, childReads: false)

        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        // A child starts as it would from a shell: the test runner's threads block signals and the
        // runner ignores SIGPIPE, and both would be inherited (tmux and imdf would not hear SIGHUP).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var nothing = sigset_t()
        sigemptyset(&nothing)
        posix_spawnattr_setsigmask(&attributes, &nothing)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU, SIGUSR1, SIGUSR2, SIGALRM] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        let spawn = executable.contains("/") ? posix_spawn : posix_spawnp
        let code = spawn(&child, executable, &actions, &attributes, argv, envp)
        for fd in childEnds { close(fd) }
        guard code == 0 else {
            for fd in parentEnds { close(fd) }
            throw SpawnFailed(command: command, code: code)
        }
        pid = child
        self.command = command
        (input, output, errors) = (inputEnd, outputEnd, errorEnd)
    }

    deinit {
        for fd in [input, output, errors] where fd >= 0 { close(fd) }
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    /// Runs a program to its end, feeding it `input`, and returns its exit status and output.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], input: String = "",
        timeout: Double = 300
    ) throws -> Result {
        let child = try ChildProcess(executable, arguments, environment: environment)
        try child.write(input, timeout: timeout)
        child.closeInput()
        return try child.wait(timeout: timeout)
    }

    /// Writes `text` to the child's standard input, reading its output meanwhile so neither side
    /// blocks on a full pipe.
    public func write(_ text: String, timeout: Double = 60) throws {
        var pending = Data(text.utf8)
        try pump(until: Date().addingTimeInterval(timeout), timeout: timeout) {
            guard !pending.isEmpty, self.input >= 0, self.exitStatus == nil else { return true }
            let written = pending.withUnsafeBytes { Glibc.write(self.input, $0.baseAddress, $0.count) }
            if written > 0 { pending.removeFirst(written) }
            if written < 0 && errno == EPIPE { return true }  // the child stopped reading: it says why on exit
            return pending.isEmpty
        }
    }

    public func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Reads standard output until it holds `count` lines; returns everything read so far.
    @discardableResult
    public func waitForLines(_ count: Int, timeout: Double = 60) throws -> String {
        try pump(until: Date().addingTimeInterval(timeout), timeout: timeout) {
            self.outputData.count(where: { $0 == 10 }) >= count || self.exitStatus != nil
        }
        return String(decoding: outputData, as: UTF8.self)
    }

    public func send(_ signal: Int32) { kill(pid, signal) }

    /// Waits for the child to exit and collects what it printed; kills it after `timeout` seconds.
    public func wait(timeout: Double = 300) throws -> Result {
        try pump(until: Date().addingTimeInterval(timeout), timeout: timeout) { self.exitStatus != nil }
        // Whatever the child wrote before it exited is in the pipes; a grandchild that kept them
        // open (a daemon) must not hold the test up, so read what is there and stop.
        drain()
        return Result(
            status: exitStatus ?? -1, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    /// Moves output into the buffers and reaps the child until `done` holds or the deadline passes.
    private func pump(until deadline: Date, timeout: Double, _ done: () -> Bool) throws {
        while !done() {
            reap()
            if done() { return }
            if Date() >= deadline {
                kill(pid, SIGKILL)
                reap(blocking: true)
                drain()
                throw TimedOut(command: command, seconds: timeout, output: String(decoding: outputData + errorData, as: UTF8.self))
            }
            var fds = [output, errors].filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if input >= 0 { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            _ = poll(&fds, nfds_t(fds.count), 20)
            readAvailable()
        }
    }

    private func reap(blocking: Bool = false) {
        guard exitStatus == nil else { return }
        var status: Int32 = 0
        guard waitpid(pid, &status, blocking ? 0 : WNOHANG) == pid else { return }
        let signalled = status & 0x7f
        exitStatus = signalled == 0 ? (status >> 8) & 0xff : 128 + signalled
    }

    private func drain() {
        for _ in 0..<1000 where readAvailable() {}
    }

    /// Reads what the pipes hold now; true when something was read.
    @discardableResult
    private func readAvailable() -> Bool {
        var readSomething = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        for stream in [1, 2] {
            let fd = stream == 1 ? output : errors
            guard fd >= 0 else { continue }
            let count = read(fd, &buffer, buffer.count)
            if count > 0 {
                if stream == 1 { outputData.append(contentsOf: buffer[0..<count]) } else { errorData.append(contentsOf: buffer[0..<count]) }
                readSomething = true
            } else if count == 0 {
                close(fd)
                if stream == 1 { output = -1 } else { errors = -1 }
            }
        }
        return readSomething
    }
}
