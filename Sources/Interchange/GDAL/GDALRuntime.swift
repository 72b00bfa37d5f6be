// GDAL's process-wide state: its drivers, its error reporting and its configuration options.

import CGDAL
import Foundation

/// A failure reading or writing a CAD or GIS file, in words for the user: which file, and why.
public struct InterchangeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

enum GDALRuntime {
    /// Registers the drivers once. GDAL's default error handler prints to stderr; the quiet one
    /// keeps the message for `lastError`, so the user sees it once, in our words, with the file.
    private static let registered: Bool = {
        GDALAllRegister()
        CPLSetErrorHandler(CPLQuietErrorHandler)
        return true
    }()

    static func prepare() { _ = registered }

    /// The message of GDAL's last error on this thread, if any.
    static var lastError: String? {
        guard let message = CPLGetLastErrorMsg() else { return nil }
        let text = userTerms(String(cString: message))
        return text.isEmpty ? nil : text
    }

    /// A GDAL message without the place in GDAL's own sources some of them start with
    /// (`./ogr/ogrsf_frmts/dxf/ogrdxflayer.cpp, 3367: error at line 2947 of plan.dxf`), which
    /// means nothing to the person whose file it is.
    /// With `IMDF_GDAL_VERBOSE=1` (what `--verbose` sets for the helper) GDAL's own text follows.
    static func userTerms(_ message: String) -> String {
        let original = message.trimmingCharacters(in: .whitespacesAndNewlines)
        var text = original
        if let range = text.range(of: #"^\S+\.(cpp|c|h|hpp), \d+: "#, options: .regularExpression) { text.removeSubrange(range) }
        guard text != original, ProcessInfo.processInfo.environment[verboseVariable] == "1" else { return text }
        return "\(text) (GDAL: \(original))"
    }

    /// The environment variable under which the helper keeps GDAL's own wording of its errors.
    public static let verboseVariable = "IMDF_GDAL_VERBOSE"

    /// Runs `body` with configuration options set for this thread only, then restores them: the
    /// DXF driver reads its options (block inlining, text encoding) while it opens and reads.
    static func with<T, E: Error>(options: [(String, String)], _ body: () throws(E) -> T) throws(E) -> T {
        prepare()
        let previous = options.map { (key, _) in CPLGetThreadLocalConfigOption(key, nil).map { String(cString: $0) } }
        for (key, value) in options { CPLSetThreadLocalConfigOption(key, value) }
        defer {
            for ((key, _), old) in zip(options, previous) { CPLSetThreadLocalConfigOption(key, old) }
        }
        return try body()
    }
}
