#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// What the code asked of Foundation's `FileHandle`, `Process`, `Bundle` and `FileManager.fileExists(atPath:isDirectory:)`,
// on the system's calls: see `Threads.swift` for why.
enum SystemCalls {
    /// Whether something exists at `path` and, if so, whether it is a folder (links followed, as `fileExists` does).
    static func kind(atPath path: String) -> (exists: Bool, isFolder: Bool) {
        var info = stat()
        guard stat(path, &info) == 0 else { return (false, false) }
        return (true, (info.st_mode & S_IFMT) == S_IFDIR)
    }

    /// Nanoseconds of a clock that only moves forward (`CLOCK_MONOTONIC`), for timing steps.
    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Writes all of `text` to the file descriptor (1 standard output, 2 standard error).
    static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { _ = writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Writes all of `bytes` to the file descriptor, again where a signal interrupts it; false when it fails.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count, let base = bytes.baseAddress {
            let count = write(descriptor, base + written, bytes.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// Up to `limit` bytes of the file descriptor, from where it stands to its end.
    static func readAll(_ descriptor: Int32, limit: Int = .max) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = read(descriptor, &chunk, wanted)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// The first `limit` bytes of the file at `path`; nil when it cannot be opened.
    static func prefix(ofFileAt path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return readAll(descriptor, limit: limit)
    }

    /// The running executable's path, links resolved.
    static func executablePath() -> String? {
        #if canImport(Darwin)
        var size = UInt32(0)
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return URL(fileURLWithPath: String(cString: buffer)).resolvingSymlinksInPath().path
        #else
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }

    /// Why a file operation failed, in words: Foundation's `localizedDescription` is not in FoundationEssentials.
    static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError {
            switch error.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file"
            case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
            case .fileReadTooLarge: return "the file is too large"
            case .fileWriteOutOfSpace: return "no space left on the volume"
            case .fileWriteVolumeReadOnly: return "the volume is read-only"
            case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding: return "the text is not in the expected encoding"
            default:
                // Reading a folder, say: the system's reason (`Is a directory`) says more than the code.
                return (error.underlying as? POSIXError).map { String(cString: strerror($0.code.rawValue)) } ?? "file error \(error.code.rawValue)"
            }
        }
        if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
        return String(describing: error)
    }

    /// Runs `arguments` (looked up on the `PATH`, as `env` does) with standard error discarded; its exit status and
    /// standard output, or nil when it cannot be started.
    static func run(_ arguments: [String]) -> (status: Int32, output: [UInt8])? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var process = pid_t()
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        let spawned = posix_spawn(&process, "/usr/bin/env", &actions, nil, argv, environment)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else { return nil }
        let output = readAll(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0, errno == EINTR {}
        // The exit status when the program exited; 128 + the signal that ended it otherwise.
        let exited = (status & 0x7F) == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), output)
    }
}
