// `list-dxf` and `import-dxf`: a drawing read and imported through Interchange/DXF.

import Foundation
import Geometry
import HelperProtocol
import IMDF
import Interchange

enum DrawingJobs {
    static func list(_ request: DrawingListRequest) throws(HelperFailure) -> DrawingListing {
        do {
            return DrawingListing(try Drawing.read(request.file))
        } catch {
            throw HelperFailure(error.message, status: HelperFailure.unreadable)
        }
    }

    static func importDrawing(_ request: DrawingImportRequest) throws(HelperFailure) -> DrawingImportReply {
        let result: DXFImportResult
        do {
            let drawing = try Drawing.read(request.file)
            KeptUntilExit.keep(drawing)
            result = try DXFImporter.run(drawing, options: request.options, corner: request.corner)
        } catch {
            throw HelperFailure(error.message)
        }
        KeptUntilExit.keep(result)
        let file = URL(fileURLWithPath: request.file).lastPathComponent
        // An empty level - as a new template's is - takes the plan's footprint as its outline,
        // so the rooms stand on it wherever the control points put them.
        let outline = request.levelIsEmpty ? DrawingImportReply.outline(result.footprint) : nil
        let (drafts, languageNote) = result.drafts(file: file, language: request.language, given: request.languageGiven)
        var report = result.report
        report.namesLanguage = languageNote
        return DrawingImportReply(drafts: drafts, report: report, levelOutline: outline)
    }
}
