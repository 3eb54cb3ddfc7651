// swift-tools-version:5.9
// A directory app in the legacy MVVM + ObservableObject style, full of the view-model mistakes mvlint
// reports. It supports iOS 16, which is why it still uses ObservableObject. mvlint reads it; nobody builds
// it (see README.md).
import PackageDescription

let package = Package(
    name: "LegacyDirectory",
    platforms: [.iOS(.v16)],
    targets: [
        .executableTarget(name: "LegacyDirectory"),
    ]
)
