// imdf-gdal: the part of imdf that reads and writes CAD and GIS formats through GDAL, in a
// process of its own (see Shell/Import/GDALHelperClient.swift for why). imdf starts it; it is not
// meant to be run by hand.
//
//   imdf-gdal import-dxf | import-gis | dataset-files      a JSON request on standard input, a JSON reply
//   imdf-gdal list-dxf FILE [--json]                        the drawing's layers, as `imdf import dxf --list`
//   imdf-gdal convert IN OUT [--max-size S] [--max-total S] GeoPackage and Shapefile conversion, as `imdf convert`

import Foundation
import Shell

enum Helper {
    static func usage() -> Never {
        fail(
            "usage: imdf-gdal import-dxf | import-gis | dataset-files | list-dxf FILE [--json] | convert IN OUT (started by imdf)",
            status: 2)
    }

    static func fail(_ message: String, status: Int32) -> Never {
        Output.error(message)
        exit(status)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "import-dxf": DrawingJobs.importDrawing()
case "import-gis": GISJobs.importLayer()
case "dataset-files": GISJobs.datasetFiles()
case "list-dxf": DrawingJobs.list(Array(arguments.dropFirst()))
case "convert": ConvertJob.run(Array(arguments.dropFirst()))
default: Helper.usage()
}
