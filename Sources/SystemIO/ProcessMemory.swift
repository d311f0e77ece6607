import CSystemIO

/// The process's heap as the system sees it.
public enum ProcessMemory {
    /// Gives the memory malloc holds free back to the system (glibc's `malloc_trim`). A server
    /// calls it once a burst of requests is over: glibc keeps what a burst freed, so without it a
    /// server that answered thousands of connections keeps their memory for as long as it runs.
    /// - Returns: whether any memory was returned.
    @discardableResult
    public static func returnFreeMemory() -> Bool { folio_return_free_memory() == 1 }
}
