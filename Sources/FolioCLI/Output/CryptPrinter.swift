import FolioCore
import FolioSync

/// What the `crypt` commands print.
enum CryptPrinter {
    static func initialised(_ report: CryptInitReport, keyPath: String, json: Bool, context: Context) {
        CommitPrinter.leftOut(report.handCommit.leftOut, terminal: context.terminal, language: context.language)
        if json {
            return context.json(
                .object([
                    ("encrypted", .int(report.encrypted)), ("new_key", .bool(report.newKey)),
                    ("already_encrypted", .bool(report.alreadyEncrypted)), ("key", .string(keyPath)),
                ]))
        }
        if report.alreadyEncrypted { return context.say(.crypt(.alreadyEncrypted(keyPath: keyPath))) }
        context.say(.crypt(.initialised(encrypted: report.encrypted, keyPath: keyPath, newKey: report.newKey)))
    }

    static func status(_ status: CryptStatus, keyPath: String, json: Bool, context: Context) {
        if json {
            let state =
                switch status.encryption {
                case .off: "off"
                case .unlocked: "unlocked"
                case .locked: "locked"
                }
            let files = status.files.map { file -> JSONWriter.JSON in
                .object([
                    ("path", .string(file.path)), ("encrypted", .bool(file.encrypted)),
                    ("should_be_encrypted", .bool(file.shouldBeEncrypted)),
                ])
            }
            return context.json(
                .object([
                    ("encryption", .string(state)), ("key", status.encryption == .unlocked ? .string(keyPath) : .null),
                    ("files", .array(files)),
                ]))
        }
        switch status.encryption {
        case .off: context.say(.crypt(.statusOff))
        case .unlocked: context.say(.crypt(.statusUnlocked(keyPath: keyPath)))
        case .locked: context.say(.crypt(.statusLocked))
        }
        for file in status.files {
            if file.encrypted {
                context.say(.crypt(.statusEncrypted(file.path)))
            } else if file.shouldBeEncrypted {
                Console.out(context.terminal.warn(Message.crypt(.statusShouldBeEncrypted(file.path)).text(context.language)))
            } else {
                context.say(.crypt(.statusPlain(file.path)))
            }
        }
        let shouldBe = status.files.filter { $0.shouldBeEncrypted && !$0.encrypted }.count
        let encrypted = status.files.filter(\.encrypted).count
        context.say(.crypt(.statusSummary(encrypted: encrypted, plain: status.files.count - encrypted - shouldBe, shouldBe: shouldBe)))
    }
}
