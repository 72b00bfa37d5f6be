// What the fuzz targets share. Built with `-D FUZZING -sanitize=fuzzer,address` (Fuzzing/run), a
// target is a libFuzzer binary; in the ordinary build it replays files instead - its seed corpus
// and the inputs that once crashed it - so `swift test` runs them all as regression tests.

import Foundation

public enum FuzzReplay {
    /// Runs `body` on every file named on the command line (folders: every file inside, sorted),
    /// and prints how many ran. A violated property stops the process (`failed`).
    public static func run(_ body: ([UInt8]) -> Void) {
        var count = 0
        for argument in CommandLine.arguments.dropFirst() {
            for path in files(at: argument) {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("\(path): cannot read\n".utf8))
                    exit(2)
                }
                body([UInt8](data))
                count += 1
            }
        }
        print("\(count) inputs replayed")
    }

    static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [path] }
        guard isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.flatMap { files(at: path + "/" + $0) }
    }

    /// A file for this process to write each input to, for readers that take a path: in memory
    /// (tmpfs) where there is one, since a disk write per input would be most of the work.
    public static func scratchPath(extension suffix: String) -> String {
        (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm/" : NSTemporaryDirectory()) + "imdf-fuzz-\(getpid()).\(suffix)"
    }

    /// Stops the process with `message`: libFuzzer records the input that got here as a crash.
    public static func failed(_ message: String) -> Never {
        FileHandle.standardError.write(Data("property violated: \(message)\n".utf8))
        abort()
    }
}

#if FUZZING
    /// libFuzzer's driver (LLVMFuzzerRunDriver, in the runtime `-sanitize=fuzzer` links), started
    /// from the target's own entry point: SwiftPM names an executable's `main` after the target,
    /// so libFuzzer's `main` cannot be the one that runs.
    public enum FuzzDriver {
        public typealias Arguments = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        /// The target's test; libFuzzer calls a C function, which cannot capture it.
        nonisolated(unsafe) static var test: ([UInt8]) -> Void = { _ in }

        public static func run(_ argc: CInt, _ argv: Arguments, _ body: @escaping ([UInt8]) -> Void) -> CInt {
            test = body
            var count = argc
            var arguments: Arguments? = argv
            return llvmFuzzerRunDriver(&count, &arguments) { data, size in
                FuzzDriver.test(Array(UnsafeBufferPointer(start: data, count: size)))
                return 0
            }
        }
    }

    @_silgen_name("LLVMFuzzerRunDriver")
    func llvmFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<FuzzDriver.Arguments?>,
        _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif
