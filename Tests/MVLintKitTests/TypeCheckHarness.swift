import Foundation
import XCTest
@testable import MVLintKit

/// Proves migrations and fixes with the compiler. Linux has Observation but neither SwiftUI nor Combine, so
/// test-only stand-ins of both (`Tests/TypeCheckFixtures/StandIns`, which no SwiftPM target compiles) are built
/// once per run, in one copy per `Variant`, with a compiler plugin standing in for SwiftUI's macros; code is
/// type-checked against them as a Swift 6 module.
enum TypeCheckHarness {
    static let fixtures = BinaryRunner.packageRoot.appendingPathComponent("Tests/TypeCheckFixtures")

    /// The `swiftc` of the toolchain on PATH, which is the one running the tests; nil when there is none.
    static let compiler = ToolRunner.executableOnPath("swiftc")

    struct CompilerFailure: Error, CustomStringConvertible {
        var description: String
        /// The toolchain lacks what the harness needs (not a failure of the code under test): the test is skipped.
        var isMissingTool = false
    }

    /// Which SDK the stand-ins model, where the SDK's types depend on the deployment target.
    enum Variant: String, CaseIterable, Sendable {
        /// iOS 17 / macOS 14 and later.
        case current
        /// Below iOS 17: `Text.foregroundStyle` (which returns `Text`) is not there to pick.
        case belowIOS17

        var flags: [String] { self == .belowIOS17 ? ["-D", "SWIFTUI_BELOW_IOS_17"] : [] }
    }

    private static let standInsFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("mvlint-standins-\(UUID().uuidString)")

    private static let createdFolder: Result<URL, CompilerFailure> = {
        do {
            try FileManager.default.createDirectory(at: standInsFolder, withIntermediateDirectories: true)
            atexit { try? FileManager.default.removeItem(at: TypeCheckHarness.standInsFolder) }
            return .success(standInsFolder)
        } catch {
            return .failure(CompilerFailure(description: "cannot create \(standInsFolder.path): \(error)"))
        }
    }()

    /// The folder holding the built `Combine` and `SwiftUI` stand-in modules of the current SDK.
    static var standIns: Result<URL, CompilerFailure> { standIns(.current) }

    private static let builtVariants: [Variant: Result<URL, CompilerFailure>] = {
        var built: [Variant: Result<URL, CompilerFailure>] = [:]
        for variant in Variant.allCases { built[variant] = buildStandIns(variant) }
        return built
    }()

    /// The folder holding the `Combine` and `SwiftUI` stand-in modules of `variant`, built at first use and removed
    /// at exit.
    static func standIns(_ variant: Variant) -> Result<URL, CompilerFailure> {
        builtVariants[variant] ?? .failure(CompilerFailure(description: "no stand-ins for \(variant)"))
    }

