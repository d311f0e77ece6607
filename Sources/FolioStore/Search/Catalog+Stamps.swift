import FolioCore
import Foundation

extension Catalog {
    /// The file's size, times and inode at the record at `position`, as this run saw them; nil when
    /// the file was written too recently for its times to tell a later change apart (read it again).
    public func settledStamp(_ position: Int) -> FileStamp? {
        let entry = entries[Int(records[position])]
        return entry.racy ? nil : entry.stamp
    }
}

extension CatalogSelection {
    /// The catalog positions of the records taken, in catalog order (for ``Catalog/summary(_:)``).
    public var recordPositions: [Int] { positions }
}
