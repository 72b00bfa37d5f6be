// Coordinate reference systems by name: one a user names (`EPSG:25832`), and how a layer's is
// called in a report.

import CGDAL

/// A reference system GDAL made from what a user typed; released with the value.
final class ReferenceSystem {
    let handle: OGRSpatialReferenceH

    /// `EPSG:25832`, `ESRI:102100`, a PROJ string or WKT - what GDAL's own tools take.
    init(userInput text: String) throws(InterchangeError) {
        GDALRuntime.prepare()
        guard let handle = OSRNewSpatialReference(nil) else { throw InterchangeError("GDAL could not allocate a reference system") }
        CPLErrorReset()
        guard !text.isEmpty, OSRSetFromUserInput(handle, text) == OGRERR_NONE else {
            OSRRelease(handle)
            throw InterchangeError(
                "crs: GDAL does not know the reference system \"\(text)\"\(GDALRuntime.lastError.map { " (\($0))" } ?? ""); e.g. EPSG:25832"
            )
        }
        self.handle = handle
    }

    deinit { OSRRelease(handle) }

    var name: String { Self.name(of: handle) }

    /// "ETRS89 / UTM zone 32N (EPSG:25832)", or the name alone when it has no authority code.
    static func name(of reference: OGRSpatialReferenceH) -> String {
        let name = OSRGetName(reference).map { String(cString: $0) } ?? "unnamed"
        let authority =
            (OSRIsProjected(reference) != 0 ? "PROJCS" : OSRIsGeographic(reference) != 0 ? "GEOGCS" : nil).flatMap { node in
                OSRGetAuthorityName(reference, node).flatMap { name in
                    OSRGetAuthorityCode(reference, node).map { "\(String(cString: name)):\(String(cString: $0))" }
                }
            }
            ?? OSRGetAuthorityName(reference, nil).flatMap { name in
                OSRGetAuthorityCode(reference, nil).map { "\(String(cString: name)):\(String(cString: $0))" }
            }
        return authority.map { "\(name) (\($0))" } ?? name
    }
}

extension VectorLayer {
    /// The name of the layer's reference system ("ETRS89 / UTM zone 32N (EPSG:25832)"); nil
    /// when it has none.
    public var referenceSystemName: String? { OGR_L_GetSpatialRef(handle).map(ReferenceSystem.name(of:)) }
}
