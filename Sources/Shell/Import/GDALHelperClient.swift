// GDAL runs in a helper process, `imdf-gdal`, built beside `imdf`. Linking GDAL - with its 130
// shared libraries - into imdf itself made every start load them, and the prompt came up in 65 ms
// instead of 12 (PRODUCT.md section 9 asks for at most 50); and a drawing that crashes GDAL now
// ends the helper, not the session holding the user's unsaved edits.

import Foundation
import HelperProtocol
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

    /// Runs `request`'s job: the request on the helper's standard input, its reply decoded from
    /// its standard output. A helper that dies, says nothing readable or fails is a failure whose
    /// message ends with `consequence` ("nothing imported") where the helper could not say it.
    public static func ask<Request: HelperRequest>(_ request: Request, consequence: String) throws(HelperFailure) -> Request.Reply {
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [Request.job.rawValue]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw HelperFailure("cannot start \(name): \(error.localizedDescription)")
        }
        // The request is small: written whole before the reply, however large, is read.
        input.fileHandleForWriting.write(body)
        try? input.fileHandleForWriting.close()
        let replyBytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit else {
            throw HelperFailure("\(name) stopped on signal \(process.terminationStatus) while reading the file; \(consequence)")
        }
        guard let reply = try? HelperCoding.decode(HelperReply<Request.Reply>.self, from: replyBytes) else {
            throw HelperFailure("\(name) gave no answer (exit status \(process.terminationStatus)); \(consequence)")
        }
        if let failure = reply.failure { throw failure }
        guard let value = reply.value else { throw HelperFailure("\(name) failed without saying why; \(consequence)") }
        return value
    }
}
