#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// A target as a project file declares it: its settings and the sources it compiles.
/// The project file readers produce these; `ProjectSettings` decides which of them compile a file.
struct DeclaredTarget: Sendable, Equatable, Codable {
    enum Kind: Sendable, Equatable, Codable {
        /// An app (Xcode) or an executable (SwiftPM): the code a project's unclaimed files most likely belong to.
        case application
        case test
        case other
    }

    /// A folder (every Swift file below it) or one file that the target does, or explicitly does not, compile.
    /// The most specific membership wins, so a target can own a folder except for one file inside it.
    struct Membership: Sendable, Equatable, Codable {
        /// Absolute and standardised.
        var path: String
        var isFolder: Bool
        var isMember: Bool
    }

    var settings: TargetSettings
    var kind: Kind
    var memberships: [Membership]
}

/// A project file and the targets it declares: an Xcode project, a `Package.swift`, XcodeGen's `project.yml`
/// or Tuist's `Project.swift`.
struct DeclaredProject: Sendable, Codable {
    /// The absolute path of the project file.
    var file: String
    /// The folder the project's paths start from. Code below it that no target claims, and that lies in no
    /// nested project's folder, is this project's; its folder targets reach no nested project's code.
    var root: String
    var targets: [DeclaredTarget]
    /// Problems with files the project refers to (a missing `.xcconfig`): reported, the rest still read.
    var warnings: [String] = []
}

/// Why a project file yields no settings; reported as a warning, never fatal.
struct ProjectFileError: Error, Sendable, CustomStringConvertible {
    var path: String
    var line: Int?
    var column: Int?
    var message: String

    var description: String {
        let location = [line, column].compactMap { $0.map(String.init) }.joined(separator: ":")
        return "\(path)\(location.isEmpty ? "" : ":" + location): \(message); its build settings are ignored"
    }
}

/// The UTF-8 text of a manifest or project file, noted in `reads`; `description` names the file in the error.
func readProjectFile(_ url: URL, describedAs description: String, reads: ProjectFileReads) throws(ProjectFileError) -> String {
    guard let text = reads.text(of: url) else {
        throw ProjectFileError(path: url.path, message: "cannot read \(description)")
    }
    return text
}

extension URL {
    /// Whether a folder (or a link to one) exists at this file URL.
    var isExistingFolder: Bool {
        SystemCalls.kind(atPath: path).isFolder
    }
}
