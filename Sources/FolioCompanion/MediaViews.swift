import FolioCore
import FolioMedia
import FolioStore
import Foundation

/// A page's media as the AI may see it: metadata always, pictures only when `privacy.send_media`
/// allows, GPS positions only when `privacy.share_location` allows.
public enum MediaViews {
    /// Photos a chat model reads as they are; other formats go through ffmpeg when it is there.
    static let sendableFormats = ["jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp"]
    /// The API refuses bigger images.
    static let maxImageBytes = 20 * 1024 * 1024
    static let framesPerVideo = 3
    static let maxImages = 6

    /// - Parameter searchPath: the `PATH` ffmpeg is looked for in (for HEIC photos and video frames).
    public static func views(of entries: [MediaEntry], in vault: Vault, configuration: AIConfiguration, searchPath: String?)
        -> [MediaView]
    {
        let ffmpeg = FFmpeg.locate(path: searchPath)
        var budget = maxImages
        return entries.map { entry in
            let type = entry.type ?? "media"
            var images: [AIImage] = []
            if configuration.sendMedia, budget > 0 {
                images = Array(pictures(of: entry, type: type, in: vault, ffmpeg: ffmpeg).prefix(budget))
                budget -= images.count
            }
            return MediaView(type: type, facts: facts(entry, type: type, configuration: configuration), images: images)
        }
    }

    /// One line of what the metadata says, in the vault's language.
    static func facts(_ entry: MediaEntry, type: String, configuration: AIConfiguration) -> String {
        let zh = configuration.language == .zhHant
        let noun =
            switch type {
            case "photo": zh ? "照片" : "photo"
            case "video": zh ? "影片" : "video"
            case "audio": zh ? "錄音" : "voice recording"
            default: zh ? "檔案" : "file"
            }
        var details: [String] = []
        if let taken = entry.taken {
            let time = Timestamp(taken).map(ConversationClock.text) ?? taken
            details.append(zh ? "\(time) 拍攝" : "taken \(time)")
        }
        if let camera = entry.camera { details.append(camera) }
        if let width = entry.width, let height = entry.height { details.append("\(width)×\(height)") }
        if let duration = entry.duration {
            let seconds = Int(duration.rounded())
            details.append(zh ? "長 \(seconds / 60) 分 \(seconds % 60) 秒" : "\(seconds / 60):\(String(format: "%02d", seconds % 60)) long")
        }
        if configuration.shareLocation, let latitude = entry.latitude, let longitude = entry.longitude {
            details.append(String(format: zh ? "拍攝位置 %.5f, %.5f" : "taken at %.5f, %.5f", latitude, longitude))
        }
        let name = entry.name.map { zh ? "（\($0)）" : " (\($0))" } ?? ""
        return noun + name + (details.isEmpty ? "" : (zh ? "：" : ": ") + details.joined(separator: zh ? "，" : ", "))
    }

    /// The images of one media file, without metadata: a JPEG with its EXIF removed, another
    /// readable format as it is, anything else (HEIC, a video) through ffmpeg when installed.
    static func pictures(of entry: MediaEntry, type: String, in vault: Vault, ffmpeg: FFmpeg?) -> [AIImage] {
        let file = vault.url(entry.file)
        // Not downloaded yet (an LFS pointer): its text is no picture; the facts still describe it.
        guard !vault.isNotDownloaded(entry.file) else { return [] }
        switch type {
        case "photo":
            let ext = file.pathExtension.lowercased()
            if let mediaType = sendableFormats[ext],
                // try?: a photo that cannot be read is described by name instead of shown to the AI.
                let data = try? MediaImporter.readWhole(file, displayName: entry.file, maxBytes: UInt64(maxImageBytes))
            {
                if mediaType == "image/jpeg" {
                    // A JPEG that cannot be cleaned of its metadata is not sent as it is.
                    if let clean = JPEGMetadata.strippingMetadata(data) { return [AIImage(data: clean, mediaType: mediaType)] }
                } else {
                    return [AIImage(data: data, mediaType: mediaType)]
                }
            }
            return ffmpeg?.still(of: file).map { [AIImage(data: $0, mediaType: "image/jpeg")] } ?? []
        case "video":
            return ffmpeg?.frames(of: file, duration: entry.duration, count: framesPerVideo).map {
                AIImage(data: $0, mediaType: "image/jpeg")
            } ?? []
        default:
            return []
        }
    }
}
