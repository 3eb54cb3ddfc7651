// swift-tools-version:6.0
// A small SwiftUI app that shows the SwiftUI usage mistakes mvlint reports, each next to its correct
// form. It targets iOS 17 / macOS 14 and is read by mvlint, not built on Linux (SwiftUI is Apple-only).
import PackageDescription

let package = Package(
    name: "TaskBoard",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [
        .target(name: "TaskBoard"),
    ]
)
