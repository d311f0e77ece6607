import Foundation
import TestSupport
import Testing

/// `make install`'s work: the binary, the man page the generate-manual plugin made from the
/// commands, and completions that complete from the vault.
@Suite("make install: binary, man page, completions")
struct InstallTests {
    static var packageRoot: URL { ConventionsTests.packageRoot }
    static var manual: URL { packageRoot.appendingPathComponent(".build/plugins/GenerateManual/outputs/folio/folio.1") }
    static var hasManual: Bool { FileManager.default.fileExists(atPath: manual.path) }

    /// Runs `command` with bash, returning its standard output.
    static func bash(_ command: String, in directory: URL, environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        process.environment = environment
        return try process.runToEnd().output
    }

    @Test(
        "scripts/install puts the binary, the man page and bash/zsh/fish completions under PREFIX; bash completes from the vault",
        .enabled(if: hasManual, "needs the man page from `make manual` (make test makes it)"))
    func install() throws {
        let scratch = try Scratch("prefix")
        defer { withExtendedLifetime(scratch) {} }
        let prefix = scratch.path("prefix")
        let installer = Process()
        installer.executableURL = Self.packageRoot.appendingPathComponent("scripts/install")
        installer.arguments = [FolioBinary.url.path, Self.manual.path, prefix.path]
        let installed = try installer.runToEnd()
        #expect(installed.status == 0, "\(installed.errors)")
        let binary = prefix.appendingPathComponent("bin/folio")
        #expect(FileManager.default.isExecutableFile(atPath: binary.path))
        let man = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/folio.1"), encoding: .utf8)
        #expect(man.contains(".Nm folio") && man.contains("Exit status:"))
        #expect(man.contains("conflicts") && man.contains("resolve"), "the page is made from the commands")
        for (file, marker) in [
            ("share/bash-completion/completions/folio", "_folio"), ("share/zsh/site-functions/_folio", "#compdef folio"),
            ("share/fish/vendor_completions.d/folio.fish", "complete -c 'folio'"),
        ] {
            let script = try String(contentsOf: prefix.appendingPathComponent(file), encoding: .utf8)
            #expect(script.contains(marker) && script.contains("---completion"), "\(file)")
        }

        // Completing in a vault, as bash does on Tab.
        let folio = try FolioProcess.vault()
        try folio.run("idea", "rainy walk", "--tag", "rain", "--tag", "walk")
        func complete(_ line: String) throws -> [String] {
            let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }.joined(separator: " ")
            let script = """
                source '\(prefix.path)/share/bash-completion/completions/folio'
                COMP_WORDS=(\(words)); COMP_WORDS[0]='\(binary.path)'
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
                _folio folio "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            return try Self.bash(script, in: folio.directory, environment: folio.environment).split(separator: "\n").map(String.init)
        }
        #expect(try complete("folio show ").contains("rainy-walk"))
        #expect(try complete("folio done rai") == ["rainy-walk"])
        #expect(try complete("folio list --tag r") == ["rain"])
        #expect(try complete("folio new ").contains("idea"))
        #expect(try complete("folio list --kind q") == ["qa"])
        #expect(try complete("folio con").contains("conflicts"), "commands are completed too")
    }
}
