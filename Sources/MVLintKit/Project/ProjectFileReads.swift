#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// Every question a project file reader asks the file system while one project file (or one package folder's
/// manifests) is read: the text of each file it reads (a manifest, a `project.pbxproj`, an `.xcconfig` it includes)
/// and whether a path is a file or a folder (`Sources/<target>` or `Source/<target>`). Their answers are the whole
/// input of the settings, so the settings of a run whose answers are all the same can be taken from the cache instead
/// of read again (`ProjectSettingsMemo`). Each reading has its own, used on its one worker thread; the loader joins
/// their probes in the files' order.
final class ProjectFileReads {
    /// One question and its answer when it was asked.
    enum Probe: Codable, Sendable, Equatable {
        /// The text of a file: its digest (nil: it could not be read as UTF-8), and its size and modification time
        /// when they can vouch for it, so an unchanged file need not even be read to be recognised.
        case text(path: String, digest: SourceDigest?, stamp: FileStamp?)
        case isFolder(path: String, answer: Bool)
        case fileExists(path: String, answer: Bool)
    }

    private(set) var probes: [Probe] = []
    /// `.xcconfig` files already parsed in this reading, by path (nil: the file could not be read): their text is
    /// read, probed and parsed once however many configurations are based on them.
    var configurationFileStatements: [String: [XCConfigReader.Statement]?] = [:]
    /// When the reading started (ns since 1970): a stamp newer than two seconds cannot vouch for a file.
    private let started = Int64(Date().timeIntervalSince1970 * 1e9)

    /// The UTF-8 text of `url`, or nil when it cannot be read.
    func text(of url: URL) -> String? {
        let stamp = FileStamp(ofFileAt: url.path)
        let text = try? String(contentsOf: url, encoding: .utf8)
        probes.append(.text(path: url.path, digest: text.map(SourceDigest.init), stamp: stamp.flatMap { $0.isSettled(at: started) ? $0 : nil }))
        return text
    }

    func isFolder(_ url: URL) -> Bool {
        let answer = url.isExistingFolder
        probes.append(.isFolder(path: url.path, answer: answer))
        return answer
    }

    func fileExists(_ url: URL) -> Bool {
        let answer = FileManager.default.fileExists(atPath: url.path)
        probes.append(.fileExists(path: url.path, answer: answer))
        return answer
    }

    /// Whether the file system still answers every probe as it did.
    static func stillHold(_ probes: [Probe]) -> Bool {
        probes.allSatisfy { probe in
            switch probe {
            case .text(let path, let digest, let stamp):
                if let stamp, FileStamp(ofFileAt: path) == stamp { return true }
                return (try? String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)).map(SourceDigest.init) == digest
            case .isFolder(let path, let answer):
                return URL(fileURLWithPath: path).isExistingFolder == answer
            case .fileExists(let path, let answer):
                return FileManager.default.fileExists(atPath: path) == answer
            }
        }
    }
}

/// The settings read from one set of project files, with the probes they were read with: valid for a later run
/// that reads the same files while every probe still holds. Kept in the analysis cache beside the records.
struct ProjectSettingsMemo: Codable, Sendable {
    /// The project files read, in order: `ProjectSettingsMemo.key(of:)`.
    var key: String
    var probes: [ProjectFileReads.Probe]
    var projects: [DeclaredProject]
    var warnings: [String]

    static func key(of files: ProjectFiles) -> String {
        [files.manifests, files.xcodeProjects, files.xcodeGenSpecs].map { $0.map(\.path).joined(separator: "\n") }.joined(separator: "\n--\n")
    }
}
