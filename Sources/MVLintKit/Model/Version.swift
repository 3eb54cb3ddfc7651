#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// An OS or tools version such as `17.0` or `6.1.2`; compares component by component.
public struct Version: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public var components: [Int]

    public init?(_ text: String) {
        let trimmed = text.trimmingSpaces().replacingEvery("_", with: ".")
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard let number = Int(part), number >= 0 else { return nil }
            numbers.append(number)
        }
        components = numbers
    }

    public init(_ major: Int, _ minor: Int = 0) {
        components = [major, minor]
    }

    public var description: String {
        components.count == 1 ? "\(components[0]).0" : components.map(String.init).joined(separator: ".")
    }

    public static func < (lhs: Version, rhs: Version) -> Bool {
        let count = max(lhs.components.count, rhs.components.count)
        for index in 0..<count {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: Version, rhs: Version) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }
}

/// The Apple platforms a deployment target can name.
public enum Platform: String, Sendable, CaseIterable, Hashable, Codable, Comparable {
    case iOS, macOS, tvOS, watchOS, visionOS, macCatalyst

    /// Accepts the spellings used by `Package.swift`, `#available`, build settings and config files.
    public init?(name: String) {
        switch name.lowercased() {
        case "ios", "iphoneos", "iosapplicationextension": self = .iOS
        case "macos", "osx", "macosx", "macosapplicationextension": self = .macOS
        case "tvos", "appletvos": self = .tvOS
        case "watchos": self = .watchOS
        case "visionos", "xros": self = .visionOS
        case "maccatalyst": self = .macCatalyst
        default: return nil
        }
    }
}

extension Platform {
    /// By name: the cache writes dictionaries keyed by platform in this order, so equal settings give equal bytes.
    public static func < (left: Platform, right: Platform) -> Bool { left.rawValue < right.rawValue }
}
