import FolioCore
import Foundation

extension Catalog {
    /// What ``RecordReference/resolve(_:in:)`` answers over ``names``, decided on the bytes in the
    /// rows: a string is decoded only when its bytes cannot settle the comparison, so resolving a
    /// title in 100,000 records does not build 100,000 strings.
    func resolve(_ text: String) -> RecordReference.Resolution {
        let exact = ReferenceText(text)
        let lowered = ReferenceText(text.lowercased())
        let positions = 0..<count
        // The same steps, in the same order, as RecordReference.resolve; the first that hits wins.
        if let result = Self.single(positions.filter { id(matches: lowered, at: $0) }) { return result }
        let pathLike = ReferenceText(text.hasSuffix(".md") ? text : text + ".md")
        let plainFolders = folders.map { ReferenceText.isPlain(Array($0.path.utf8)) }
        if let index = positions.first(where: {
            path(matches: pathLike, at: $0, plainFolders: plainFolders) || path(matches: exact, at: $0, plainFolders: plainFolders)
        }) {
            return .found(index)
        }
        if lowered.string.count >= RecordReference.minimumPrefix, lowered.string.allSatisfy({ $0.isHexDigit || $0 == "-" }),
            let result = Self.single(positions.filter { id(hasPrefix: lowered, at: $0) })
        {
            return result
        }
        if let result = Self.single(positions.filter { stem(matches: exact, at: $0) || slug(matches: exact, at: $0) }) { return result }
        if let result = Self.single(positions.filter { name(matches: exact, at: $0) }) { return result }
        let folded = positions.filter {
            name(matches: lowered, at: $0, lowercased: true) || slug(matches: lowered, at: $0, lowercased: true)
        }
        return Self.single(folded) ?? .notFound
    }

    private static func single(_ hits: [Int]) -> RecordReference.Resolution? {
        switch hits.count {
        case 0: nil
        case 1: .found(hits[0])
        default: .ambiguous(hits)
        }
    }

    private func id(matches wanted: ReferenceText, at position: Int) -> Bool {
        guard let id = detail(position).flatMap(RecordDetail.idBytes) else { return false }
        return wanted.equals(id)
    }

    private func id(hasPrefix wanted: ReferenceText, at position: Int) -> Bool {
        guard let id = detail(position).flatMap(RecordDetail.idBytes) else { return false }
        // A prefix of hex digits and dashes ends no grapheme a plain id could continue.
        if ReferenceText.isPlain(id) { return id.starts(with: wanted.bytes) }
        return String(decoding: id, as: UTF8.self).hasPrefix(wanted.string)
    }

    /// Whether the title or one of the aliases is `wanted`.
    private func name(matches wanted: ReferenceText, at position: Int, lowercased: Bool = false) -> Bool {
        guard let detail = detail(position) else { return false }
        if let title = RecordDetail.textBytes(1, in: detail) {
            if wanted.equals(title, lowercased: lowercased) { return true }
        } else if wanted.string.isEmpty {
            return true
        }
        return RecordDetail.anyAlias(in: detail) { wanted.equals($0, lowercased: lowercased) }
    }

    private func path(matches wanted: ReferenceText, at position: Int, plainFolders: [Bool]) -> Bool {
        let entry = entries[Int(records[position])]
        let folderNumber = Int(entry.folder)
        let folder = folders[folderNumber].path.utf8
        let name = nameBytes(ofEntry: entry)
        guard wanted.plain, plainFolders[folderNumber], ReferenceText.isPlain(name) else { return path(position) == wanted.string }
        // Plain on both sides: the bytes decide, without putting the path together.
        let separator = folder.isEmpty ? 0 : 1
        guard folder.count + separator + name.count == wanted.bytes.count else { return false }
        return wanted.bytes[..<folder.count].elementsEqual(folder)
            && (separator == 0 || wanted.bytes[folder.count] == UInt8(ascii: "/"))
            && wanted.bytes[(folder.count + separator)...].elementsEqual(name)
    }

    /// The file name without `.md` (every listed name has it).
    private func stemBytes(_ position: Int) -> UnsafeRawBufferPointer {
        let name = nameBytes(ofEntry: entries[Int(records[position])])
        return UnsafeRawBufferPointer(rebasing: name[..<max(0, name.count - 3)])
    }

    private func stem(matches wanted: ReferenceText, at position: Int) -> Bool {
        wanted.equals(stemBytes(position))
    }

    private func slug(matches wanted: ReferenceText, at position: Int, lowercased: Bool = false) -> Bool {
        let stem = stemBytes(position)
        let stemMatches = wanted.equals(stem, lowercased: lowercased)
        let dash = UInt8(ascii: "-")
        guard stem.count > 11, stem[4] == dash, stem[7] == dash, stem[10] == dash else { return stemMatches }
        // Shaped like `YYYY-MM-DD-slug`: the date is parsed only when it decides the answer.
        let restMatches = wanted.equals(UnsafeRawBufferPointer(rebasing: stem[11...]), lowercased: lowercased)
        guard restMatches != stemMatches else { return stemMatches }
        let dated = Timestamp.parts(of: UnsafeRawBufferPointer(rebasing: stem[0..<10])) != nil
        return dated ? restMatches : stemMatches
    }
}

/// A reference's text with its UTF-8 bytes, compared with strings in the catalog as Swift compares
/// strings (canonical equivalence), by bytes whenever the bytes decide it.
///
/// Two strings made only of "plain" scalars — ASCII, CJK ideographs, CJK punctuation before
/// U+302A — are each their own canonical decomposition (no such scalar decomposes or combines),
/// so they are equal exactly when their bytes are. Anything else is decoded and compared as a String.
struct ReferenceText {
    let string: String
    let bytes: [UInt8]
    let plain: Bool

    init(_ string: String) {
        self.string = string
        bytes = Array(string.utf8)
        plain = Self.isPlain(bytes)
    }

    /// Whether `candidate` (or its lowercase form) equals this text.
    func equals(_ candidate: UnsafeRawBufferPointer, lowercased: Bool = false) -> Bool {
        if !lowercased, candidate.elementsEqual(bytes) { return true }
        if plain, Self.isPlain(candidate) {
            // A plain string's lowercase form is its ASCII letters lowered.
            guard lowercased else { return false }
            return candidate.count == bytes.count && zip(candidate, bytes).allSatisfy { Self.asciiLowered($0) == $1 }
        }
        let decoded = String(decoding: candidate, as: UTF8.self)
        return (lowercased ? decoded.lowercased() : decoded) == string
    }

    private static func asciiLowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// Whether `bytes` are well-formed UTF-8 of plain scalars only (see the type's comment).
    static func isPlain(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        let count = bytes.count
        while i < count {
            // Eight ASCII bytes at a time: most names and ids are nothing else.
            if count - i >= 8, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            guard lead & 0xF0 == 0xE0, count - i >= 3, bytes[i + 1] & 0xC0 == 0x80, bytes[i + 2] & 0xC0 == 0x80 else { return false }
            let scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
            guard (0x4E00...0x9FFF).contains(scalar) || (0x3400...0x4DBF).contains(scalar) || (0x3000...0x3029).contains(scalar)
            else { return false }
            i += 3
        }
        return true
    }

    static func isPlain(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { isPlain($0) } }
}
