import Foundation
import PackagePlugin

/// Lints a target's Swift files as part of its build. mvlint prints findings as
/// `path:line:column: warning: …`, which SwiftPM and Xcode show as build diagnostics; only
/// error-severity findings make mvlint exit 1 and so fail the build, as with SwiftLint.
@main
struct MVLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        // The target's folder rather than its files: named files are linted even when `.mvlint.yml`
        // excludes them, and excluding generated code must work in a build too.
        return try lintCommand(tool: context.tool(named: "mvlint").url,
                               paths: [module.directoryURL],
                               cacheFolder: context.pluginWorkDirectoryURL,
                               swiftFiles: module.sourceFiles(withSuffix: "swift").map(\.url),
                               configuration: nearestConfiguration(from: module.directoryURL, upTo: context.package.directoryURL))
    }
}

/// The build command shared by packages and Xcode projects.
///
/// A build command, not a prebuild command: SwiftPM runs prebuild commands only from prebuilt
/// binaries, never from a tool built from source as mvlint is here. It declares no outputs (an output
/// would become a resource of the target), so, like the compiler, it runs again when a Swift file
/// or the configuration changed, and a build with nothing to do shows nothing.
///
/// The analysis cache lives in the plugin's work folder: the sandbox Xcode runs plugins in allows
/// writing there and not to the user's cache folder.
func lintCommand(tool: URL, paths: [URL], cacheFolder: URL, swiftFiles: [URL], configuration: URL?) -> [Command] {
    guard !swiftFiles.isEmpty else { return [] }
    var arguments = ["lint", "--quiet", "--format", "xcode", "--cache-path", cacheFolder.path]
    if let configuration {
        arguments += ["--config", configuration.path]
    }
    arguments += paths.map(\.path)
    return [.buildCommand(displayName: "mvlint \(swiftFiles.count) Swift file(s)",
                          executable: tool,
                          arguments: arguments,
                          inputFiles: swiftFiles + (configuration.map { [$0] } ?? []))]
}

/// The nearest `.mvlint.yml` from `folder` up to and including `root`, as mvlint itself would find it
/// when run from `folder`; a build command's working directory is up to the build system.
func nearestConfiguration(from folder: URL, upTo root: URL) -> URL? {
    let rootPath = root.standardizedFileURL.path
    var current = folder.standardizedFileURL
    while true {
        let candidate = current.appendingPathComponent(".mvlint.yml")
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        if current.path == rootPath || !current.path.hasPrefix(rootPath) || current.path == "/" { return nil }
        current = current.deletingLastPathComponent()
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MVLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let swiftFiles = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        let projectFolder = context.xcodeProject.directoryURL
        // An Xcode target is a list of files, possibly from many folders.
        return try lintCommand(tool: context.tool(named: "mvlint").url,
                               paths: swiftFiles,
                               cacheFolder: context.pluginWorkDirectoryURL,
                               swiftFiles: swiftFiles,
                               configuration: nearestConfiguration(from: projectFolder, upTo: projectFolder))
    }
}
#endif
