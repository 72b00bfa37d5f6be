import Foundation

/// Paths the tests share: the package's root and the real archives in ../shared/imdf-samples
/// (beside the project's checkout, as on every developer's machine and in CI).
public enum Samples {
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return url
    }()

    public static let root = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/imdf-samples").path
    public static let spbstu = root + "/spbstu-polymap"
    public static let postech = root + "/postech-c5"
    public static let ulm = root + "/ulm-osmtoimdf"
    public static let categories = root + "/../imdf/categories.json"
    /// Real CAD drawings, in ../shared/floorplans.
    public static let barcelonaPavilion = root + "/../floorplans/barcelona-pavilion.dxf"
}
