import FolioCore
import FolioStore
import Foundation
import YAML

/// The API key for a network provider. Never read from the vault, which is synced and shared:
/// `FOLIO_AI_KEY`, then `OPENAI_API_KEY`, then `ai_key` in `~/.config/folio/credentials.yaml`
/// (refused when its group or others may read it).
public enum AIKey {
    public static func lookup(environment: [String: String], home: URL) throws(AIProblem) -> String? {
        for name in ["FOLIO_AI_KEY", "OPENAI_API_KEY"] {
            if let key = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty { return key }
        }
        let url = PrivateFile.credentials(home: home)
        let text: String?
        do {
            text = try PrivateFile.read(url)
        } catch {
            switch error {
            case .tooOpen(let mode): throw .credentialsTooOpen(path: url.path, mode: mode)
            case .unreadable(let reason): throw .credentialsUnreadable(path: url.path, reason: reason)
            }
        }
        guard let text else { return nil }
        let root: Node
        do {
            root = try Parser.parse(text)
        } catch {
            throw .credentialsUnreadable(path: url.path, reason: "\(error)")
        }
        guard let key = root["ai_key"]?.scalarText?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty else { return nil }
        return key
    }
}
