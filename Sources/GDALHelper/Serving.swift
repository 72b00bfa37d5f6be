// One request in, one reply out: the request decoded from standard input as its HelperProtocol
// type, the job run, and its value or failure encoded on standard output.

import Foundation
import HelperProtocol

enum Serving {
    static func answer<Request: HelperRequest>(_ type: Request.Type, with job: (Request) throws(HelperFailure) -> Request.Reply) -> Never {
        let input = FileHandle.standardInput.readDataToEndOfFile()
        let reply: HelperReply<Request.Reply>
        do {
            let request = try HelperCoding.decode(Request.self, from: input)
            do throws(HelperFailure) {
                reply = .succeeded(try job(request))
            } catch {
                reply = .failed(error)
            }
        } catch {
            reply = .failed(HelperFailure("the request to \(Request.job.rawValue) is not one: \(error)"))
        }
        do {
            FileHandle.standardOutput.write(try HelperCoding.encode(reply))
        } catch {
            // Only a number JSON cannot carry gets here; imdf reports the empty reply.
            FileHandle.standardError.write(Data("imdf-gdal: the reply could not be written: \(error)\n".utf8))
        }
        // The reply is all imdf waits for: standard output closed, imdf reads its end while this
        // process ends, without freeing what the job built.
        try? FileHandle.standardOutput.close()
        exit(0)
    }
}
