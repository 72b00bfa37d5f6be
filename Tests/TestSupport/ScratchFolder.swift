import Foundation

/// Where tests write the files they make: one folder per test process in the temporary
/// directory, removed when the process ends, so that a run of the suite leaves nothing behind
/// (the drawings written for the DXF tests alone were some 230 folders a run).
public enum ScratchFolder {
    /// The process's folder, made on first use.
    public static let root: String = {
        let path = NSTemporaryDirectory() + "imdf-tests-\(getpid())-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: ScratchFolder.root) }
        return path
    }()

    /// A new, empty folder inside the process's folder; `name` starts its name.
    public static func make(_ name: String) throws -> String {
        let path = root + "/\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
