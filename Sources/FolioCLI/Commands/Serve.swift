import ArgumentParser
import FolioCore

/// `folio serve`: starts the server (`folio serve start`, the default), or lists and revokes the
/// browsers paired with it (`folio serve devices`).
struct Serve: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        var configuration = ServeStart.configuration
        configuration.commandName = "serve"
        configuration.subcommands = [ServeStart.self, ServeDevices.self]
        configuration.defaultSubcommand = ServeStart.self
        return configuration
    }
}

struct ServeStart: AsyncParsableCommand, ServesConnections {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "start",
            abstract: bilingual(
                "Open the journal as a web app in a browser, on this computer or your phone (--lan).",
                "把日記當成網頁應用程式在瀏覽器打開，在這台電腦上，或在手機上（--lan）。"),
            discussion: bilingual(
                """
                folio listens on this computer only (127.0.0.1) and prints a pairing link: open it in the browser, and that \
                browser may use the app, across restarts of the server, until `folio serve devices --revoke` cuts it off. A \
                link pairs one browser; the terminal then shows the link for the next. The pages are `folio export html`'s, with forms: a new diary \
                page from a photo or video, ideas, the magic 8 ball, editing a page's text and tags. Every change is one \
                commit, as from the command line (folio log shows it, folio undo reverts it); opening a page changes nothing.

                With --lan folio listens on every network of this computer, so a phone on the same Wi-Fi can pair by \
                scanning the QR code (with qrencode installed) or typing the link. Never forward the port to the internet; \
                away from home, reach it through an SSH tunnel (ssh -L 8400:127.0.0.1:8400 HOST) or your VPN instead.

                Examples:
                  folio serve
                  folio serve --lan
                  folio serve --port 0
                  folio serve --lan --tls-cert laptop.crt --tls-key laptop.key --host laptop.tail1234.ts.net
                  folio serve devices
                """,
                """
                folio 只在這台電腦上（127.0.0.1）等待連線，並印出一個配對連結：在瀏覽器開啟它，那個瀏覽器就能使用這個應用程式，
                伺服器重新啟動後也一樣，直到用 `folio serve devices --revoke` 取消。一個連結只配對一個瀏覽器，之後終端機會顯示下一個連結。頁面就是 `folio export html` 的頁面，加上表單：用照片或影片寫一頁新日記、想法、魔術 8 號球、
                編輯一頁的內容和標籤。每次修改都是一個 commit，和在命令列上一樣（folio log 看得到，folio undo 可以復原）；
                打開頁面不會改任何東西。

                加 --lan 時 folio 在這台電腦的每個網路上等待連線，同一個無線網路上的手機可以掃描 QR 碼（需要安裝 `qrencode`）
                或輸入連結來配對。絕對不要把這個連接埠轉送到網際網路；出門在外時，改用 SSH 通道
                （`ssh -L 8400:127.0.0.1:8400 主機`）或你的 VPN 連回來。

                例如：
                  folio serve
                  folio serve --lan
                  folio serve --port 0
                  folio serve --lan --tls-cert laptop.crt --tls-key laptop.key --host laptop.tail1234.ts.net
                  folio serve devices
                """))
    }

    @Flag(
        help: bilingual(
            "Listen on this computer's networks too, for a phone on the same Wi-Fi (paired by its link).",
            "也在這台電腦的網路上等待連線，給同一個無線網路上的手機用（用連結配對）。"))
    var lan = false
    @Option(help: bilingual("The port (0: any free port, printed).", "連接埠（0：任何空著的連接埠，會印出來）。")) var port = 8400
    @Option(
        name: .customLong("tls-cert"),
        help: bilingual(
            "HTTPS: your certificate (PEM), e.g. from `tailscale cert` or `mkcert`; the app then works offline on the phone.",
            "HTTPS：你的憑證（PEM），例如 `tailscale cert` 或 `mkcert` 做的；手機上的應用程式就能離線使用。"))
    var tlsCertificate: String?
    @Option(name: .customLong("tls-key"), help: bilingual("HTTPS: the certificate's private key (PEM).", "HTTPS：憑證的私鑰（PEM）。"))
    var tlsKey: String?
    @Option(
        name: .customLong("host"),
        help: bilingual(
            "A name the phone reaches this computer by (the certificate's name with HTTPS); repeat for more.",
            "手機用來連到這台電腦的名字（用 HTTPS 時是憑證上的名字）；可以重複。"))
    var hosts: [String] = []
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func validate() throws {
        if !(0...65_535).contains(port) {
            throw ValidationError(
                Message.usage(.badRange(option: "--port", text: String(port), low: 0, high: 65_535)).text(MessageLanguage.shared.current))
        }
    }

    func run() async throws {
        let setup = try ServeRun.setup(global, lan: lan, port: port, tls: (tlsCertificate, tlsKey), names: hosts)
        WatchLauncher.startAtOnce()
        await ServeRun.serve(setup)
    }
}
