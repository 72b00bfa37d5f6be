// imdf-gdal: the part of imdf that reads and writes CAD and GIS formats through GDAL, in a
// process of its own (see Shell/Import/GDALHelperClient.swift for why). imdf starts it with a
// job's name (HelperProtocol's HelperJob), writes the job's request on its standard input and reads
// the reply from its standard output; it is not meant to be run by hand.

import Foundation
import HelperProtocol

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.count == 1 ? HelperJob(rawValue: arguments[0]) : nil {
case .importDrawing?: Serving.answer(DrawingImportRequest.self, with: DrawingJobs.importDrawing)
case .listDrawing?: Serving.answer(DrawingListRequest.self, with: DrawingJobs.list)
case .importGIS?: Serving.answer(GISImportRequest.self, with: GISJobs.importLayer)
case .datasetFiles?: Serving.answer(DatasetFilesRequest.self, with: GISJobs.datasetFiles)
case .convert?: Serving.answer(ConvertRequest.self, with: ConvertJob.run)
case nil:
    let jobs = HelperJob.allCases.map(\.rawValue).joined(separator: " | ")
    FileHandle.standardError.write(Data("usage: imdf-gdal \(jobs), with the request on standard input (started by imdf)\n".utf8))
    exit(2)
}
