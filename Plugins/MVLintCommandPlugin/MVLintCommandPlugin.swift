import Foundation
import PackagePlugin

/// `swift package plugin mvlint [lint|fix|migrate|map|…] [arguments …] [--target Name …]`
///
/// Runs mvlint in the package folder with the arguments given. `fix` stands for `lint --fix`. The
/// commands that read code get the source folders of the package's targets (or of the `--target`s
/// named) unless a path is given. mvlint's findings and summary pass through unchanged; its exit code
/// becomes the plugin's.
@main
struct MVLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        let folders = targets.compactMap { $0.sourceModule?.directoryURL.path }
        try runMVLint(tool: context.tool(named: "mvlint").url,
                      arguments: extractor.remainingArguments,
                      defaultPaths: folders,
                      cacheFolder: context.pluginWorkDirectoryURL,
                      in: context.package.directoryURL)
    }
}

/// mvlint commands that take paths to read, and so get the default paths.
private let commandsReadingPaths: Set<String> = ["lint", "migrate", "map", "roles"]
/// mvlint commands with an analysis cache: the plugin keeps it in its work folder, which the sandbox
/// lets it write, unless the arguments choose a cache themselves.
private let commandsWithCache: Set<String> = ["lint", "roles"]

/// The mvlint command line for the plugin's arguments: `fix` expanded, `lint` when no command is
/// named, and `defaultPaths` appended to a command that reads code when no existing path is given.
func mvlintArguments(_ arguments: [String], defaultPaths: [String], cacheFolder: URL, in folder: URL) -> [String] {
    var rest = arguments
    var command = ["lint"]
    if let first = rest.first, !first.hasPrefix("-") {
        rest.removeFirst()
        command = first == "fix" ? ["lint", "--fix"] : [first]
    }
    // An option's value cannot be told from a path without knowing every option, so a path is an
    // argument that names an existing folder or Swift file.
    let namesPath = rest.contains { argument in
        var isFolder: ObjCBool = false
        let url = argument.hasPrefix("/") ? URL(fileURLWithPath: argument) : folder.appendingPathComponent(argument)
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            && (isFolder.boolValue || url.pathExtension == "swift")
    }
    let addsPaths = commandsReadingPaths.contains(command[0]) && !namesPath
    let choosesCache = rest.contains { $0 == "--no-cache" || $0 == "--cache-path" || $0.hasPrefix("--cache-path=") }
    let cache = commandsWithCache.contains(command[0]) && !choosesCache ? ["--cache-path", cacheFolder.path] : []
    return command + cache + rest + (addsPaths ? defaultPaths : [])
}

func runMVLint(tool: URL, arguments: [String], defaultPaths: [String], cacheFolder: URL, in folder: URL) throws {
    let process = Process()
    process.executableURL = tool
    process.arguments = mvlintArguments(arguments, defaultPaths: defaultPaths, cacheFolder: cacheFolder, in: folder)
    process.currentDirectoryURL = folder
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit else {
        Diagnostics.error("mvlint stopped on signal \(process.terminationStatus)")
        exit(3)
    }
    // mvlint already explained itself on standard error; only its exit code is left to pass on.
    if process.terminationStatus != 0 { exit(process.terminationStatus) }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MVLintCommandPlugin: XcodeCommandPlugin {
    /// Xcode targets are lists of files, not folders: `--target` lints the Swift files a target
    /// compiles; without it, the project folder.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = Set(extractor.extractOption(named: "target"))
        let projectFolder = context.xcodeProject.directoryURL
        let files = context.xcodeProject.targets
            .filter { targetNames.contains($0.displayName) }
            .flatMap(\.inputFiles)
            .filter { $0.type == .source && $0.url.pathExtension == "swift" }
            .map(\.url.path)
        try runMVLint(tool: context.tool(named: "mvlint").url,
                      arguments: extractor.remainingArguments,
                      defaultPaths: targetNames.isEmpty ? [projectFolder.path] : files,
                      cacheFolder: context.pluginWorkDirectoryURL,
                      in: projectFolder)
    }
}
#endif
