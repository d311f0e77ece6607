import FolioCore
import Foundation

/// A name another device would see differently on its own, with no twin beside it (a twin is a
/// ``NameCollision``): one in NFD, or one Windows cannot hold. Files and folders alike (a record,
/// a media file, a kind's folder), each named once, at the outermost name that needs the rename.
public struct NameRename: Sendable, Equatable {
    /// Vault-relative, as the file system spells it.
    public var path: String
    public var difference: FileMessage.NameDifference
    /// The free name in the same folder `check --fix` gives it (vault-relative).
    public var rename: String

    /// The finding as said: the problem, `check --fix`, and the `mv` that does it by hand.
    public var error: FolioError {
        FolioError(.file(.nameSeenDifferently(difference, rename: "\(path.shellWord) \(rename.shellWord)")), file: path)
    }
}

extension Vault {
    /// The names on the way to `paths` (vault-relative files) that another device would see
    /// differently, outermost first and each once. A name that is not UTF-8 has no rename to
    /// offer (it is named by ``namesNotPortable(_:)``); a name in NFD with a twin in NFC is a
    /// collision, found with the collisions.
    public func namesSeenDifferently(_ paths: [String]) -> [NameRename] {
        var found: [NameRename] = []
        var named = Set<[UInt8]>()
        var listings: [String: [String]] = [:]
        for path in paths where PortablePath.problem(path) != .notUTF8 {
            var folder = ""
            for component in path.split(separator: "/").map(String.init) {
                let here = folder.isEmpty ? component : folder + "/" + component
                defer { folder = here }
                if named.contains(Array(here.utf8)) { break }
                let difference: FileMessage.NameDifference
                if let problem = PortablePath.problem(component) {
                    difference = .notPortable(problem)
                } else if !PortablePath.isComposed(component) {
                    difference = .decomposed
                } else {
                    continue
                }
                let names = listings[folder] ?? Self.names(inFolder: folder.isEmpty ? root.path : url(folder).path)
                listings[folder] = names
                let key = PortablePath.collisionKey(component)
                let besides = names.filter { !$0.utf8.elementsEqual(component.utf8) }
                // A twin beside it makes it a collision, said and renamed with those.
                if difference == .decomposed && besides.contains(where: { PortablePath.collisionKey($0) == key }) { break }
                named.insert(Array(here.utf8))
                found.append(
                    NameRename(
                        path: here, difference: difference,
                        rename: Self.freeName(PortablePath.portableName(component), in: folder, besides: besides)))
                break
            }
        }
        return found.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
    }

    /// `name` in `folder` (vault-relative), or `stem-2.ext`, `stem-3.ext` …: the first that no name
    /// in `names` would be taken for on macOS or Windows.
    static func freeName(_ name: String, in folder: String, besides names: [String]) -> String {
        let taken = Set(names.map(PortablePath.collisionKey))
        let ext = (name as NSString).pathExtension
        let stem = ext.isEmpty ? name : (name as NSString).deletingPathExtension
        var candidate = name
        var counter = 2
        while taken.contains(PortablePath.collisionKey(candidate)) {
            candidate = ext.isEmpty ? "\(stem)-\(counter)" : "\(stem)-\(counter).\(ext)"
            counter += 1
        }
        return folder.isEmpty ? candidate : folder + "/" + candidate
    }
}

extension String {
    /// The path as one word a shell reads back as it is, for an `mv` line to copy: unchanged when
    /// every character is one a shell leaves alone, else in single quotes (control characters are
    /// shown as pictures by whatever prints it).
    fileprivate var shellWord: String {
        let quiet = "/._-+,@%=:".unicodeScalars
        func plain(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.value >= 0xA0 { return !scalar.isBidiControl }
            return scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || quiet.contains(scalar))
        }
        if !isEmpty && unicodeScalars.allSatisfy(plain) { return self }
        // Scalar by scalar: Foundation's replacing could take the NFD spelling for the NFC one.
        var word = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == "'" { word.append(contentsOf: "'\\''".unicodeScalars) } else { word.append(scalar) }
        }
        return "'" + String(word) + "'"
    }
}
