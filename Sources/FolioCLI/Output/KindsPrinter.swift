import FolioCore

/// `folio kinds`: a line per kind (parent and delete rule, folder, keys with `*` for required); or JSON.
enum KindsPrinter {
    static func print(_ kinds: [Kind], json: Bool, context: Context) {
        if json { return context.json(.array(kinds.map(Self.json))) }
        for kind in kinds {
            let parent = kind.parentKind.map { " ← \($0.oneLine) (\(kind.onParentDelete.rawValue))" } ?? ""
            let keys = kind.fields.map { "\($0.name.oneLine)\($0.required ? "*" : ""):\($0.type.rawValue)" }.joined(separator: " ")
            let folder = (kind.fixedPath ?? kind.directory + "/").oneLine
            // The name is what templates and `--kind` use; the label beside it is what listings show.
            let label = kind.label?.text(context.language)?.oneLine
            let shown = label.map { $0 == kind.name ? "" : " (\($0))" } ?? ""
            Console.out("\(context.terminal.bold(kind.name.oneLine))\(shown)\(parent)  \(context.terminal.dim(folder))  \(keys)")
        }
    }

    static func json(_ kind: Kind) -> JSONWriter.JSON {
        func optional(_ text: String?) -> JSONWriter.JSON { text.map { .string($0) } ?? .null }
        return .object([
            ("name", .string(kind.name)), ("description", optional(kind.summary)), ("dir", .string(kind.directory)),
            ("file", optional(kind.fixedPath)), ("parent", optional(kind.parentKind)),
            ("on_parent_delete", kind.parentKind == nil ? .null : .string(kind.onParentDelete.rawValue)),
            (
                "fields",
                .array(
                    kind.fields.map { field in
                        .object([
                            ("name", .string(field.name)), ("type", .string(field.type.rawValue)), ("required", .bool(field.required)),
                            ("values", field.allowedValues.map { .array($0.map { .string($0) }) } ?? .null),
                            ("description", optional(field.summary)),
                        ])
                    })
            ),
        ])
    }
}
