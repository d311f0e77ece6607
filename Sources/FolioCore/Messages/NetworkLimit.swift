/// Which of a network operation's limits ended it, in the terms a message names: the limit, what
/// the operation was doing, and the setting that holds the limit.
public struct NetworkLimit: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Nothing moved for `seconds`.
        case silence(seconds: Int)
        /// The whole operation took `seconds`.
        case total(seconds: Int)
        /// Less than `bytesPerSecond` moved over `seconds`.
        case tooSlow(bytesPerSecond: Int, seconds: Int)
        /// More than `bytes` arrived.
        case tooLarge(bytes: Int)
    }

    public enum Phase: Sendable, Equatable {
        case resolving(host: String)
        case connecting(host: String)
        case transferring
        /// Reading the remote's list of branches.
        case listing
    }

    public var kind: Kind
    public var phase: Phase
    /// The setting that holds this limit, e.g. `sync.deadline`.
    public var setting: String

    public init(kind: Kind, phase: Phase, setting: String) {
        self.kind = kind
        self.phase = phase
        self.setting = setting
    }

    /// What happened, in both languages, without the remote's name.
    public var pair: (String, String) {
        let (zhWhat, enWhat): (String, String) =
            switch kind {
            case .silence(let seconds):
                ("已有 \(seconds) 秒沒有任何資料往來", "nothing moved either way for \(seconds) second\(seconds == 1 ? "" : "s")")
            case .total(let seconds): ("超過了總時限 \(seconds) 秒", "it took longer than \(seconds) second\(seconds == 1 ? "" : "s") in all")
            case .tooSlow(let rate, let seconds):
                (
                    "\(seconds) 秒內平均每秒傳不到 \(rate) 位元組",
                    "less than \(rate) bytes a second moved over \(seconds) second\(seconds == 1 ? "" : "s")"
                )
            case .tooLarge(let bytes):
                ("收到的資料超過 \(ByteCount.text(UInt64(max(0, bytes))))", "more than \(ByteCount.text(UInt64(max(0, bytes)))) arrived")
            }
        let (zhWhen, enWhen): (String, String) =
            switch phase {
            case .resolving(let host): ("查詢 \(host) 的位址時", "looking up \(host): ")
            case .connecting(let host): ("連線到 \(host) 時", "connecting to \(host): ")
            case .transferring: ("", "")
            case .listing: ("讀取遠端的分支清單時", "reading the remote's list of branches: ")
            }
        guard !setting.isEmpty else { return ("\(zhWhen)\(zhWhat)", "\(enWhen)\(enWhat)") }
        return ("\(zhWhen)\(zhWhat)（\(setting)）", "\(enWhen)\(enWhat) (\(setting))")
    }
}
