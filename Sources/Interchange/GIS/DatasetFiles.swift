// The files a dataset is made of, as GDAL knows them.

import CGDAL

extension VectorSource {
    /// Every file the dataset reads (a Shapefile's .shp, .shx, .dbf, .prj, .cpg), in GDAL's order.
    public var files: [String] {
        guard let list = GDALGetFileList(handle) else { return [] }
        defer { CSLDestroy(list) }
        return CStringList.strings(list)
    }
}
