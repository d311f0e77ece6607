/// What a media file is by its extension alone — for a link in a body, a file folio could not
/// read, a page of the site. The one table of extensions.
public enum MediaExtension {
    /// `photo`, `video` or `audio`; nil for any other extension. `ext` in any case.
    public static func noun(for ext: String) -> String? {
        let ext = ext.lowercased()
        if ["jpg", "jpeg", "png", "gif", "webp", "heic", "heif", "avif", "tif", "tiff", "bmp", "dng"].contains(ext) { return "photo" }
        if ["mp4", "mov", "m4v", "3gp", "webm", "mkv", "avi"].contains(ext) { return "video" }
        if ["m4a", "mp3", "wav", "flac", "ogg", "oga", "opus", "aac", "amr", "caf"].contains(ext) { return "audio" }
        return nil
    }
}
