import ArgumentParser

struct MediaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media",
        abstract: "Media through Git LFS: turn it on, bring media to this device, free the space of old ones.",
        discussion: """
            With LFS on, git holds a small pointer per photo, video or voice note and the LFS server the \
            bytes; a clone brings the text and pointers, then the media the media.fetch setting asks for. \
            Examples: folio media lfs · folio media lfs --above 5MiB · folio media fetch --since 30d · \
            folio media fetch 5b0c · folio media prune --dry-run
            """,
        subcommands: [MediaLFS.self, MediaFetch.self, MediaPrune.self])
}
