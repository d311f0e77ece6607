import FolioSecrets

/// Checks on text a user typed (or a server sent) before folio writes it into a file it will commit.
///
/// Nothing is written when a check fails, so a refused input never leaves a record behind that the
/// commit could not take (a NUL byte cannot go into a commit message) or that the user did not mean
/// to publish (a key pasted into a title).
public enum UserInput {
    /// Refuses a NUL byte and the control characters that garble terminals and commit messages
    /// (C0 but tab, line feed and carriage return; DEL; C1).
    /// - Throws: ``FolioError`` `.guarded(.nulInInput)` or `.guarded(.controlInInput)`.
    public static func checkCharacters(_ text: String, _ name: GuardMessage.InputName) throws(FolioError) {
        if let problem = TextRule.text(text) { throw refusal(problem, name) }
    }

    /// A typed tag breaks ``TextRule/tag(_:)``: a tag is one line.
    /// - Throws: ``FolioError`` `.guarded(.nulInInput)` or `.guarded(.controlInInput)` naming the tag.
    public static func checkTag(_ tag: String) throws(FolioError) {
        if let problem = TextRule.tag(tag), problem != .empty { throw refusal(problem, .tag) }
    }

    /// The guard's words for what breaks a rule of ``TextRule``.
    static func refusal(_ problem: TextRule.Problem, _ name: GuardMessage.InputName) -> FolioError {
        switch problem {
        case .nul: FolioError(.guarded(.nulInInput(name)))
        case .control(let scalar), .notOneLine(let scalar): FolioError(.guarded(.controlInInput(name, scalar: scalar)))
        case .empty, .tooLong: FolioError(.guarded(.controlInInput(name, scalar: 0)))
        }
    }

    /// Refuses text that holds what looks like a key or a token, unless `allowed` (`--allow-secret`).
    /// - Throws: ``FolioError`` `.guarded(.secretInInput)` naming the input, the kind and the masked match.
    public static func checkSecrets(_ text: String, _ name: GuardMessage.InputName, allowed: Bool) throws(FolioError) {
        guard !allowed else { return }
        // A recognised key is named as such first, wherever it sits.
        if let found = SecretScanner.scan(text).first {
            throw FolioError(.guarded(.secretInInput(input: name, kind: found.kind, masked: found.masked)))
        }
        // A setting is committed and synced: a URL's password there would reach every device.
        if case .setting = name, URLPassword.of(text) != nil {
            throw FolioError(.guarded(.passwordInURL(input: name, masked: Redactor().redact(text))))
        }
    }

    /// Both checks on each input, characters first.
    public static func check(_ inputs: [(GuardMessage.InputName, String)], allowSecrets: Bool) throws(FolioError) {
        for (name, text) in inputs { try checkCharacters(text, name) }
        for (name, text) in inputs { try checkSecrets(text, name, allowed: allowSecrets) }
    }

    /// `text` as one line fit for a commit message or a terminal: every control or line-breaking
    /// character becomes a space (with the spaces beside it, one space), and anything that looks
    /// like a key is masked.
    public static func oneLine(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let blank =
                isForbidden(scalar) || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator || scalar == "\n" || scalar == "\r" || scalar == "\t"
            if blank || (scalar == " " && lastWasSpace) {
                if !lastWasSpace { out.append(" ") }
                lastWasSpace = true
            } else {
                out.append(scalar)
                lastWasSpace = scalar == " "
            }
        }
        return Redactor().redact(String(out))
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        TextRule.isForbidden(scalar)
    }
}
