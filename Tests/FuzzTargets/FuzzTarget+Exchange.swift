import FolioCore
import FolioExchange
import FolioStore
import Foundation

extension FuzzTarget {
    /// The import readers (jrnl, Day One, folio JSON, one Markdown note) on any bytes; the first
    /// byte chooses the reader.
    ///
    /// Promises: an input is refused with a message, or every entry it gives has a path inside the
    /// vault and renders to a file folio reads back as a record with the entry's id; a Markdown
    /// note's own front matter lines and body are all still there, in order.
    static let exchange = FuzzTarget(
        name: "exchange",
        summary: "folio import's readers: refused, or files inside the vault that read back with their ids",
        generatedSeeds: { ExchangeFuzz.seeds }
    ) { bytes throws(InvariantFailure) in
        try ExchangeFuzz.run(bytes)
    }
}

enum ExchangeFuzz {
    static let root = URL(fileURLWithPath: "/nonexistent/folio-fuzz-vault")

    static func run(_ bytes: [UInt8]) throws(InvariantFailure) {
        guard let first = bytes.first else { return }
        let formats = ExchangeFuzzing.Format.allCases
        let format = formats[Int(first) % formats.count]
        guard case .success(let files) = ExchangeFuzzing.files(Array(bytes.dropFirst()), as: format, root: root) else { return }
        for file in files {
            try expect(
                Vault.isSafeRecordPath(file.path) || file.path == "profile.md", "\(format): the path \(excerpt(file.path)) leaves the vault"
            )
            let document = try? FrontMatterDocument(parsing: file.text)
            try expect(document != nil, "\(format): the file written does not read back: \(excerpt(file.text, limit: 400))")
            // folio JSON writes a record as it was, with no id when it had none; every other reader gives one.
            let written = document?.string("id")
            try expect(
                written == file.id || (format == .folioJSON && written == nil), "\(format): the file's id is not \(excerpt(file.id))")
            if let original = file.original, let originalDocument = try? FrontMatterDocument(parsing: original) {
                try expect(document?.body == originalDocument.body, "markdown: the body changed")
            }
        }
    }

    static let seeds: [[UInt8]] = [
        [0]
            + Array(
                #"{"tags": {"@a": 1}, "entries": [{"title": "t", "body": "b @a", "date": "2020-01-02", "time": "10:11", "tags": ["@a"], "starred": true, "x": [1, {"y": null}]}]}"#
                    .utf8),
        [1]
            + Array(
                ##"{"metadata": {"version": "1.2"}, "entries": [{"uuid": "EBB5A5F4057F461E8F176E18AB7E0493", "creationDate": "2020-01-10T12:22:12Z", "timeZone": "Europe/London", "text": "# T\n![](dayone-moment://X)", "tags": ["a"], "starred": false, "location": {"placeName": "P", "latitude": 1.5, "longitude": 2}, "weather": {"conditionsDescription": "Sun", "temperatureCelsius": 20}, "photos": [{"identifier": "X", "md5": "abc", "type": "jpeg"}]}]}"##
                    .utf8),
        [2]
            + Array(
                #"{"format": "folio-export", "version": 1, "records": [{"path": "ideas/2026/11/a.md", "body": "b\n", "front_matter": "---\nid: 5b0c1c8e-8c1f-4f57-9d55-0c3d8a9f6a21\nkind: idea\n---\n"}, {"path": "notes/x.md", "body": "", "title": "t", "tags": ["x"], "n": 1.5}]}"#
                    .utf8),
        [3] + Array("---\n# c\ntitle: x\ntags: a, #b c\ndate: 2024-02-03 10:00\n---\nbody ![[p.jpg|2]] [l](a b.png)\n".utf8),
        [3] + Array("# Heading\n\nno front matter #tag\n".utf8),
        [4] + Array("[2026-11-22 09:15] 早上散步. 看到 @白鷺鷥 和 @河邊\n\n[2026-11-22 21:00 PM] *Star. body\n[ not a date\n".utf8),
    ]
}
