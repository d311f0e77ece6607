import FolioCompanion
import FolioCore
import Foundation

/// Reading a recording and asking the providers for its words.
enum VoiceInput {
    /// - Throws: ``FolioError`` for a file that cannot be read; the F-011 message ("聽不清楚，請再試一次")
    ///   after the reason, when no provider could transcribe it.
    static func transcribe(_ url: URL, displayName: String, context: Context) async throws(FolioError) -> String {
        let clip = try AudioClip.read(url, displayName: displayName)
        let chain = AIRun.chain(context, sends: .recording)
        do {
            return try await AIRun.first(chain, context: context) { provider async throws(AIProblem) in
                ReplyText(try await provider.transcribe(clip), part: .transcription)
            }.value.text
        } catch {
            context.warn(error)
            throw FolioError(.ai(.transcriptionFailed))
        }
    }
}
