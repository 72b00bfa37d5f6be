// `import-gis` and `dataset-files`: a GIS layer read through Interchange/GIS as drafts with a
// report; the files a dataset is made of.

import Foundation
import HelperProtocol
import IMDF
import Interchange

enum GISJobs {
    static func importLayer(_ request: GISImportRequest) throws(HelperFailure) -> GISImportReply {
        do {
            let mapping = try GISMapping.read(request.map, for: request.type)
            let result = try GISImport.read(
                GISImport.Request(
                    path: request.file, layer: request.layer, type: request.type, mapping: mapping, assumedReferenceSystem: request.crs,
                    language: request.language))
            return GISImportReply(drafts: result.drafts, report: result.report)
        } catch {
            throw HelperFailure(error.message)
        }
    }

    static func datasetFiles(_ request: DatasetFilesRequest) throws(HelperFailure) -> [String] {
        (try? VectorSource(path: request.file).files) ?? []
    }
}
