import Foundation
import XCTest
@testable import MVLintKit

/// Proves migrations with the compiler. Linux has Observation but neither SwiftUI nor Combine, so test-only
/// stand-ins of both (`Tests/TypeCheckFixtures/StandIns`, which no SwiftPM target compiles) are built once per
/// run; each fixture app is type-checked against them before and after `migrate observation`.
enum TypeCheckHarness {
    static let fixtures = BinaryRunner.packageRoot.appendingPathComponent("Tests/TypeCheckFixtures")

    /// The `swiftc` of the toolchain on PATH, which is the one running the tests; nil when there is none.
    static let compiler = ToolRunner.executableOnPath("swiftc")

    struct CompilerFailure: Error, CustomStringConvertible {
        var description: String
    }

    private static let standInsFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("mvlint-standins-\(UUID().uuidString)")

    /// The folder holding the built `Combine` and `SwiftUI` stand-in modules, built at first use and removed at exit.
    static let standIns: Result<URL, CompilerFailure> = {
        guard let compiler else { return .failure(CompilerFailure(description: "no swiftc on PATH")) }
        let folder = standInsFolder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            atexit { try? FileManager.default.removeItem(at: TypeCheckHarness.standInsFolder) }
        } catch {
            return .failure(CompilerFailure(description: "cannot create \(folder.path): \(error)"))
        }
        // SwiftUI imports Combine, so Combine comes first.
        for module in ["Combine", "SwiftUI"] {
            let source = fixtures.appendingPathComponent("StandIns/\(module).swift").path
            let output = folder.appendingPathComponent("\(module).swiftmodule").path
            let result = run(compiler, ["-emit-module", "-parse-as-library", "-module-name", module, "-I", folder.path,
                                        "-emit-module-path", output, source], in: folder)
            if let result { return .failure(CompilerFailure(description: "stand-in \(module) does not build:\n\(result)")) }
        }
        return .success(folder)
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
