import Foundation

/// The `folio` executable the tests run: `FOLIO_BIN`, else the one built beside the test bundle.
public enum FolioBinary {
    public static var url: URL {
        if let path = ProcessInfo.processInfo.environment["FOLIO_BIN"] { return URL(fileURLWithPath: path) }
        // swift test runs the test bundle from the build folder that also holds the folio executable.
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !directory.path.isEmpty && directory.path != "/" {
            let candidate = directory.appendingPathComponent("folio")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/folio")
    }
}
