import Foundation
import TestSupport
import Testing

/// The SVG `imdf render --svg` writes, opened in a real browser: headless Chromium (Debian's
/// `chromium`, installed by .ci/setup) renders it to PNG, and the picture must have the SVG's size
/// and show the filled rooms.
@Suite("The SVG in a browser")
struct BrowserRenderTests {
    @Test func aRealLevelRendersInHeadlessChromiumAtItsSize() throws {
        let folder = NSTemporaryDirectory() + "imdf-browser-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let svgPath = folder + "/level.svg"
        let run = try ChildProcess.run(CommandLineTests.executable, ["render", Samples.spbstu, "--level", "fc8f18cb", "--svg", svgPath])
        #expect(run.status == 0, "\(run.errors)")
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        let width = try #require(Self.attribute("width", in: svg))
        let height = try #require(Self.attribute("height", in: svg))

        let pngPath = folder + "/level.png"
        let browser = try ChildProcess.run(
            "chromium",
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(folder)/profile",
                "--screenshot=\(pngPath)", "--window-size=\(width),\(height)", "file://\(svgPath)",
            ],
            environment: ["HOME": folder], timeout: 120)
        #expect(browser.status == 0, "\(browser.errors)")
        let image = try PNGImage(contentsOf: URL(fileURLWithPath: pngPath))
        #expect(image.width == width && image.height == height)

        var counts: [UInt32: Int] = [:]
        for pixel in image.pixels { counts[pixel, default: 0] += 1 }
        let background = counts.max { $0.value < $1.value }!.key
        let drawn = image.pixels.count - counts[background]!
        #expect(Double(drawn) / Double(image.pixels.count) > 0.2, "only \(drawn) of \(image.pixels.count) pixels drawn")
        #expect(counts.count > 20)
        // The teaching rooms' fill (#ddd0f0) covers a large area: the units were drawn, filled by category.
        #expect(counts[0xDDD0F0, default: 0] > 20_000, "teaching fill: \(counts[0xDDD0F0, default: 0]) pixels")
    }

    static func attribute(_ name: String, in svg: String) -> Int? {
        guard let range = svg.range(of: " \(name)=\"") else { return nil }
        return Int(svg[range.upperBound...].prefix { $0.isNumber })
    }
}
