internal import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's content so that readers see either the old or the new text, never half of it: the new
/// text goes to a temporary file in the same folder, takes the old file's permissions, and is renamed over it.
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

    /// Creates or replaces the file (`lint --output`); its folder must exist, nothing else is created.
    static func write(_ text: String, to url: URL) -> Result<Void, FixProblem> {
        // Writing through a symbolic link must replace its target, not the link.
        let target = url.resolvingSymlinksInPath()
        // A replaced file keeps its permissions; a new one gets the usual ones.
        let permissions = (try? FileManager.default.attributesOfItem(atPath: target.path))?[.posixPermissions]
        let folder = target.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            return .failure(FixProblem(kind: .writeFailed, message: "the folder \(folder.path) does not exist; not written"))
        }
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).mvlint-\(UUID().uuidString)")
        do {
            try Data(text.utf8).write(to: temporary, options: .withoutOverwriting)
            if let permissions {
                try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
            }
            guard rename(temporary.path, target.path) == 0 else {
                throw FixProblem(kind: .writeFailed, message: "cannot replace the file: \(String(cString: strerror(errno)))")
            }
            return .success(())
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            let reason = (error as? FixProblem)?.message ?? error.localizedDescription
            return .failure(FixProblem(kind: .writeFailed, message: "\(reason); not written"))
        }
    }
}
