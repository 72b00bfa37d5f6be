// The file operations a safe save needs, on POSIX calls: whole-file reads, durable writes (fsync
// of the file and of the folder that names it), and atomic replacement of a file or a folder.
// Foundation's FileManager neither fsyncs nor exchanges directories, so these are written here.

import CFileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

public struct FileSystemError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var operation: String
    public var code: Int32

    init(_ operation: String, _ path: String, code: Int32 = errno) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var description: String {
        "\(path): cannot \(operation): \(String(cString: strerror(code)))"
    }
}

public enum FileSystem {
    public enum Kind: Sendable { case missing, file, directory, symbolicLink, other }

    /// What is at `path`, and a file's size in bytes. Links are followed unless `followingLinks`
    /// is false, which describes a link itself (lstat): a folder archive's entries are read so.
    public static func status(of path: String, followingLinks: Bool = true) -> (kind: Kind, size: UInt64) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return (.missing, 0) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return (.file, UInt64(max(0, info.st_size)))
        case S_IFDIR: return (.directory, 0)
        case S_IFLNK: return (.symbolicLink, 0)
        default: return (.other, 0)
        }
    }

    static func kind(of path: String) -> Kind { status(of: path).kind }

    /// The whole of a regular file. `noFollow` refuses a symbolic link in the last component (a
    /// link planted after the folder was listed); a file over `limit` bytes is refused unread.
    public static func readAll(_ path: String, limit: UInt64 = .max, noFollow: Bool = false) throws(FileSystemError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (noFollow ? O_NOFOLLOW : 0))
        guard descriptor >= 0 else { throw FileSystemError("read", path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError("read", path) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw FileSystemError("read", path, code: EINVAL) }
        guard UInt64(max(0, info.st_size)) <= limit else { throw FileSystemError("read", path, code: EFBIG) }
        let (bytes, failure) = read(descriptor, at: 0, count: Int(info.st_size))
        if failure != 0 { throw FileSystemError("read", path, code: failure) }
        return bytes
    }

    /// Up to `count` bytes from `offset` (fewer where the file ends), with the errno of a failed
    /// read (0 when none). `pread` keeps no file position, so threads may share the descriptor.
    static func read(_ descriptor: Int32, at offset: UInt64, count: Int) -> (bytes: [UInt8], failure: Int32) {
        var filled = 0
        var failure: Int32 = 0
        // Read into memory not zeroed first: zeroing 60 MB only to overwrite it showed up in
        // every profile of opening a large archive.
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while filled < count {
                let got = pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if got == 0 { break }
                filled += got
            }
            initialized = filled
        }
        return (bytes, failure)
    }

    /// Names of the entries of a directory, sorted.
    static func list(_ path: String) throws(FileSystemError) -> [String] {
        guard let directory = opendir(path) else { throw FileSystemError("list", path) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Writes `bytes` to a new file at `path` (which must not exist) and fsyncs it.
    static func writeNewFile(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o644) throws(FileSystemError) {
        try writeNewFile(path, parts: [bytes], mode: mode)
    }

    /// `writeNewFile` of the bytes of `parts`, one after another.
    static func writeNewFile(_ path: String, parts: [[UInt8]], mode: mode_t = 0o644) throws(FileSystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { throw FileSystemError("create", path) }
        do throws(FileSystemError) {
            for bytes in parts {
                if let failure = bytes.withUnsafeBytes({ writeAll(descriptor, $0) }) { throw FileSystemError("write", path, code: failure) }
            }
            guard fsync(descriptor) == 0 else { throw FileSystemError("sync", path) }
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw FileSystemError("close", path) }
    }

    /// Writes new files on all cores: each write ends in an fsync, and the syncs of different
    /// files overlap instead of queueing.
    static func writeFilesInParallel(_ files: [(path: String, parts: [[UInt8]], mode: mode_t)]) throws(FileSystemError) {
        let failures = files.parallelMap(heaviestFirst: { $0.parts.reduce(0) { $0 + $1.count } }) { file -> FileSystemError? in
            do throws(FileSystemError) {
                try writeNewFile(file.path, parts: file.parts, mode: file.mode)
                return nil
            } catch {
                return error
            }
        }
        if let first = failures.compactMap({ $0 }).first { throw first }
    }

    /// Writes all of `buffer` to `descriptor`, again where a signal interrupts a write; the errno
    /// of a write that failed, or nil. Files and reports alike are written so.
    public static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
        var written = 0
        while written < buffer.count {
            let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
    }

    /// Flushes a file written by someone else (a library that does not sync) to the disk.
    public static func syncFile(_ path: String) throws(FileSystemError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError("open", path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw FileSystemError("sync", path) }
    }

    public static func syncDirectory(_ path: String) throws(FileSystemError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError("open", path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw FileSystemError("sync", path) }
    }

    public static func parent(of path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().path
    }

    static func lastComponent(of path: String) -> String {
        URL(fileURLWithPath: path).lastPathComponent
    }

    /// A fresh name beside `path`, on the same file system so a rename can move it into place:
    /// `.NAME.PURPOSE-PID-RANDOM`, which `removeStaleTemporaries` recognises.
    public static func siblingTemporaryPath(for path: String, purpose: String) -> String {
        let random = UInt64.random(in: 0..<UInt64.max)
        return parent(of: path) + "/." + lastComponent(of: path) + ".\(purpose)-\(getpid())-\(String(random, radix: 36))"
    }

    static let temporaryPurposes = ["new", "old", "tmp"]

    /// Removes what an earlier save of `path` left beside it when it was killed half-way (a
    /// staging folder can hold a whole copy of the archive): only names this tool makes, whose
    /// process is gone and which are older than the running process.
    public static func removeStaleTemporaries(for path: String) {
        let folder = parent(of: path)
        let prefix = "." + lastComponent(of: path) + "."
        guard let names = try? list(folder) else { return }
        let started = processStartTime()
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count).split(separator: "-")
            guard rest.count == 3, temporaryPurposes.contains(String(rest[0])), let pid = Int32(rest[1]), pid > 0,
                rest[2].allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLowercase) })
            else { continue }
            // A save still running elsewhere keeps its files.
            if pid != getpid() && (kill(pid, 0) == 0 || errno == EPERM) { continue }
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0, Double(info.st_mtim.tv_sec) < started else { continue }
            removeTree(folder + "/" + name)
        }
    }

    /// When this process started, in seconds since 1970 (from /proc; now, where it cannot be read).
    static func processStartTime() -> Double {
        var info = stat()
        guard stat("/proc/\(getpid())", &info) == 0 else { return Date().timeIntervalSince1970 }
        return Double(info.st_mtim.tv_sec)
    }

    /// The path a write must go to: a symbolic link is followed to the archive it names, and
    /// `v//` or `./v` is the same archive as `v`, so one archive has one lock and one journal
    /// however it is named. A path that does not exist yet resolves its folder.
    public static func resolvedPath(_ path: String) -> String {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        if let real = realpath(trimmed, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let folder = parent(of: trimmed)
        guard let real = realpath(folder.isEmpty ? "." : folder, nil) else { return trimmed }
        defer { free(real) }
        let base = String(cString: real)
        return (base == "/" ? "" : base) + "/" + lastComponent(of: trimmed)
    }

    /// Whether the user may write `path` itself (the folder or the zip file).
    static func isWritable(_ path: String) -> Bool {
        access(path, W_OK) == 0
    }

    /// The permission bits of `path`, or nil.
    static func mode(of path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    /// Replaces the file at `path` with `bytes` atomically: temporary file, fsync, rename, fsync
    /// of the folder. A failure at any step leaves whatever was at `path` untouched.
    static func replaceFile(
        at path: String, with bytes: [UInt8], beforeRename: () throws -> Void = {}
    ) throws {
        let temporary = siblingTemporaryPath(for: path, purpose: "tmp")
        do {
            try writeNewFile(temporary, bytes, mode: mode(of: path) ?? 0o644)
            try beforeRename()
            guard rename(temporary, path) == 0 else { throw FileSystemError("replace", path) }
        } catch {
            unlink(temporary)
            throw error
        }
        try syncDirectory(parent(of: path))
    }

    /// Puts the directory `replacement` at `path` in one step. Where the file system cannot
    /// exchange two paths, the old directory is renamed aside first; at no point is either copy
    /// deleted before the new one is in place.
    public static func replaceDirectory(at path: String, with replacement: String) throws(FileSystemError) {
        if kind(of: path) == .missing {
            guard rename(replacement, path) == 0 else { throw FileSystemError("move into place", path) }
            try syncDirectory(parent(of: path))
            return
        }
        if imdf_exchange_paths(replacement, path) == 0 {
            try syncDirectory(parent(of: path))
            removeTree(replacement)  // now holds the previous content
            return
        }
        guard errno == EINVAL || errno == ENOSYS || errno == ENOTSUP else {
            throw FileSystemError("replace", path)
        }
        let aside = siblingTemporaryPath(for: path, purpose: "old")
        guard rename(path, aside) == 0 else { throw FileSystemError("move aside", path) }
        guard rename(replacement, path) == 0 else {
            let code = errno
            rename(aside, path)
            throw FileSystemError("move into place", path, code: code)
        }
        try syncDirectory(parent(of: path))
        removeTree(aside)
    }

    /// Makes `target` a copy of the tree at `source`, hard-linking files where possible.
    static func linkTree(from source: String, to target: String) throws(FileSystemError) {
        // Never through a link: a kept folder holding a link to `/` would copy the machine.
        switch status(of: source, followingLinks: false).kind {
        case .directory:
            guard mkdir(target, 0o755) == 0 else { throw FileSystemError("create", target) }
            for name in try list(source) {
                try linkTree(from: source + "/" + name, to: target + "/" + name)
            }
        case .file:
            if link(source, target) != 0 {
                try writeNewFile(target, try readAll(source))
            }
        case .missing, .symbolicLink, .other:
            break  // sockets, devices, dangling links: nothing an archive folder should hold
        }
    }

    public static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
