import FolioCore
import FolioStore
import Foundation

/// The API key for a network provider. Never read from the vault, which is synced and shared:
/// `FOLIO_AI_KEY`, then `OPENAI_API_KEY`, then `ai_key` in `~/.config/folio/credentials.yaml`
/// (refused when its group or others may read it).
public enum AIKey {
    public static func lookup(environment: [String: String], home: URL) throws(AIProblem) -> String? {
        for name in ["FOLIO_AI_KEY", "OPENAI_API_KEY"] {
            if let key = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty { return key }
        }
        do {
            return try Credentials.load(home: home)?.aiKey
        } catch {
            switch error {
            case .tooOpen(let path, let mode): throw .credentialsTooOpen(path: path, mode: mode)
            case .unreadable(let path, let reason): throw .credentialsUnreadable(path: path, reason: reason)
            }
        }
    }
}
