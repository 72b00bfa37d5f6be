import Foundation

/// Opening a large archive makes some 200 MB of small objects, and the kernel's work of handing
/// them out 4 KB page by page (58,000 page faults for workload W) was a third of opening's CPU
/// time. glibc's malloc asks for transparent huge pages when its `glibc.malloc.hugetlb` tunable
/// is set - which it reads from the environment at the start of the process only - and then W
/// opens with 22,000 faults and about a fifth less CPU time. Its heap still grew by the size of
/// each request plus 128 KB, in steps too small for the kernel to back with huge pages at first
/// touch; `glibc.malloc.top_pad` of 64 MB (the size of a thread's heap) grows it in steps it can:
/// opening W then takes about 2,800 faults instead of 20,000 and the kernel's share of its CPU
/// time fell from 85 to 55 ms (medians of 30 runs; converting W, 147 to 92 ms). The memory is
/// only reserved: the peak resident memory is unchanged.
/// So a process given a large archive starts itself again once with both tunables set; small
/// archives and other commands are not worth the exec (about 10 ms).
enum HugePages {
    /// An archive from this size on (bytes on disk) is worth the exec.
    static let worthwhile: UInt64 = 8_000_000

    static let tunable = "glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864"

    /// Execs this program again with the tunable set, where some argument names an archive of
    /// `worthwhile` bytes or more, the kernel gives huge pages on request, and the user has set
    /// no tunables of their own. Returns (doing nothing) otherwise, or if the exec fails.
    static func restartIfWorthwhile(_ arguments: [String]) {
        guard getenv("GLIBC_TUNABLES") == nil, kernelAllowsOnRequest(),
            arguments.dropFirst().contains(where: { !$0.hasPrefix("-") && size(of: $0) >= worthwhile })
        else { return }
        guard setenv("GLIBC_TUNABLES", tunable, 1) == 0 else { return }
        // The same program, as the kernel knows it, with the same arguments.
        var argv = arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", &argv)
        // The exec failed (no /proc): go on without huge pages, the environment as it was.
        for pointer in argv { free(pointer) }
        unsetenv("GLIBC_TUNABLES")
    }

    /// Whether transparent huge pages are given to memory that asks (`madvise`) or always.
    static func kernelAllowsOnRequest() -> Bool {
        guard let setting = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8) else {
            return false
        }
        return setting.contains("[always]") || setting.contains("[madvise]")
    }

    /// The bytes of a file, or of the files directly in a folder; 0 for anything else.
    static func size(of path: String) -> UInt64 {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return UInt64(max(0, info.st_size))
        case S_IFDIR:
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path), names.count <= 1_000 else { return 0 }
            return names.reduce(0) { total, name in
                var entry = stat()
                guard stat(path + "/" + name, &entry) == 0, entry.st_mode & S_IFMT == S_IFREG else { return total }
                return total &+ UInt64(max(0, entry.st_size))
            }
        default: return 0
        }
    }
}
