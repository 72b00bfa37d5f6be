/// The tool's name and version, as `generated_by` in saved manifests and `imdf --version` print it.
public enum ToolInfo {
    public static let name = "imdf"
    public static let version = "0.1.0"
    public static var generatedBy: String { "\(name) \(version)" }
}
