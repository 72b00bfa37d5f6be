// imdf-gdal: the part of imdf that reads and writes CAD and GIS formats through GDAL, in a
// process of its own (see Shell/Import/GDALHelperClient.swift for why). imdf starts it with a
// job's name (HelperProtocol's HelperJob), writes the job's request on its standard input and reads
// the reply from its standard output; it is not meant to be run by hand.

import Foundation
import HelperProtocol

// Started by imdf: end as soon as imdf is gone (its pid, given at the start, is no longer the
// parent's), checked twice a second - the work left is nobody's. On a thread of its own: asleep
// on one of Dispatch's, the watch counted as one of the two threads Dispatch runs work on here,
// and the job's parallel steps ran one at a time.
if let text = ProcessInfo.processInfo.environment[HelperParent.variable], let parent = pid_t(text) {
    if getppid() != parent { exit(1) }
    Thread.detachNewThread {
        while getppid() == parent { usleep(500_000) }
        _exit(1)
    }
}

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
