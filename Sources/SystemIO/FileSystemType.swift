#if os(Linux)
    import CSystemIO
#endif

/// What kind of file system holds a path.
public enum FileSystemType {
    /// The `f_type` of the file system that holds `path` (`statfs`), or nil when it cannot be asked.
    public static func of(_ path: String) -> UInt64? {
        #if os(Linux)
            var type: UInt64 = 0
            return folio_file_system_type(path, &type) == 0 ? type : nil
        #else
            return nil
        #endif
    }
}
