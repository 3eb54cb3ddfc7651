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

/// Replaces a file's content so that readers see either the old or the new text, never half of it: the new
/// text goes to a temporary file in the same folder, takes the old file's owner, group and permissions, and is
/// renamed over it. A file that is read-only, or whose owner or group the new one cannot keep, is left alone.
enum AtomicFileWriter {
    /// Writes `text` unless the file no longer holds `expected` (someone edited it while mvlint ran).
    static func replace(_ url: URL, with text: String, expecting expected: Data) -> Result<Void, FixProblem> {
        let target = url.resolvingSymlinksInPath()
        guard let current = FileManager.default.contents(atPath: target.path) else {
            return .failure(FixProblem(kind: .unreadable, message: "the file can no longer be read; not written"))
        }
        guard current == expected else {
            return .failure(FixProblem(kind: .changedOnDisk, message: "the file changed on disk while mvlint ran; not written, run mvlint again"))
        }
        return write(text, to: target)
    }

    /// Creates or replaces the file (`lint --output`, `--fix`, `--write-baseline`); its folder must exist, nothing
    /// else is created.
    static func write(_ text: String, to url: URL) -> Result<Void, FixProblem> {
        // Writing through a symbolic link must replace its target, not the link.
        let target = url.resolvingSymlinksInPath()
        let folder = target.deletingLastPathComponent()
        guard SystemCalls.kind(atPath: folder.path).isFolder else {
            return .failure(failure("the folder \(folder.path) does not exist"))
        }
        var existing = stat()
        let replacesFile = stat(target.path, &existing) == 0
        if replacesFile {
            // Renaming over a file needs only the folder's permission, and root may write anything: the mode bits
            // are what say the file is not to be changed, so they are checked here rather than left to the system.
            guard existing.st_mode & S_IFMT == S_IFREG else { return .failure(failure("it is not a regular file")) }
            guard existing.st_mode & 0o222 != 0, access(target.path, W_OK) == 0 else {
                return .failure(failure("the file is read-only"))
            }
        }
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).mvlint-\(UUID().uuidString)")
        do {
            try Data(text.utf8).write(to: temporary, options: .withoutOverwriting)
            if replacesFile {
                // The owner and group first: changing them may clear set-id bits the mode then restores.
                guard chown(temporary.path, existing.st_uid, existing.st_gid) == 0 else {
                    throw failure("cannot give the new file the old one's owner and group (\(String(cString: strerror(errno))))")
                }
                guard chmod(temporary.path, existing.st_mode & 0o7777) == 0 else {
                    throw failure("cannot give the new file the old one's permissions (\(String(cString: strerror(errno))))")
                }
            }
            guard rename(temporary.path, target.path) == 0 else {
                throw failure("cannot replace the file (\(String(cString: strerror(errno))))")
            }
            return .success(())
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return .failure((error as? FixProblem) ?? failure(SystemCalls.reason(error)))
        }
    }

    private static func failure(_ reason: String) -> FixProblem {
        FixProblem(kind: .writeFailed, message: "\(reason); not written")
    }
}
