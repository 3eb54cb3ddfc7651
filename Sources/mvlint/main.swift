#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MVLintKit
#if os(Linux)
import Glibc

// glibc's malloc: an arena for the main thread and one for each worker, and blocks of 128 KiB and more (syntax
// trees' slabs) mapped and unmapped on their own. By default glibc raises that threshold to the size of each mapped
// block freed, so the trees soon came from the arenas, which keep what is freed in them for their own threads: with an
// arena per thread the project phase could not reuse the workers' memory (peak a third higher on a 1,600-file app),
// and with one arena for all (until 2026-12) the workers queued for its lock (runs a tenth slower). With the threshold
// fixed, peak memory is the one arena's and time the many arenas' (docs/PERFORMANCE.md). One arena per core was too
// few: the main thread holds one, and glibc gave the second worker either the main thread's (idle while the workers
// run) or the first worker's, whose lock they then took in turn at every allocation, in most runs on one host (a
// cold run of the 15 corpus apps: 3.15 s against 2.59 s, 11,000 context switches against 1,200, the same peak
// memory; on another host the lock cost little). A `MALLOC_ARENA_MAX` or `MALLOC_MMAP_THRESHOLD_` the user sets
// still decides. `mallopt` is glibc's (`malloc.h`, which Swift does not import), so it is looked up; another C
// library simply keeps its own behaviour.
if let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    let setOption = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)
    let arenaMax: Int32 = -8, mmapThreshold: Int32 = -3 // M_ARENA_MAX, M_MMAP_THRESHOLD
    if getenv("MALLOC_ARENA_MAX") == nil { _ = setOption(arenaMax, Int32(max(1, ParallelMap.coreCount) + 1)) }
    if getenv("MALLOC_MMAP_THRESHOLD_") == nil { _ = setOption(mmapThreshold, 128 << 10) }
}
#endif

var tool = CommandLineTool()
tool.exitsAfterRun = true
exit(tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
