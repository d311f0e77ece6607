import ArgumentParser

struct MediaCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "media",
            abstract: bilingual(
                "Media through Git LFS: turn it on, bring media to this device, free the space of old ones.",
                "用 Git LFS 存放媒體：開啟它、把媒體下載到這台裝置、釋出舊媒體佔的空間。"),
            discussion: bilingual(
                """
                With LFS on, git holds a small pointer per photo, video or voice note and the LFS server the \
                bytes; a clone brings the text and pointers, then the media the media.fetch setting asks for. \
                Examples: folio media lfs · folio media lfs --above 5MiB · folio media fetch --since 30d · \
                folio media fetch 5b0c · folio media prune --dry-run
                """,
                """
                開啟 LFS 後，git 只存每張照片、每段影片或錄音的一個小指標，內容放在 LFS 伺服器；複製資料庫時先取得文字和指標，
                再依 media.fetch 設定下載媒體。
                例如：folio media lfs · folio media lfs --above 5MiB · folio media fetch --since 30d · \
                folio media fetch 5b0c · folio media prune --dry-run
                """),
            subcommands: [MediaLFS.self, MediaFetch.self, MediaPrune.self])
    }
}