    private static func buildStandIns(_ variant: Variant) -> Result<URL, CompilerFailure> {
        guard let compiler else { return .failure(CompilerFailure(description: "no swiftc on PATH")) }
        let folder: URL
        do {
            folder = try createdFolder.get().appendingPathComponent(variant.rawValue)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch let failure as CompilerFailure {
            return .failure(failure)
        } catch {
            return .failure(CompilerFailure(description: "cannot create the stand-in folder: \(error)"))
        }
        // SwiftUI imports Combine, so Combine comes first.
        for module in ["Combine", "SwiftUI"] {
            let source = fixtures.appendingPathComponent("StandIns/\(module).swift").path
            let output = folder.appendingPathComponent("\(module).swiftmodule").path
            let result = run(compiler, ["-emit-module", "-parse-as-library", "-module-name", module, "-I", folder.path]
                                + variant.flags + ["-emit-module-path", output, source], in: folder)
            if let result { return .failure(CompilerFailure(description: "stand-in \(module) (\(variant)) does not build:\n\(result)")) }
        }
        return .success(folder)
    }

    /// The plugin library expanding the stand-in `#Preview` and `@Entry` (`StandIns/Macros/StandInMacros.swift`), built
    /// against the swift-syntax libraries the toolchain ships in `usr/lib/swift/host` at first use.
    static let macroPlugin: Result<URL, CompilerFailure> = {
        guard let compiler else { return .failure(CompilerFailure(description: "no swiftc on PATH")) }
        let host = compiler.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/host")
        guard FileManager.default.fileExists(atPath: host.appendingPathComponent("SwiftSyntaxMacros.swiftmodule").path) else {
            return .failure(CompilerFailure(description: "the toolchain has no swift-syntax in \(host.path) to build the macro plugin with",
                                            isMissingTool: true))
        }
        let folder: URL
        do { folder = try createdFolder.get() } catch { return .failure(CompilerFailure(description: "\(error)")) }
        let library = folder.appendingPathComponent("libMVLintStandInMacros.so")
        let source = fixtures.appendingPathComponent("StandIns/Macros/StandInMacros.swift").path
        let result = run(compiler, ["-emit-library", "-module-name", "MVLintStandInMacros", "-I", host.path, "-L", host.path,
                                    "-lSwiftSyntax", "-lSwiftSyntaxMacros", "-lSwiftSyntaxBuilder",
                                    "-Xlinker", "-rpath", "-Xlinker", host.path, source, "-o", library.path], in: folder)
        if let result { return .failure(CompilerFailure(description: "the stand-in macro plugin does not build:\n\(result)")) }
        return .success(library)
    }()

    /// Type-checks `files` (name → text) as one Swift 6 module against the stand-ins, with what Apple's Foundation
    /// re-exports from Combine: nil when it compiles, else the compiler's diagnostics.
    static func diagnostics(of files: [String: String]) throws -> String? {
        guard let compiler else { throw XCTSkip("swiftc is not on PATH; the type-check harness needs it") }
        let modules = try standIns.get()
        let folder = try TemporaryFolder()
        let paths = try files.keys.sorted().map { try folder.write($0, files[$0] ?? "").path }
        let reexports = fixtures.appendingPathComponent("StandIns/FoundationReexports.swift").path
        return run(compiler, ["-typecheck", "-parse-as-library", "-swift-version", "6", "-I", modules.path, reexports] + paths,
                   in: folder.url)
    }

    /// One module to type-check: its files (name → text), the SDK variant and the language mode.
    struct Module: Hashable, Sendable {
        var files: [String: String]
        var variant: Variant = .current
        var languageMode = 6
    }

    /// Type-checks each module, two compiler runs at a time, with `#Preview` and `@Entry` expanded by the stand-in
    /// plugin and `DEBUG` set (so `#if DEBUG` code is checked): nil for a module that compiles, else the diagnostics.
    /// Runs the compiler's frontend directly, which spares the driver's start-up for each of many small modules.
    static func diagnostics(of modules: [Module]) throws -> [String?] {
        guard let compiler else { throw XCTSkip("swiftc is not on PATH; the type-check harness needs it") }
        let plugin: URL
        switch macroPlugin {
        case .success(let library): plugin = library
        case .failure(let failure) where failure.isMissingTool: throw XCTSkip(failure.description)
        case .failure(let failure): throw failure
        }
        let folders = try Dictionary(uniqueKeysWithValues: Variant.allCases.map { ($0, try standIns($0).get()) })
        let reexports = fixtures.appendingPathComponent("StandIns/FoundationReexports.swift").path
        let scratch = try TemporaryFolder()
        // `MVLINT_TYPECHECK_KEEP=folder` keeps each module's files there, to run the compiler on them by hand.
        let kept = ProcessInfo.processInfo.environment["MVLINT_TYPECHECK_KEEP"].map { URL(fileURLWithPath: $0) }
        var prepared: [(arguments: [String], folder: URL)] = []
        for (index, module) in modules.enumerated() {
            let folder = (kept ?? scratch.url).appendingPathComponent("module\(index)")
            let paths = try module.files.keys.sorted().map { name -> String in
                let file = folder.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try (module.files[name] ?? "").write(to: file, atomically: true, encoding: .utf8)
                return file.path
            }
            let arguments = ["-frontend", "-typecheck"] + frontendPluginArguments + ["-parse-as-library", "-swift-version", String(module.languageMode),
                             "-module-name", "Checked", "-D", "DEBUG", "-I", folders[module.variant]?.path ?? "",
                             "-load-plugin-library", plugin.path, reexports] + paths
            prepared.append((arguments, folder))
            if kept != nil {
                try ([compiler.path] + arguments).joined(separator: " ").write(to: folder.appendingPathComponent("command"),
                                                                                atomically: true, encoding: .utf8)
            }
        }
        let results = ResultBox(count: prepared.count)
        let jobs = prepared
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            results.set(index, run(compiler, jobs[index].arguments, in: jobs[index].folder))
        }
        return results.values
    }

    /// What the driver passes the frontend so that the toolchain's own macros (`@Observable`) expand.
    private static let frontendPluginArguments: [String] = {
        guard let compiler else { return [] }
        let usr = compiler.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        var arguments: [String] = []
        let server = usr.appendingPathComponent("lib/swift/host/libSwiftInProcPluginServer.so")
        if FileManager.default.fileExists(atPath: server.path) { arguments += ["-in-process-plugin-server-path", server.path] }
        for folder in ["lib/swift/host/plugins", "local/lib/swift/host/plugins"] {
            arguments += ["-plugin-path", usr.appendingPathComponent(folder).path]
        }
        return arguments
    }()

    /// Results written by concurrent compiler runs, one slot each.
    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [String?]
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: String?) { lock.lock(); slots[index] = value; lock.unlock() }
        var values: [String?] { lock.lock(); defer { lock.unlock() }; return slots }
    }

    /// Runs `compiler`; nil when it succeeds, else what it printed.
    private static func run(_ compiler: URL, _ arguments: [String], in folder: URL) -> String? {
        do {
            let result = try ToolRunner.run(compiler, arguments, in: folder)
            return result.status == 0 ? nil : result.output
        } catch {
            return "cannot run \(compiler.path): \(error)"
        }
    }

    /// A fixture app: its `.swift` files, and under `Migrated/` the expected text of every file the migration
    /// changes (a file absent there must stay byte-identical).
    struct Fixture {
        var files: [String: String] = [:]
        var expected: [String: String] = [:]

        init(_ name: String) throws {
            let folder = fixtures.appendingPathComponent("Apps/\(name)")
            files = try Self.swiftFiles(in: folder)
            expected = try Self.swiftFiles(in: folder.appendingPathComponent("Migrated"))
        }

        private static func swiftFiles(in folder: URL) throws -> [String: String] {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [:] }
            var files: [String: String] = [:]
            for name in names where name.hasSuffix(".swift") {
                files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            }
            return files
        }
    }
}
