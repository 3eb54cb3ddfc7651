import Foundation
import XCTest

/// Two runs of the same code print the same thing. Each run is a new process, and Swift seeds every `Dictionary` and
/// `Set` per process, so anything that takes the first of several candidates from a table, or lets one iteration read
/// what another wrote, shows up as runs that differ. The project below holds the cases that did: a nested type whose
/// parent its enclosing type's superclass declares, a service with two service-named protocols, a target's type keyed
/// like a type nested in a type named after that target, two off-main writes on one line, and folders whose names run
/// together alike. The old code printed at least one of them differently in almost every pair of runs.
final class RunToRunStabilityTests: XCTestCase {
    private static let runs = 6

    func testRolesMapAndFindingsAreTheSameInEveryRun() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Stable", platforms: [.iOS(.v17)], targets: [.target(name: "App"), .target(name: "Core")])
        """)
        try folder.write(".mvlint.yml", "opt_in_rules: [observable-missing-main-actor]\n")
        try folder.write("Sources/App/Screens.swift", """
        import SwiftUI
        import Combine

        class Base { class Model: ObservableObject { @Published var count = 0 } }
        class Screen: Base { final class Store: Model { @Published var name = "" } }

        struct ScreenView: View {
            @StateObject private var store = Screen.Store()
            var body: some View { Text(store.name) }
        }
        """)
        try folder.write("Sources/App/Services.swift", """
        protocol FeedClient { func load() }
        protocol UserRepository { func fetch() }
        struct LiveThing: FeedClient, UserRepository { func load() {}; func fetch() {} }
        """)
        try folder.write("Sources/App/Foo.swift", "struct Foo: Equatable { var x = 0 }\n")
        try folder.write("Sources/Core/Foo.swift", "struct Foo: Equatable { var y = 0 }\n")
        try folder.write("Sources/App/Namespace.swift", """
        import SwiftUI
        enum App { struct Foo: View { @State private var count = 0; var body: some View { Text("\\(count)") } } }
        """)
        try folder.write("Sources/App/Counters.swift", """
        import SwiftUI
        class Counter: ObservableObject { @Published var x = 0; func f() async { x = 1 } }; class Tally: Counter { @Published var y = 0; func g() async { y = 2 } }
        struct CounterView: View { @StateObject private var tally = Tally(); var body: some View { Text("\\(tally.y)") } }
        """)
        for (path, prefix) in [("A/bc", "P"), ("Ab/c", "Q")] {
            for number in 0..<25 {
                try folder.write("Sources/App/\(path)/\(prefix)\(number)View.swift",
                                 "import SwiftUI\nstruct \(prefix)\(number)View: View { let title: String; var body: some View { Text(title) } }\n")
            }
        }
        for arguments in [["roles", ".", "--format", "json"], ["map", ".", "--format", "json"],
                          ["lint", ".", "--no-cache", "--advice", "--format", "json"]] {
            let outputs = try (0..<Self.runs).map { _ in try BinaryRunner.run(arguments, in: folder.url).stdout }
            XCTAssertFalse(outputs[0].isEmpty, arguments.joined(separator: " "))
            XCTAssertEqual(Set(outputs).count, 1, "\(arguments.joined(separator: " ")) printed \(Set(outputs).count) different outputs in \(Self.runs) runs")
        }
    }
}
