import FolioApp
import FolioCore
import FolioStore
import FolioWeb
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// `folio serve` from the command line: the vault found as for every command, the addresses a
/// phone may use with `--lan`, then the server until Ctrl-C.
enum ServeRun {
    static func setup(
        _ global: GlobalOptions, lan: Bool, port: Int, tls: (certificate: String?, key: String?) = (nil, nil), names: [String] = []
    ) throws(FolioError) -> WebSetup {
        let environment = ProcessInfo.processInfo.environment
        try global.enterDirectory()
        if let language = global.language() { MessageLanguage.shared.set(language) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let root = try VaultLocation.find(explicit: global.vault, environment: environment, workingDirectory: cwd)
        let reach: WebSetup.Reach = lan ? .localNetwork(hosts: NetworkAddresses.local()) : .loopback
        var files: TLSFiles?
        switch tls {
        case (nil, nil): files = nil
        case (let certificate?, let key?):
            // Relative to the folder folio works in (after -C, as git reads paths).
            files = TLSFiles(
                certificate: URL(fileURLWithPath: certificate, relativeTo: cwd), key: URL(fileURLWithPath: key, relativeTo: cwd))
        default: throw FolioError(.web(.tlsNeedsBoth))
        }
        return WebSetup(
            root: root, environment: environment, language: global.language(), reach: reach, port: port, allowSecrets: global.allowSecret,
            tls: files, names: names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    static func serve(_ setup: WebSetup) async -> Never {
        let language = JournalService.language(of: setup.root, environment: setup.environment, explicit: setup.language)
        MessageLanguage.shared.set(language)
        let lan = setup.reach != .loopback
        let terminal = Terminal.current(noColor: false, environment: setup.environment)
        do {
            try await WebServer.run(
                setup, warn: { Console.err(terminal.warn($0.rendered(in: language, asWarning: true))) },
                ready: { address in
                    if lan, let first = address.pairingURLs.first { await QRCode.print(first, environment: setup.environment) }
                    Console.errShowingPairingLink(Message.web(.listening(urls: address.pairingURLs, localNetwork: lan)).text(language))
                },
                paired: { device, next in
                    // A link pairs one browser: the next device needs the next link.
                    if lan, let first = next.pairingURLs.first { await QRCode.print(first, environment: setup.environment) }
                    Console.errShowingPairingLink(Message.web(.paired(device: device.name, next: next.pairingURLs)).text(language))
                },
                pagesReady: { records in Console.err(Message.web(.pagesReady(records: records)).text(language)) })
            ProcessEnd.now(0)
        } catch {
            Console.err((error as? FolioError)?.rendered(in: language) ?? Message.web(.cannotListen("\(error)")).text(language))
            ProcessEnd.now(1)
        }
    }
}

/// This computer's IPv4 addresses on its networks (not loopback), for the link a phone opens.
enum NetworkAddresses {
    static func local() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let list = first else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let named = getnameinfo(
                address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
            guard named == 0 else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("127."), !found.contains(text) { found.append(text) }
        }
        return found
    }
}

/// The pairing link as a QR code on the terminal, drawn by `qrencode` when it is installed.
enum QRCode {
    static func print(_ text: String, environment: [String: String]) async {
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        guard let tool = directories.map({ $0 + "/qrencode" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return
        }
        // A browser's pairing asks for the next code while the server answers others: qrencode
        // is waited for on a thread of its own, never one of the pool's.
        await OffThePool.run("folio-qrencode") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = ["-t", "UTF8", "-m", "2", text]
            process.standardOutput = FileHandle.standardError
            do {
                try process.run()
                // blocking: qrencode draws one code and exits, on this thread of its own.
                process.waitUntilExit()
            } catch {
                // No QR code: the link is printed below it anyway.
            }
        }
    }
}
