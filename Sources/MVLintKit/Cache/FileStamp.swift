#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's size and modification time (nanoseconds since 1970). When both are what they were when the cache
/// recorded the file's content digest, a warm run trusts that digest without reading the file; when either
/// differs it reads and hashes the file, and the digest decides (so a branch switch that restores a file's
/// content still reuses its analysis).
struct FileStamp: Sendable, Equatable, Codable {
    var size: Int64
    var modified: Int64

    init(size: Int64, modified: Int64) {
        self.size = size
        self.modified = modified
    }

    /// One `stat`; nil when the file cannot be stat'ed.
    init?(ofFileAt path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        self.init(size: Int64(info.st_size), modified: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    /// Whether the stamp can vouch for the content read after it was taken at `now` (ns since 1970). A file
    /// modified in the last two seconds may be written again within the same clock tick (and, on file systems
    /// with one-second times, the same second) at the same size, which the stamp would not show; its record gets
    /// no stamp, so the next run hashes it once more (git's "racily clean" entries).
    func isSettled(at now: Int64) -> Bool { now - modified >= 2_000_000_000 }
}
