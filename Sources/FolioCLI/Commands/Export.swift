import ArgumentParser

/// `folio export`: the vault in other shapes. Each shape is a subcommand.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the vault in another shape: a browsable site (html).",
        subcommands: [ExportHTML.self])
}
