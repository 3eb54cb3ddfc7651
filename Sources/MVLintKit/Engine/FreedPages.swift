#if canImport(Glibc)
import Glibc
#endif

/// Gives the system back the pages that freed memory lies on. glibc returns only the top of an arena's heap when
/// memory is freed; pages further down stay resident until something is allocated there. The per-file pass leaves
/// such pages in the workers' arenas where the syntax trees were (13 MB on the 15 corpus apps together), while the
/// project phase that follows allocates on the main thread, in the main arena, so nothing reused them and they were
/// still part of the run's peak (docs/PERFORMANCE.md). `malloc_trim` is glibc's and is looked up; another C library
/// keeps its own behaviour.
enum FreedPages {
    #if canImport(Glibc)
    private static let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
        .map { unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self) }
    #endif

    static func release() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }
}
