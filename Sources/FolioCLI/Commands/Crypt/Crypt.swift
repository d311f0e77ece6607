import ArgumentParser

struct CryptCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "crypt",
            abstract: bilingual(
                "Keep the vault private on any remote: plain files here, encrypted in git's objects (git-crypt's format).",
                "在任何遠端上都保有隱私：這裡是一般檔案，git 物件裡是加密的（git-crypt 的格式）。"),
            discussion: bilingual(
                """
                Records and media stay plain in the folder (grep, editors and folio search them); what git stores \
                and pushes is encrypted with a key kept in .git/git-crypt/keys/default, never committed. The git \
                command with git-crypt installed reads the same repository (git-crypt unlock KEYFILE).
                Examples: folio crypt init · folio crypt export-key ~/folio.key · folio crypt unlock ~/folio.key · \
                folio clone URL DIR --key ~/folio.key · folio crypt status
                """,
                """
                紀錄和媒體在資料夾裡仍是一般檔案（grep、編輯器和 folio 都能搜尋）；git 儲存和送出的內容則用金鑰加密，
                金鑰放在 .git/git-crypt/keys/default，從不提交。裝了 git-crypt 的 git 指令也能讀同一個儲存庫（git-crypt unlock 金鑰檔）。
                例如：folio crypt init · folio crypt export-key ~/folio.key · folio crypt unlock ~/folio.key ·
                folio clone 網址 資料夾 --key ~/folio.key · folio crypt status
                """),
            subcommands: [CryptInit.self, CryptExportKey.self, CryptUnlock.self, CryptStatusCommand.self])
    }
}
