import FolioApp
import FolioCompanion
import FolioCore
import Foundation

/// Reading a recording and asking the providers for its words: ``FolioApp/Companion/transcribe(_:displayName:)``.
enum VoiceInput {
    /// - Throws: ``FolioError`` for a file that cannot be read; the F-011 message ("聽不清楚，請再試一次")
    ///   after the reason, when no provider could transcribe it.
    static func transcribe(_ url: URL, displayName: String, context: Context) async throws(FolioError) -> String {
        try await context.companion.transcribe(url, displayName: displayName)
    }
}
