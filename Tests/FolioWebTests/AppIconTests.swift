import FolioSite
import Foundation
import TestSupport
import Testing

/// The app's icons are drawn and encoded by folio; Python's zlib (the reference deflate and CRC)
/// reads them back.
@Suite("The home-screen icons")
struct AppIconTests {
    @Test("each icon is a PNG zlib reads: its chunks' CRCs hold, its pixels inflate to the size it says")
    func readBack() throws {
        let python = try Tool.find("python3", package: "python3")
        let scratch = try Scratch("folio-icon")
        for size in [192, 512] {
            let file = scratch.path("icon-\(size).png")
            try Data(LiveAssets.iconPNG(size: size)).write(to: file)
            let said = try Tool.run(
                python,
                [
                    "-c",
                    """
                    struct, sys, zlib = __import__("struct"), __import__("sys"), __import__("zlib")
                    data = open(sys.argv[1], "rb").read()
                    assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
                    at, idat, size = 8, b"", None
                    while at < len(data):
                        length, kind = struct.unpack(">I4s", data[at:at + 8])
                        body = data[at + 8:at + 8 + length]
                        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body), kind
                        if kind == b"IHDR": size = struct.unpack(">II", body[:8])
                        if kind == b"IDAT": idat += body
                        at += 12 + length
                    raw = zlib.decompress(idat)
                    assert len(raw) == size[1] * (size[0] * 3 + 1)
                    print("%dx%d" % size)
                    """, file.path,
                ])
            #expect(said == "\(size)x\(size)")
        }
    }
}
