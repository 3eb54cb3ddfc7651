/// The rules of RULES.md's "Platform guidelines (HIG)" table.
enum PlatformRules {
    static let all: [any SyntaxRule.Type] = [
        FixedFontSizeRule.self,
        IconButtonLabelRule.self,
        HardcodedColorRule.self,
        ClipboardApiAvailabilityRule.self,
    ]
}
