import FolioMedia
import Foundation

/// JPEG thumbnails of photos and of videos' first frames, made with `ffmpeg` when it is installed
/// (found on `PATH` at run time) and kept in the site as `thumbs/ab/<media hash>.jpg`: a media
/// file's name is the hash of its bytes, so a thumbnail made once is right for as long as the site
/// keeps it, and a re-export never makes it again. HEIC gets one when this ffmpeg can decode it.
struct Thumbnails: Sendable {
    static let width = 480

    let ffmpeg: FFmpeg?

    /// What the tool is, for the manifest: failures are tried again when it changes.
    var toolName: String { ffmpeg?.executable.path ?? "" }

    /// The site-relative path of the thumbnail of `media` (named by `hash`).
    static func path(hash: String) -> String { "thumbs/" + String(hash.prefix(2)) + "/" + hash + ".jpg" }

    /// Makes the JPEG of one photo or video; nil when there is no tool or it cannot.
    func make(from file: URL) -> Data? {
        ffmpeg?.still(of: file, at: 0, maxWidth: Self.width)
    }
}
