// The name of a file in an archive, wherever it comes from - a zip, a folder, a GeoPackage's
// imdf_archive table, a journal - is one plain file name: a name like `../../evil.txt` or
// `/etc/passwd` would be written outside the archive's folder, or carried into a zip whose
// readers extract it there (zip-slip).

public enum MemberName {
    /// Why `name` is not one plain file name, or nil when it is.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "an empty name" }
        if name == "." || name == ".." { return "\"\(name)\" names a folder, not a file" }
        if name.contains("/") || name.contains("\\") { return "a path, not one file name (it holds a / or \\)" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "a control character in the name" }
        if name.utf8.count > 255 { return "a name longer than 255 bytes" }
        return nil
    }
}
