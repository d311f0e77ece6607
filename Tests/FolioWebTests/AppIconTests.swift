import Foundation
import NIOCore
import TestSupport
import Testing

@testable import FolioWeb

/// The app's icons are files drawn from `Sources/FolioWeb/Icons/icon.svg` and built into folio;
/// librsvg draws the drawing again and Python's zlib (the reference deflate and CRC) reads them.
@Suite("The home-screen icons")
struct AppIconTests {
    private static let served: [(size: Int, bytes: ByteBuffer)] = [(192, AppAsset.icon192), (512, AppAsset.icon512)]

    private static var iconsFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/FolioWeb/Icons")
            .standardized
    }

    @Test("each icon served is icon.svg drawn at its size: an edited drawing is drawn again with `make icons`")
    func drawnFromTheSVG() throws {
        let rsvg = try Tool.find("rsvg-convert", package: "librsvg2-bin")
        let scratch = try Scratch("folio-icon-svg")
        for (size, bytes) in Self.served {
            let drawn = scratch.path("icon-\(size).png")
            _ = try Tool.run(
                rsvg, ["-w", "\(size)", "-h", "\(size)", Self.iconsFolder.appendingPathComponent("icon.svg").path, "-o", drawn.path])
            #expect(try Data(contentsOf: drawn) == Data(buffer: bytes), "icon-\(size).png is not icon.svg at \(size) pixels")
        }
    }

    @Test("each icon is a PNG zlib reads: its chunks' CRCs hold, its pixels inflate to the size it says")
    func readBack() throws {
        let python = try Tool.find("python3", package: "python3")
        let scratch = try Scratch("folio-icon")
        for (size, bytes) in Self.served {
            let file = scratch.path("icon-\(size).png")
            try Data(buffer: bytes).write(to: file)
            let said = try Tool.run(
                python,
                [
                    "-c",
                    """
                    struct, sys, zlib = __import__("struct"), __import__("sys"), __import__("zlib")
                    data = open(sys.argv[1], "rb").read()
                    assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
                    at, idat, size, colour = 8, b"", None, None
                    while at < len(data):
                        length, kind = struct.unpack(">I4s", data[at:at + 8])
                        body = data[at + 8:at + 8 + length]
                        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body), kind
                        if kind == b"IHDR": size, colour = struct.unpack(">II", body[:8]), body[9]
                        if kind == b"IDAT": idat += body
                        at += 12 + length
                    channels = {2: 3, 6: 4}[colour]
                    raw = zlib.decompress(idat)
                    assert len(raw) == size[1] * (size[0] * channels + 1)
                    print("%dx%d" % size)
                    """, file.path,
                ])
            #expect(said == "\(size)x\(size)")
        }
    }
}
