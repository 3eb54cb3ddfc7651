#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder's entries with what the directory itself says they are, so a walk need not `stat` each one: only
/// symbolic links, followed, and entries of file systems that do not say are looked up.
struct FolderListing {
    enum Kind { case folder, file, other }

    struct Entry {
        var name: String
        var kind: Kind
        /// Reached through a symbolic link: its real path differs from the folder's path plus its name.
        var isLink: Bool
    }

    /// The entries of the folder at `path` (not `.` or `..`), by name; nil when it cannot be read.
    static func entries(of path: String) -> [Entry]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var entries: [Entry] = []
        while let pointer = readdir(folder) {
            let name = withUnsafePointer(to: pointer.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { String(cString: $0) }
            }
            guard name != ".", name != ".." else { continue }
            switch Int32(pointer.pointee.d_type) {
            case Int32(DT_DIR): entries.append(Entry(name: name, kind: .folder, isLink: false))
            case Int32(DT_REG): entries.append(Entry(name: name, kind: .file, isLink: false))
            case Int32(DT_LNK): entries.append(Entry(name: name, kind: kind(followingLinkAt: path + "/" + name), isLink: true))
            case Int32(DT_UNKNOWN): entries.append(lookedUp(name, in: path))
            default: entries.append(Entry(name: name, kind: .other, isLink: false))
            }
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// An entry the directory did not type: `lstat` says whether it is a link, as the directory would have.
    private static func lookedUp(_ name: String, in folder: String) -> Entry {
        var info = stat()
        guard lstat(folder + "/" + name, &info) == 0 else { return Entry(name: name, kind: .other, isLink: false) }
        if info.st_mode & S_IFMT == S_IFLNK { return Entry(name: name, kind: kind(followingLinkAt: folder + "/" + name), isLink: true) }
        return Entry(name: name, kind: kind(ofMode: info.st_mode), isLink: false)
    }

    /// What the entry at `path` is once links are followed; `.other` for a dangling link.
    private static func kind(followingLinkAt path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .other }
        return kind(ofMode: info.st_mode)
    }

    private static func kind(ofMode mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        default: return .other
        }
    }
}
