import Foundation
import SystemZlib

/// The pixels of an 8-bit RGB or RGBA, non-interlaced PNG (what a browser's screenshot writes):
/// enough to check a rendering's size and that it is not blank.
struct PNGImage {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    let width: Int
    let height: Int
    /// 0xRRGGBB per pixel, row by row (alpha dropped: screenshots are opaque).
    let pixels: [UInt32]

    init(contentsOf url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        guard bytes.count > 8, bytes[0..<8].elementsEqual([137, 80, 78, 71, 13, 10, 26, 10]) else {
            throw Unreadable(description: "\(url.path) is not a PNG")
        }
        func integer(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8
        var header: [UInt8] = []
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = integer(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            if type == "IHDR" { header = body }
            if type == "IDAT" { compressed += body }
            if type == "IEND" { break }
            offset += 12 + length
        }
        guard header.count == 13 else { throw Unreadable(description: "no IHDR") }
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        let channels: Int
        switch (header[8], header[9], header[12]) {
        case (8, 2, 0): channels = 3
        case (8, 6, 0): channels = 4
        default: throw Unreadable(description: "bit depth \(header[8]), colour type \(header[9]), interlace \(header[12]): not read here")
        }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: height * (stride + 1))
        var size = uLongf(raw.count)
        let status = compressed.withUnsafeBufferPointer { source in
            raw.withUnsafeMutableBufferPointer { target in
                uncompress(target.baseAddress, &size, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, Int(size) == raw.count else {
            throw Unreadable(description: "zlib status \(status), \(size) of \(raw.count) bytes")
        }

        // Undo each row's filter (PNG specification, section 9).
        var image = [UInt8](repeating: 0, count: height * stride)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            for column in 0..<stride {
                let x = raw[row * (stride + 1) + 1 + column]
                let a = column >= channels ? Int(image[row * stride + column - channels]) : 0
                let b = row > 0 ? Int(image[(row - 1) * stride + column]) : 0
                let c = row > 0 && column >= channels ? Int(image[(row - 1) * stride + column - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw Unreadable(description: "row \(row) has filter \(filter)")
                }
                image[row * stride + column] = UInt8(truncatingIfNeeded: Int(x) + predictor)
            }
        }
        pixels = (0..<(width * height)).map { index in
            let base = index * channels
            return UInt32(image[base]) << 16 | UInt32(image[base + 1]) << 8 | UInt32(image[base + 2])
        }
    }
}
