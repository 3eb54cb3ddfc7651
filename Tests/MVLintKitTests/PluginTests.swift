import Foundation
import XCTest

/// Uses mvlint's SwiftPM plugins from a sample package that depends on this checkout by path, the
/// way a user's package would: the build-tool plugin during `swift build`, then the command plugin.
final class PluginTests: XCTestCase {
    private static let fixture = BinaryRunner.packageRoot.appendingPathComponent("Tests/PluginFixtures/SamplePackage")
    /// Inside this package's own build folder (ignored by git) and at a fixed place, so that a later
    /// run rebuilds mvlint for the plugins incrementally; every step shares it, so mvlint is built once.
    private static let workFolder = BinaryRunner.packageRoot.appendingPathComponent(".build/plugin-sample")

    private static let stateFinding = "Sources/Sample/Counter.swift:11:5: warning: `@State var count` is not private, yet its storage belongs to this view and a value passed from outside is ignored after the first render: declare it `private` (state-not-private)"
    private static let disableFinding = "Sources/Sample/Tripling.swift:2:5: warning: this `mvlint:disable` for 'fat-view' silences no finding: remove it (superfluous-disable)"

    func testBuildToolAndCommandPluginsInASamplePackage() throws {
        guard let swift = ToolRunner.executableOnPath("swift") else {
            throw XCTSkip("`swift` is not on PATH, so no package can be built with the plugins here")
        }
        let package = try makeSamplePackage()
        let scratch = Self.workFolder.appendingPathComponent("build").path
        func swiftBuild() throws -> (status: Int32, output: String) {
            try ToolRunner.run(swift, ["build", "--scratch-path", scratch], in: package)
        }
        func plugin(_ arguments: String...) throws -> (status: Int32, output: String) {
            try ToolRunner.run(swift, ["package", "--scratch-path", scratch, "--allow-writing-to-package-directory", "mvlint"] + arguments,
                               in: package)
        }

        // The build shows the findings as the sample's .mvlint.yml has them (the second one raised from
        // advice, none from the excluded Generated folder) and succeeds: warnings do not fail a build.
        let build = try swiftBuild()
        XCTAssertEqual(build.status, 0, String(build.output.suffix(4000)))
        XCTAssertEqual(warnings(in: build.output), [Self.stateFinding, Self.disableFinding], build.output)
        // The analysis cache goes to the plugin's work folder (the only place a sandboxed plugin may write).
        let pluginOutputs = URL(fileURLWithPath: scratch).appendingPathComponent("plugins/outputs")
        let cacheFiles = (FileManager.default.enumerator(at: pluginOutputs, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { (try? Data(contentsOf: $0).starts(with: Data("MVLINT-ANALYSIS-CACHE".utf8))) == true }
        XCTAssertEqual(cacheFiles.count, 1, "\(cacheFiles)")

        // Without paths the command plugin lints the targets' folders (not Scripts/); `--strict` passes
        // through and its exit code fails the command.
        let strict = try plugin("lint", "--strict")
        XCTAssertEqual(warnings(in: strict.output), [Self.stateFinding, Self.disableFinding], strict.output)
        XCTAssertTrue(strict.output.contains("\nerror: Plugin ended with exit code 1\n"), strict.output)
        XCTAssertEqual(strict.status, 1)

        // A path given is linted instead of the targets.
        let onePath = try plugin("lint", "Sources/Sample/Tripling.swift")
        XCTAssertEqual(warnings(in: onePath.output), [Self.disableFinding], onePath.output)
        XCTAssertEqual(onePath.status, 0, onePath.output)

        // `fix` is `lint --fix`: it rewrites the file and leaves only what has no fix. `--target` is the
        // plugin's own option (mvlint would reject it).
        let fix = try plugin("fix", "--target", "Sample")
        XCTAssertEqual(fix.status, 0, fix.output)
        XCTAssertTrue(fix.output.contains("\nSources/Sample/Counter.swift:11:5: fixed: declare `count` `private` (state-not-private)\n"), fix.output)
        XCTAssertEqual(warnings(in: fix.output), [Self.disableFinding], fix.output)
        let counter = try String(contentsOf: package.appendingPathComponent("Sources/Sample/Counter.swift"), encoding: .utf8)
        XCTAssertTrue(counter.contains("\n    @State private var count = 0\n"), counter)
    }

    /// A fresh copy of the fixture, with a manifest that names this checkout by its absolute path.
    private func makeSamplePackage() throws -> URL {
        let files = FileManager.default
        let package = Self.workFolder.appendingPathComponent("Sample")
        try? files.removeItem(at: package)
        try files.createDirectory(at: Self.workFolder, withIntermediateDirectories: true)
        try files.copyItem(at: Self.fixture, to: package)
        // SwiftPM names a path dependency after its folder.
        let checkout = BinaryRunner.packageRoot.standardizedFileURL
        try """
            // swift-tools-version:6.1
            import PackageDescription

            let package = Package(
                name: "Sample",
                dependencies: [.package(path: "\(checkout.path)")],
                targets: [
                    .target(name: "Sample", plugins: [.plugin(name: "MVLintBuildToolPlugin", package: "\(checkout.lastPathComponent)")]),
                ]
            )

            """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        return package
    }

    /// mvlint's warnings among the build or plugin output: relative paths, where the compiler's are absolute.
    private func warnings(in output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("/") && $0.contains(": warning: ") }
    }
}
