// GDAL runs in a helper process, `imdf-gdal`, built beside `imdf`. Linking GDAL - with its 130
// shared libraries - into imdf itself made every start load them, and the prompt came up in 65 ms
// instead of 12 (PRODUCT.md section 9 asks for at most 50); and a drawing that crashes GDAL now
// ends the helper, not the session holding the user's unsaved edits.

import Foundation
import IMDF
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

    /// Runs `job` with `request` on its standard input; its reply's members (without `ok`), or
    /// its error as an EditError naming `argument`.
    static func run(_ job: String, _ request: JSONObject, argument: String = "FILE") throws(EditError) -> JSONObject {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path())
        process.arguments = [job]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw EditError("cannot start \(name): \(error.localizedDescription)", argument: argument)
        }
        // The request is small: written whole before the reply, however large, is read.
        input.fileHandleForWriting.write(Data(JSONValue.object(request).inlineText.utf8))
        try? input.fileHandleForWriting.close()
        let reply = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        guard process.terminationReason == .exit else {
            throw EditError(
                "\(name) stopped on signal \(process.terminationStatus) while reading the file; nothing imported", argument: argument)
        }
        guard case .object(let members)? = try? GeoJSONReader.readJSON(reply), members["ok"] != nil else {
            throw EditError("\(name) gave no answer (exit status \(process.terminationStatus)); nothing imported", argument: argument)
        }
        guard members["ok"] == .bool(true) else {
            if case .string(let message)? = members["error"] { throw EditError(message, argument: argument) }
            throw EditError("\(name) failed without saying why; nothing imported", argument: argument)
        }
        return JSONObject(members.filter { $0.key != "ok" })
    }

    /// An import `job` of the helper (`import-dxf`, `import-gis`) as the reading an importer
    /// returns: its drafts, report lines, report JSON and, when it gives one, the level's new
    /// outline. Every failure is said as `command` (`import dxf`) failing.
    static func reading(_ job: String, _ request: JSONObject, command: String) throws(EditError) -> ImportReading {
        do throws(EditError) {
            let reply = try run(job, request)
            guard case .object(let json)? = reply["json"] else { throw EditError("\(name) answered without a report") }
            let outline = reply["level_outline"].flatMap { GeoJSONGeometry(json: $0)?.geometry }
            return ImportReading(drafts: try drafts(reply), lines: lines(reply), json: json, levelOutline: outline)
        } catch {
            throw EditError("\(command): \(error.message)", argument: error.argument ?? "FILE")
        }
    }

    /// The drafts of a reply.
    private static func drafts(_ reply: JSONObject) throws(EditError) -> [FeatureDraft] {
        guard case .array(let values)? = reply["drafts"] else { return [] }
        var drafts: [FeatureDraft] = []
        for value in values {
            guard case .object(let draft) = value, case .string(let typeName)? = draft["type"], let type = FeatureType(rawValue: typeName),
                case .object(let properties)? = draft["properties"], case .string(let source)? = draft["source"]
            else { throw EditError("\(name) answered with a draft that is not one") }
            let geometry = draft["geometry"].flatMap { GeoJSONGeometry(json: $0)?.geometry }
            drafts.append(FeatureDraft(type: type, geometry: geometry, properties: properties, source: source))
        }
        return drafts
    }

    private static func lines(_ reply: JSONObject) -> [String] {
        guard case .array(let values)? = reply["lines"] else { return [] }
        return values.compactMap { if case .string(let line) = $0 { line } else { nil } }
    }

    /// Replaces this process with the helper running `arguments` (its own command line: `convert
    /// IN OUT`, `list-dxf FILE`); returns only when it cannot be started.
    public static func exec(_ arguments: [String]) throws(EditError) -> Never {
        let path = try path()
        let argv = ([name] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        throw EditError("cannot start \(path): \(String(cString: strerror(errno)))")
    }
}
