import Foundation
import NIOCore
import Testing

@testable import FolioWeb

/// The served page's form token put in place of its marker by a byte search, checked against
/// Foundation's `replacingOccurrences` (the oracle) on pages of every shape.
@Suite("The form token in a served page")
struct TokenMarkerTests {
    @Test("the same bytes as replacingOccurrences: markers at the ends, side by side, cut short, among other tags")
    func sameAsFoundation() {
        let marker = SitePages.marker
        let token = Array("0123456789abcdef".utf8)
        let pieces = ["<", "<folio-token", "<folio-token>", ">", "<a href=\"x\">", "日記", "folio-token>", "\n", "<<", "x"]
        var generator = SystemRandomNumberGenerator()
        var cases = ["", "<folio-token>", "<folio-token><folio-token>", "<folio-toke", "a<folio-token>b"]
        for _ in 0..<500 {
            cases.append(
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined())
        }
        for page in cases {
            let got = SitePages.withToken(Data(page.utf8), marker: marker, token: token)
            let expected = page.replacingOccurrences(of: "<folio-token>", with: "0123456789abcdef")
            #expect(String(buffer: got) == expected, "\(page)")
        }
    }
}
