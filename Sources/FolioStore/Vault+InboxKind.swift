import FolioCore

extension Vault {
    /// The kinds `inbox.kind` may name: those a new record can be made of by itself (no fixed
    /// file such as the profile's, no parent to belong to), by name.
    public var inboxKindChoices: [String] {
        kinds.values.filter { $0.fixedPath == nil && $0.parentKind == nil }.map(\.name).sorted()
    }

    /// Why `inbox.kind` names no kind a file of `inbox/` could become (a kind this vault lacks, or
    /// one of a fixed file or a parent); nil when it names one. `check` reports it; `inbox` and
    /// `sync` leave the files where they are.
    public func inboxKindProblem() -> FolioError? {
        let name = settings.string("inbox.kind") ?? "diary"
        if let kind = kindNamed(name), kind.fixedPath == nil, kind.parentKind == nil { return nil }
        return FolioError(.inbox(.badKindSetting(name, known: inboxKindChoices)), file: ".folio/config.yaml")
    }
}
