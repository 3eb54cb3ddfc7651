// swift-tools-version:6.1
import PackageDescription
import Foundation

// mvlint parses Swift with SwiftSyntax. On Linux the toolchain already ships SwiftSyntax and
// SwiftParser as prebuilt modules in `usr/lib/swift/host`, and SwiftPM cannot download packages on
// the machines this project is built on, so by default we link those. Where that folder is absent
// (macOS with Xcode) we depend on the swift-syntax package instead.
//
// MVLINT_SWIFT_SYNTAX=toolchain|package overrides the choice. Toolchain mode needs `unsafeFlags`, which
// SwiftPM accepts from the root package and from dependencies given by `path:`, `branch:` or
// `revision:`, but refuses from a dependency required by version (`from:`, `exact:`, a range): a
// package that uses mvlint's plugins that way needs `package` mode (the default where the toolchain
// has no SwiftSyntax folder, e.g. macOS with Xcode).

/// The `usr/lib/swift/host` folder of the toolchain that runs this manifest, if it has SwiftSyntax.
func toolchainHostFolder() -> String? {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [String] = []
    if let invoked = environment["_"], invoked.hasSuffix("/swift") || invoked.hasSuffix("/swift-build") || invoked.hasSuffix("/swift-package") {
        candidates.append(invoked)
    }
    for folder in (environment["PATH"] ?? "").split(separator: ":") {
        candidates.append(String(folder) + "/swift")
    }
    let files = FileManager.default
    for candidate in candidates where files.isExecutableFile(atPath: candidate) {
        let binary = URL(fileURLWithPath: candidate).resolvingSymlinksInPath()
        let usr = binary.deletingLastPathComponent().deletingLastPathComponent()
        let host = usr.appendingPathComponent("lib/swift/host")
        if files.fileExists(atPath: host.appendingPathComponent("SwiftSyntax.swiftmodule").path)
            && files.fileExists(atPath: host.appendingPathComponent("libSwiftSyntax.so").path) {
            return host.path
        }
    }
    return nil
}

let requestedMode = ProcessInfo.processInfo.environment["MVLINT_SWIFT_SYNTAX"]
let hostFolder = requestedMode == "package" ? nil : toolchainHostFolder()
if requestedMode == "toolchain" && hostFolder == nil {
    fatalError("MVLINT_SWIFT_SYNTAX=toolchain, but no toolchain folder usr/lib/swift/host with SwiftSyntax was found")
}

var packageDependencies: [Package.Dependency] = []
var syntaxDependencies: [Target.Dependency] = []
var syntaxSwiftSettings: [SwiftSetting] = []
var syntaxLinkerSettings: [LinkerSetting] = []

if let host = hostFolder {
    syntaxSwiftSettings = [.unsafeFlags(["-I", host])]
    syntaxLinkerSettings = [.unsafeFlags([
        "-L", host, "-lSwiftSyntax", "-lSwiftParser", "-lSwiftDiagnostics", "-lSwiftParserDiagnostics",
        "-Xlinker", "-rpath", "-Xlinker", host,
    ])]
} else {
    packageDependencies = [.package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.0"..<"700.0.0")]
    syntaxDependencies = [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
    ]
}

// SwiftPM's generated test-discovery module gets no `-I` flag, so it must be able to load MVLintKit
// without SwiftSyntax: MVLintKit imports SwiftSyntax `internal`ly and, in toolchain mode, is built
// resilient so its clients never need the modules it imports internally.
let libraryEvolution: [SwiftSetting] = hostFolder == nil ? [] : [.unsafeFlags(["-enable-library-evolution"])]

// MVLintKit asks for the metadata of its generic types (`[Relation: Int]`, `Set<String>`, a rule's tables) through
// their accessors, not by demangling their names: a name is demangled at each type's first use, and a requirement in it
// (a dictionary's `Key: Hashable`) is checked by scanning the conformances of every loaded library, the toolchain's
// SwiftSyntax among them. That was about a tenth of a warm run in which one file changed (docs/PERFORMANCE.md). In
// toolchain mode only, whose flags are unsafe already.
let metadataAccessors: [SwiftSetting] = hostFolder == nil ? [] : [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

let package = Package(
    name: "mvlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "mvlint", targets: ["mvlint"]),
        .library(name: "MVLintKit", targets: ["MVLintKit"]),
        .plugin(name: "MVLintBuildToolPlugin", targets: ["MVLintBuildToolPlugin"]),
        .plugin(name: "MVLintCommandPlugin", targets: ["MVLintCommandPlugin"]),
    ],
    dependencies: packageDependencies,
    targets: [
        .target(
            name: "MVLintKit",
            dependencies: syntaxDependencies,
            swiftSettings: syntaxSwiftSettings + libraryEvolution + metadataAccessors,
            linkerSettings: syntaxLinkerSettings
        ),
        .executableTarget(
            name: "mvlint",
            dependencies: ["MVLintKit"],
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        .executableTarget(
            name: "mvlint-bench",
            dependencies: ["MVLintKit", "OSSCheck", "CorpusGenerator"],
            path: "Benchmarks/Sources/mvlint-bench",
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        // Writes the cache's coder (`Sources/MVLintKit/Cache/FactCoding.generated.swift`) from the fact types'
        // declarations; the tests check the checked-in file is what it makes. Built like MVLintKit, for the same
        // reason: the test-discovery module must load it without SwiftSyntax.
        .target(
            name: "MVLintCodegen",
            dependencies: syntaxDependencies,
            swiftSettings: syntaxSwiftSettings + libraryEvolution,
            linkerSettings: syntaxLinkerSettings
        ),
        .executableTarget(
            name: "mvlint-codegen",
            dependencies: ["MVLintCodegen"],
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        // The oss-check's logic, apart so it can be tested; it runs mvlint binaries and never imports
        // SwiftSyntax, so it needs none of the toolchain flags above.
        .target(name: "OSSCheck", path: "Benchmarks/Sources/OSSCheck"),
        // Synthetic SwiftUI projects of any size: the benchmarks' corpus, and test input for the cache.
        .target(name: "CorpusGenerator", path: "Benchmarks/Sources/CorpusGenerator"),
        // The plugins read `Target.directoryURL`, new in tools version 6.1.
        .plugin(
            name: "MVLintBuildToolPlugin",
            capability: .buildTool(),
            dependencies: ["mvlint"]
        ),
        .plugin(
            name: "MVLintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "mvlint", description: "Lint, fix, migrate or map the package's Swift code with mvlint"),
                permissions: [.writeToPackageDirectory(reason: "`fix` and `migrate` rewrite Swift files in the package")]
            ),
            dependencies: ["mvlint"]
        ),
        .testTarget(
            name: "MVLintKitTests",
            dependencies: ["MVLintKit", "CorpusGenerator", "MVLintCodegen"],
            exclude: ["Expected"],
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        .testTarget(name: "OSSCheckTests", dependencies: ["OSSCheck"]),
    ]
)
