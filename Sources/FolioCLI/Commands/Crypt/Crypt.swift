import ArgumentParser

struct CryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crypt",
        abstract: "Keep the vault private on any remote: plain files here, encrypted in git's objects (git-crypt's format).",
        discussion: """
            Records and media stay plain in the folder (grep, editors and folio search them); what git stores \
            and pushes is encrypted with a key kept in .git/git-crypt/keys/default, never committed. The git \
            command with git-crypt installed reads the same repository (git-crypt unlock KEYFILE).
            Examples: folio crypt init · folio crypt export-key ~/folio.key · folio crypt unlock ~/folio.key · \
            folio clone URL DIR --key ~/folio.key · folio crypt status
            """,
        subcommands: [CryptInit.self, CryptExportKey.self, CryptUnlock.self, CryptStatusCommand.self])
}
