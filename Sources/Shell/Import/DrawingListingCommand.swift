// `imdf import dxf FILE --list`: the drawing's layers as the GDAL helper reads them, printed as
// text or JSON, so layers can be chosen before importing.

import HelperProtocol

public enum DrawingListingCommand {
    public static func run(_ file: String, json: Bool, verbose: Bool = false) throws(CommandFailure) {
        // Checked here as the import checks it: the helper would wait on a pipe for ever.
        do {
            try ImportDigest.requireRegularFile(file)
        } catch {
            throw CommandFailure(exitCode: HelperFailure.unreadable, message: "import dxf: \(error.message)")
        }
        do {
            let listing = try GDALHelperClient.ask(DrawingListRequest(file: file), consequence: "nothing listed", verbose: verbose)
            Output.line(json ? DrawingImportWording.listingJSON(listing) : DrawingImportWording.listing(listing))
        } catch {
            throw CommandFailure(exitCode: error.status, message: "import dxf: \(error.message)")
        }
    }
}
