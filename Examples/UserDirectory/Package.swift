// swift-tools-version:6.0
// The reference app: a small user directory written in the MV (Container/Presentation) style that
// mvlint's `container-presentation` profile checks. The model target builds and is tested on Linux;
// the SwiftUI targets compile to nothing there (their files are wrapped in `#if canImport(SwiftUI)`).
import PackageDescription

let package = Package(
    name: "UserDirectory",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "UserDirectoryFeature", targets: ["UserDirectoryFeature"]),
    ],
    targets: [
        // Users, settings and their business rules; the services that load and save them.
        .target(name: "UserDirectoryModel"),
        // Views that only receive values, bindings, closures and content. Deliberately no dependency on
        // the model, so a presentation view cannot reach for app state even by accident.
        .target(name: "UserDirectoryPresentation"),
        // Container views: they observe the model, keep screen state, run async work and hand values and
        // closures to the presentation views.
        .target(
            name: "UserDirectoryFeature",
            dependencies: ["UserDirectoryModel", "UserDirectoryPresentation"]
        ),
        .testTarget(name: "UserDirectoryModelTests", dependencies: ["UserDirectoryModel"]),
    ]
)
