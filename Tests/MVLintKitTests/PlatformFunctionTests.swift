import Foundation
import XCTest
@testable import MVLintKit

/// The library's stand-ins for Foundation's string functions (it imports only FoundationEssentials on Linux) give what
/// Foundation gives, on the texts that trip such functions up: other spaces and line breaks, `\r\n`, surrogate pairs,
/// combining marks, numbers that round.
final class PlatformFunctionTests: XCTestCase {
    static let texts = [
        "", " ", "\t", "plain", "  padded  ", "\ttabbed\t", "\u{00A0}no-break\u{00A0}", "\u{3000}ideographic\u{2003}",
        "\nlines\r\n", "\u{2028}separators\u{2029}", "\u{85}next line\u{85}", " \u{200B}zero width\u{200B} ", "é\u{301} ",
        "🙂 face ", " mixed \t\n\u{00A0}", "a\r\nb\nc\rd", "%25 : , |\\\"",
    ]

    func testTrimmingMatchesFoundationsWhitespaceSets() {
        for text in Self.texts {
            XCTAssertEqual(text.trimmingSpaces(), text.trimmingCharacters(in: .whitespaces), text.debugDescription)
            XCTAssertEqual(text.trimmingSpacesAndNewlines(), text.trimmingCharacters(in: .whitespacesAndNewlines), text.debugDescription)
            let slice = text.dropFirst(0)
            XCTAssertEqual(slice.trimmingSpaces(), slice.trimmingCharacters(in: .whitespaces), text.debugDescription)
        }
    }

    func testEveryScalarOfTheBasicPlaneIsTrimmedExactlyWhenFoundationsSetsHoldIt() {
        for value in 0...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar)
            XCTAssertEqual(text.trimmingSpaces() == "a", CharacterSet.whitespaces.contains(scalar), "U+\(String(value, radix: 16))")
            XCTAssertEqual(text.trimmingSpacesAndNewlines() == "a", CharacterSet.whitespacesAndNewlines.contains(scalar),
                           "U+\(String(value, radix: 16))")
        }
    }

    func testReplacingMatchesFoundationsForTheEscapesTheCodeMakes() {
        let replacements = [("%", "%25"), ("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C"), ("|", "\\|"),
                            ("\\", "\\\\"), ("\"", "\\\""), ("\r\n", "\n"), ("_", ".")]
        for text in Self.texts {
            for (target, replacement) in replacements {
                XCTAssertEqual(text.replacingEvery(target, with: replacement),
                               text.replacingOccurrences(of: target, with: replacement), "\(text.debugDescription) \(target.debugDescription)")
            }
        }
    }

    func testPaddingMatchesFoundationsInUTF16Units() {
        for text in Self.texts + ["a longer name than the column", "🙂🙂🙂"] {
            for length in [0, 1, 3, 8, 18, 30] {
                XCTAssertEqual(text.padded(toUTF16Length: length), text.padding(toLength: length, withPad: " ", startingAt: 0),
                               "\(text.debugDescription) \(length)")
            }
        }
    }

    func testCaseBlindSearchMatchesFoundationsForASCIIWords() {
        for name in ["Presentation", "FeedPRESENTATION", "presentationKit", "Presenter", "UI", "", "présentation"] {
            XCTAssertEqual(name.containsIgnoringCase("presentation"), name.range(of: "presentation", options: .caseInsensitive) != nil, name)
        }
    }

    func testNumbersAreWrittenAsStringFormatWritesThem() {
        for value in [0, 0.05, 0.15, 0.25, 1.005, 2.5, 12.345, 99.95, 1234.5678, 600, 0.000_123, 1e21, -3.75] {
            for format in ["%.1f", "%.2f", "%g"] {
                XCTAssertEqual(formatted(value, format), String(format: format, value), "\(value) \(format)")
            }
        }
    }
}
