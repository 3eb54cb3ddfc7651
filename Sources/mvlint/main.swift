import Foundation
import MVLintKit
#if os(Linux)
import Glibc

// One malloc arena for the whole process. The worker threads parse and free every file's syntax tree in arenas of
// their own, which glibc keeps for them; the project phase on the main thread cannot reuse that memory, and peak
// memory on a 1,600-file app was a third higher (150 → 111 MiB, no slower: docs/PERFORMANCE.md). A
// `MALLOC_ARENA_MAX` the user sets still decides. `mallopt` is glibc's (`malloc.h`, which Swift does not import),
// so it is looked up; another C library simply keeps its own behaviour.
if getenv("MALLOC_ARENA_MAX") == nil, let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    let arenaMax: Int32 = -8 // M_ARENA_MAX
    _ = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)(arenaMax, 1)
}
#endif

var tool = CommandLineTool()
tool.exitsAfterRun = true
exit(tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
