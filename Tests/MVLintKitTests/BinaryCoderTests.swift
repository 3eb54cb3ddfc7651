import CorpusGenerator
import Foundation
import XCTest
@testable import MVLintKit

/// The cache's binary coder gives back exactly what it was given: every stored property of every fact type, so a
/// field added to a fact later is cached without anyone writing code for it, and a type that does not round-trip
/// fails here. Damaged bytes throw, never crash.
final class BinaryCoderTests: XCTestCase {
    func testTheAnalysesOfEveryExampleAndOfAGeneratedProjectRoundTrip() throws {
        let generated = try TemporaryFolder()
        try CorpusGenerator.write(files: 40, to: generated.url)
        for folder in [BinaryRunner.packageRoot.appendingPathComponent("Examples"), generated.url] {
            let outcome = Linter.run(Linter.Request(paths: [folder.path], workingDirectory: folder,
                                                    configuration: Configuration(rootDirectory: folder)))
            XCTAssertGreaterThanOrEqual(outcome.analyses.count, 40, folder.path)
            let keys = BinaryKeyTable()
            for analysis in outcome.analyses {
                let entry = AnalysisCache.Entry(facts: analysis.facts, candidates: analysis.candidates, suppressions: analysis.suppressions,
                                                parseError: analysis.parseError)
                let data = try BinaryEncoder(keys: keys).encode(entry)
                let decoded = try BinaryDecoder(keys: keys.snapshot).decode(AnalysisCache.Entry.self, from: data)
                XCTAssertEqual(Self.structure(decoded), Self.structure(entry), analysis.path)
            }
        }
    }

    func testTheComparisonSeesEveryStoredProperty() {
        var facts = FileFacts(path: "A.swift")
        facts.dependencies.noteTypeReference("Store") { SourcePosition(line: 1, column: 1) }
        var moved = facts
        moved.dependencies.noteTypeReference("Other") { SourcePosition(line: 2, column: 1) }
        XCTAssertNotEqual(Self.structure(moved), Self.structure(facts))
        XCTAssertNotEqual(Self.structure(SourcePosition(line: 1, column: 1, utf8Offset: 5)), Self.structure(SourcePosition(line: 1, column: 1)))
        XCTAssertEqual(Self.structure(Set(["a", "b", "c"])), Self.structure(Set(["c", "b", "a"])))
    }

    private struct Sample: Codable, Equatable {
        enum Kind: Codable, Equatable { case named(name: String, member: String?), plain, counted(Int) }
        enum Raw: String, Codable { case first, second }
        var text = "text"
        var missing: String?
        var present: Int? = 0
        var nilInList: [Int?] = [1, nil, 0]
        var range: Range<Int>? = 3..<9
        var names: Set<String> = ["a", "b"]
        var counts: [String: Int] = ["x": 1, "y": -2, "": 0]
        var kinds: [Kind] = [.named(name: "n", member: nil), .named(name: "", member: "m"), .plain, .counted(-7)]
        var raw: Raw? = .second
        var nested: [[String]] = [["a"], [], ["b", "c"]]
        var extremes: [Int] = [.min, .max, 0, -1]
        var small: [UInt8] = [0, 255]
        var unsigned: UInt64 = .max
        var real = -3.25
        var float: Float = 0.5
        var flag = true
        var long = String(repeating: "é", count: 200)
        var positions = [SourcePosition(line: 3, column: 7, utf8Offset: 42), SourcePosition(line: 1, column: 1)]
    }

    private static func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
        let keys = BinaryKeyTable()
        let data = try BinaryEncoder(keys: keys).encode(value)
        return try BinaryDecoder(keys: keys.snapshot).decode(Value.self, from: data)
    }

    func testOptionalsEnumsCollectionsAndScalarsRoundTrip() throws {
        let sample = Sample()
        XCTAssertEqual(try Self.roundTrip(sample), sample)
        XCTAssertEqual(Self.structure(try Self.roundTrip(sample)), Self.structure(sample))
        XCTAssertNil(try Self.roundTrip(Sample?.none) as Sample?)
        XCTAssertEqual(try Self.roundTrip([Sample(), Sample(text: "", missing: "here", present: nil)]), [Sample(), Sample(text: "", missing: "here", present: nil)])
    }

    func testKeysAreStoredOnceBesideThePayloadsAndReadWithALaterTable() throws {
        let keys = BinaryKeyTable()
        let first = try BinaryEncoder(keys: keys).encode(Sample())
        let before = keys.snapshot
        XCTAssertTrue(before.contains("nilInList"))
        XCTAssertNil(first.range(of: Data("nilInList".utf8)), "keys are not in the payload")
        _ = try BinaryEncoder(keys: keys).encode(FileFacts(path: "A.swift"))
        XCTAssertGreaterThan(keys.snapshot.count, before.count)
        XCTAssertEqual(try BinaryDecoder(keys: keys.snapshot).decode(Sample.self, from: first), Sample())
        XCTAssertThrowsError(try BinaryDecoder(keys: []).decode(Sample.self, from: first))
    }

    func testDamagedTruncatedAndForeignBytesThrowInsteadOfCrashing() throws {
        let keys = BinaryKeyTable()
        let data = try BinaryEncoder(keys: keys).encode(Sample())
        let decoder = BinaryDecoder(keys: keys.snapshot)
        for length in 0..<data.count {
            XCTAssertThrowsError(try decoder.decode(Sample.self, from: data.prefix(length)), "\(length) bytes")
        }
        for index in data.indices {
            for flip: UInt8 in [0x01, 0x80, 0xff] {
                var damaged = data
                damaged[index] ^= flip
                _ = try? decoder.decode(Sample.self, from: damaged)
            }
        }
        for foreign in [Data(), Data("{\"text\": \"json\"}".utf8), Data(repeating: 0xff, count: 64), Data(repeating: 0, count: 64)] {
            XCTAssertThrowsError(try decoder.decode(Sample.self, from: foreign))
        }
    }

    /// Every stored property, recursively, in a stable order (sets and dictionaries sorted, since equal ones may
    /// iterate differently): unlike `Codable`, `Mirror` also shows a property that coding leaves out.
    static func structure(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        let children = mirror.children.map { (label: $0.label ?? "", value: structure($0.value)) }
        switch mirror.displayStyle {
        case .set, .dictionary: return "{" + children.map(\.value).sorted().joined(separator: ", ") + "}"
        case .optional: return children.first?.value ?? "nil"
        default:
            guard !children.isEmpty else { return String(reflecting: value) }
            return "\(mirror.subjectType)(" + children.map { "\($0.label): \($0.value)" }.joined(separator: ", ") + ")"
        }
    }
}
