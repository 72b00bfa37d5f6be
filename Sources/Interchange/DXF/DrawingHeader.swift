// The few HEADER variables of a DXF drawing that GDAL does not expose: its version (which decides
// the text encoding), its declared insertion units, and its code page.

import Foundation
import HelperProtocol

extension DrawingHeader {
    /// Reads the header of an ASCII DXF file: group-code / value line pairs from `SECTION HEADER` to
    /// its `ENDSEC`. GDAL reads the rest; it keeps these variables to itself. A binary DXF, or a
    /// file without a header (DXF R12 allows that), gives an empty header.
    public static func read(_ path: String) throws(InterchangeError) -> DrawingHeader {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw InterchangeError("\(path): cannot be opened") }
        defer { try? handle.close() }
        // The header comes first and is small; 256 KB holds every header seen in practice.
        let data = (try? handle.read(upToCount: 256 * 1024)) ?? Data()
        guard !data.starts(with: Array("AutoCAD Binary DXF".utf8)) else { return DrawingHeader() }
        // Lines taken one at a time, as bytes up to each newline: the header ends long before
        // the 256 KB do, and splitting all of it into Characters cost more than reading it.
        var start = data.startIndex
        func nextLine() -> Substring? {
            guard start < data.endIndex else { return nil }
            let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            let line = String(decoding: data[start..<end], as: UTF8.self)
            start = end < data.endIndex ? end + 1 : end
            return trimmed(Substring(line))
        }
        var header = DrawingHeader()
        var inHeader = false
        var variable: String?
        while let code = nextLine(), let value = nextLine() {
            if code == "0" {
                if value == "ENDSEC", inHeader { break }
                continue
            }
            if code == "2", value == "HEADER" {
                inHeader = true
                continue
            }
            guard inHeader else { continue }
            if code == "9" {
                variable = String(value)
                continue
            }
            switch (variable, code) {
            case ("$ACADVER", "1"): header.version = String(value)
            case ("$INSUNITS", "70"): header.insertionUnits = Int(value)
            case ("$DWGCODEPAGE", "3"): header.codePage = String(value)
            default: break
            }
        }
        return header
    }

    /// A line without the blanks round it (a carriage return of a CR LF file among them).
    private static func trimmed(_ line: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = line.firstIndex(where: { !blank($0) }), let last = line.lastIndex(where: { !blank($0) }) else { return "" }
        return line[first...last]
    }
}
