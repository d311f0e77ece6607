import ArgumentParser
import FolioCore

/// How folio ends: the error said once, on stderr (a clean exit's text, such as help, on stdout),
/// every change left uncommitted named, and the exit status folio promises (see `folio help`).
enum ExitStatus {
    static func report(_ error: any Error, arguments: [String] = []) -> Int32 {
        if let error = error as? FolioError {
            Console.err(error.rendered(in: MessageLanguage.shared.current))
            if reportUncommitted() { return 1 }
            if case .remoteUnreachable = error.message { return 3 }
            if case .remoteFolderMissing = error.message { return 3 }
            if case .remote(.timedOut) = error.message { return 3 }
            // An LFS server out of reach is the remote out of reach: the same status as git's.
            if case .lfs(.uploadFailed(_, .unreachable)) = error.message { return 3 }
            if case .lfs(.fetchFailed(_, .unreachable)) = error.message { return 3 }
            if case .transfer(.mediaServerNotAsked(.unreachable)) = error.message { return 3 }
            return 1
        }
        // A usage error comes before any vault was opened: it is said in the vault's language too.
        if !MessageLanguage.shared.isChosen { MessageLanguage.shared.set(HelpLanguage.choose(for: arguments)) }
        let language = MessageLanguage.shared.current
        let message = ParserWords.localized(Folio.fullMessage(for: error), language)
        if reportUncommitted() {
            if !message.isEmpty { Console.err(message) }
            return 1
        }
        let code = Folio.exitCode(for: error)
        if code == .success {
            Console.out(message)
            return 0
        }
        if !message.isEmpty { Console.err(message) }
        // ArgumentParser's usage errors are 64; folio promises 2, like most command lines.
        return code == .validationFailure ? 2 : code.rawValue
    }

    /// Names every change the command wrote but could not commit; whether there was one.
    static func reportUncommitted() -> Bool {
        let failures = UncommittedChanges.shared.take()
        for failure in failures { Console.err(failure.rendered(in: MessageLanguage.shared.current)) }
        return !failures.isEmpty
    }
}
