import CorpusGenerator
import Foundation
import MVLintCodegen
import XCTest
@testable import MVLintKit

/// The cache's coder gives back exactly what it was given: every stored property of every fact type. Its
/// conformances are generated from the types' declarations, and the checked-in file must be what the sources make
/// now, so a field added to a fact fails here until `make codegen` codes it. Damaged bytes throw, never crash.
final class FactCodingTests: XCTestCase {
    func testTheGeneratedCoderIsWhatTheSourcesMake() throws {
        let root = BinaryRunner.packageRoot
        let made = try FactCodingGenerator.generate(packageRoot: root.path)
        let checkedIn = try String(contentsOf: root.appendingPathComponent(FactCodingGenerator.generatedFile), encoding: .utf8)
        XCTAssertTrue(made == checkedIn, "\(FactCodingGenerator.generatedFile) is not what the cached types' declarations make: run `\(FactCodingGenerator.command)`")
    }

    func testTheGeneratorCodesWhatSynthesizedCodableCodesAndRefusesWhatItCannotSet() throws {
        let package = try TemporaryFolder()
        let folder = FactCodingGenerator.sourceFolder
        try package.write(folder + "/Facts.swift", """
            struct Outer {
                struct Fact: Sendable, Codable {
                    static let shared = 1
                    let kind = "fixed"
                    let name: String
                    var count = 0
                    var doubled: Int { count * 2 }
                    var watched: Int { didSet {} }
                    enum Shape: Codable { case point, labelled(x: Int, _ y: Int) }
                    func helper() { struct Local: Codable { var ignored: Int } }
                }
            }
            struct Positioned: Codable {
                var line: Int
                init(from decoder: any Decoder) throws { line = 0 }
            }
            struct Packed: Codable {
                var offset: Int
            }
            extension Packed: BinaryCodable {
                init(from reader: inout FactReader) throws { offset = try reader.readOffset() }
                func write(to writer: inout FactWriter) { writer.writeOffset(offset) }
            }
            """)
        let text = try FactCodingGenerator.generate(packageRoot: package.url.path)
        XCTAssertTrue(text.contains("Hand-written, as their `Codable` is or for a shorter form: Positioned, Packed."), text)
        XCTAssertTrue(text.contains("""
            extension Outer.Fact: BinaryCodable {
                init(from reader: inout FactReader) throws {
                    self.name = try reader.read()
                    self.count = try reader.read()
                    self.watched = try reader.read()
                }
            """), text)
        XCTAssertTrue(text.contains("case 1: self = try .labelled(x: reader.read(), reader.read())"), text)
        XCTAssertFalse(text.contains("Local") || text.contains("extension Positioned") || text.contains("extension Packed"), text)

        try package.write(folder + "/Facts.swift", "struct Hidden: Codable {\n    private(set) var name: String\n}\n")
        XCTAssertThrowsError(try FactCodingGenerator.generate(packageRoot: package.url.path)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(folder)/Facts.swift:2: Hidden.name is private"), "\(error)")
        }
    }

    func testTheAnalysesAndResultsOfEveryExampleAndOfAGeneratedProjectRoundTrip() throws {
        let generated = try TemporaryFolder()
        try CorpusGenerator.write(files: 40, to: generated.url)
        for folder in [BinaryRunner.packageRoot.appendingPathComponent("Examples"), generated.url] {
            let outcome = Linter.run(Linter.Request(paths: [folder.path], workingDirectory: folder,
                                                    configuration: Configuration(rootDirectory: folder)))
            XCTAssertGreaterThanOrEqual(outcome.analyses.count, 40, folder.path)
            for analysis in outcome.analyses {
                let entry = Self.entry(of: analysis)
                let decoded = try Self.roundTrip(entry)
                XCTAssertEqual(Self.structure(decoded), Self.structure(entry), analysis.path)
            }
            XCTAssertFalse(outcome.findings.isEmpty, folder.path)
            let project = try XCTUnwrap(outcome.engine).projectOutcome(outcome.project) { _ in true }
            XCTAssertFalse(project.candidates.isEmpty, folder.path)
            XCTAssertFalse(project.viewNamesByFile.isEmpty, folder.path)
            let result = AnalysisCache.RunResult(findings: outcome.findings, detection: outcome.profileChoice.detection, project: project)
            XCTAssertEqual(Self.structure(try Self.roundTrip(result)), Self.structure(result), folder.path)
        }
    }

    /// The walker's lists grow by doubling; every file's facts are held to the end of the run, so each list is cut
    /// to its length. Every list of every fact, found by reflection: a list added to a fact type and not cut fails
    /// here. What is left is the allocator's rounding: one element, or less than 32 bytes of smaller ones (glibc hands
    /// over a free block whole when what it would split off is smaller than its least block, 32 bytes: a list of
    /// 8-byte elements, such as the boxed `TypeFact`s, may get three more than asked for).
    func testEveryListOfTheFactsIsCutToItsLength() throws {
        let generated = try TemporaryFolder()
        try CorpusGenerator.write(files: 40, to: generated.url)
        // Nine types: their list, grown by doubling, would keep six or more places (48 bytes) if it were not cut.
        try (1...9).map { "struct Part\($0) { var value = \($0) }" }.joined(separator: "\n")
            .write(to: generated.url.appendingPathComponent("Parts.swift"), atomically: true, encoding: .utf8)
        var lists = 0
        func check(_ value: Any, in path: String) {
            if let list = value as? any SpareRoom {
                lists += 1
                XCTAssertTrue(list.spareBytes < 32 || list.spareCount <= 1, "\(path): \(type(of: value)), \(list.spareBytes) bytes")
            }
            for child in Mirror(reflecting: value).children { check(child.value, in: path + "." + (child.label ?? "[]")) }
        }
        for folder in [BinaryRunner.packageRoot.appendingPathComponent("Examples"), generated.url] {
            let outcome = Linter.run(Linter.Request(paths: [folder.path], workingDirectory: folder,
                                                    configuration: Configuration(rootDirectory: folder)))
            for analysis in outcome.analyses { check(analysis.facts, in: analysis.path) }
        }
        XCTAssertGreaterThan(lists, 3_000)
    }

    /// A long name read twice is held once (`NamePool`), across files too, and constructions with the same labels
    /// share one list: a copy of each was a tenth of a run's peak memory.
    func testLongNamesAndLabelListsAreHeldOnce() {
        let engine = LintEngine(selection: RuleSelection(rules: []))
        let code = """
        struct ProfileSettingsScreen: View {
            var body: some View { VStack { ProfileSettingsRow(title: "a", value: 1); ProfileSettingsRow(title: "b", value: 2) } }
        }
        """
        let first = engine.analyze(path: "A.swift", text: code, settings: .unknown).facts
        let second = engine.analyze(path: "B.swift", text: code, settings: .unknown).facts
        let rows = (first.constructions + second.constructions).filter { $0.typeName == "ProfileSettingsRow" }
        XCTAssertEqual(rows.count, 4)
        func storage(_ name: String) -> UnsafeRawPointer? {
            var name = name
            return name.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        XCTAssertEqual(Set(rows.map { storage($0.typeName) }).count, 1, "one copy of the name")
        XCTAssertEqual(storage(first.types[0].name), storage(second.types[0].name))
        XCTAssertEqual(rows[0].labels, ["title", "value"])
        let lists = Set(rows.map { $0.labels.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } })
        XCTAssertEqual(lists.count, 2, "one list per file")
    }

    /// The pool shares names by their bytes: two spellings of one name (an accent written as one character or as a
    /// letter and a combining mark, which `String` calls equal) stay as each file wrote them.
    func testSharedNamesKeepTheirSpelling() {
        let engine = LintEngine(selection: RuleSelection(rules: []))
        let composed = "Caf\u{E9}ProfileSettingsRow", decomposed = "Cafe\u{301}ProfileSettingsRow"
        XCTAssertEqual(composed, decomposed)
        func constructed(_ name: String, in path: String) -> [String] {
            let code = "struct Screen: View { var body: some View { \(name)(title: \"a\") } }"
            return engine.analyze(path: path, text: code, settings: .unknown).facts.constructions.map(\.typeName)
        }
        let first = constructed(composed, in: "A.swift"), second = constructed(decomposed, in: "B.swift")
        XCTAssertEqual(first.map { Array($0.utf8) }, [Array(composed.utf8)])
        XCTAssertEqual(second.map { Array($0.utf8) }, [Array(decomposed.utf8)])
    }

    /// A type's fact is shared by its copies (each index entry holds one) until a copy changes, which then changes alone.
    func testATypeFactsCopiesShareItsFieldsUntilOneChanges() {
        let original = TypeFact(name: "Store", qualifiedName: "Store", kind: .class, inherited: ["ObservableObject"], attributes: [],
                                position: SourcePosition(line: 1, column: 1))
        var copy = original
        XCTAssertTrue(copy.storage.box === original.storage.box, "a copy shares the fields")
        copy.inherited.append("Sendable")
        copy.properties.append(PropertyFact(name: "count", isLet: false, position: SourcePosition(line: 2, column: 5)))
        XCTAssertFalse(copy.storage.box === original.storage.box)
        XCTAssertEqual(original.inherited, ["ObservableObject"])
        XCTAssertTrue(original.properties.isEmpty)
        XCTAssertEqual(copy.inherited, ["ObservableObject", "Sendable"])
        XCTAssertEqual(copy.properties.map(\.name), ["count"])
        var changed = copy
        changed.modify { $0.isPublic = true }
        XCTAssertFalse(copy.isPublic)
        XCTAssertTrue(changed.isPublic)
    }

    /// Positions are held in 32 bits each: an offset of 0 stays apart from none, and numbers out of range are clamped.
    func testPositionsKeepAZeroOffsetApartFromNone() {
        XCTAssertEqual(SourcePosition(line: 3, column: 7, utf8Offset: 0).utf8Offset, 0)
        XCTAssertNil(SourcePosition(line: 3, column: 7).utf8Offset)
        var position = SourcePosition(line: 1, column: 1, utf8Offset: 5)
        position.utf8Offset = nil
        position.line = 42
        position.column = 9
        XCTAssertNil(position.utf8Offset)
        XCTAssertEqual([position.line, position.column], [42, 9])
        let outOfRange = SourcePosition(line: -1, column: Int.max, utf8Offset: Int.max)
        XCTAssertEqual([outOfRange.line, outOfRange.column, outOfRange.utf8Offset], [0, Int(UInt32.max), Int(UInt32.max) - 1])
        XCTAssertEqual(MemoryLayout<SourcePosition>.size, 12)
    }

    /// Properties, helpers and types are the most numerous facts a large run holds: their fields are packed (32-bit
    /// offsets and counts, a shared instance in a box of its own, no gaps for alignment), and they still round-trip.
    func testTheMostNumerousFactsStayCompactAndRoundTrip() throws {
        XCTAssertLessThanOrEqual(MemoryLayout<PropertyFact>.stride, 168)
        XCTAssertLessThanOrEqual(MemoryLayout<HelperFact>.stride, 96)
        XCTAssertLessThanOrEqual(MemoryLayout<TypeFact.Fields>.stride, 224)
        XCTAssertLessThanOrEqual(MemoryLayout<DeclarationLayout?>.size, 24)
        var property = PropertyFact(name: "store", wrapper: "StateObject", attributes: ["MainActor"], isLet: false, isPrivate: true,
                                    position: SourcePosition(line: 4, column: 5, utf8Offset: 60),
                                    wrapperPosition: SourcePosition(line: 3, column: 5, utf8Offset: 40),
                                    layout: DeclarationLayout(modifiersStart: 53, specifier: 61..<64, accessModifier: 53..<60, declaresOneVariable: true))
        property.initializerInstance = PropertyFact.SharedInstance(typeName: "AppStore", member: "shared")
        property.wrapperDeletion = 40..<53
        (property.hasInitializer, property.isLazy, property.isOverride) = (true, true, true)
        let decoded = try Self.roundTrip(property)
        XCTAssertEqual(Self.structure(decoded), Self.structure(property))
        XCTAssertEqual(decoded.initializerInstance, PropertyFact.SharedInstance(typeName: "AppStore", member: "shared"))
        XCTAssertEqual(decoded.wrapperDeletion, 40..<53)
        XCTAssertEqual([decoded.layout?.modifiersStart, decoded.layout?.accessModifier?.lowerBound, decoded.layout?.specifier.upperBound], [53, 53, 64])
        XCTAssertEqual([decoded.hasInitializer, decoded.isLazy, decoded.hasObservers, decoded.isOverride, decoded.isPrivate], [true, true, false, true, true])
        XCTAssertNotEqual(Self.structure(decoded), Self.structure(PropertyFact(name: "store", isLet: false, position: property.position)))
        var helper = HelperFact(name: "total", kind: .computedProperty, isAsync: false, returnType: "Double", parameterTypes: [],
                                position: SourcePosition(line: 9, column: 5))
        (helper.statements, helper.arithmetic, helper.memberFormatting) = (12, 3, Int.max)
        helper.loops += 2
        let decodedHelper = try Self.roundTrip(helper)
        XCTAssertEqual([decodedHelper.statements, decodedHelper.loops, decodedHelper.arithmetic, decodedHelper.pipelines], [12, 2, 3, 0])
        XCTAssertEqual(decodedHelper.memberFormatting, Int(Int32.max), "clamped to 32 bits")
        var type = TypeFact(name: "Store", qualifiedName: "Store", kind: .class, inherited: ["ObservableObject"], attributes: [],
                            position: SourcePosition(line: 1, column: 1, utf8Offset: 0))
        (type.observableObjectRemoval, type.bodyViewCount, type.bodyModifierCount) = (11..<29, 7, 3)
        let decodedType = try Self.roundTrip(type)
        XCTAssertEqual(Self.structure(decodedType), Self.structure(type))
        XCTAssertEqual([decodedType.observableObjectRemoval?.lowerBound, decodedType.observableObjectRemoval?.upperBound,
                        decodedType.bodyViewCount, decodedType.bodyModifierCount], [11, 29, 7, 3])
    }

    func testTheComparisonSeesEveryStoredProperty() {
        var facts = FileFacts(path: "A.swift")
        facts.dependencies.typeReferences.append(TypeReferenceFact(name: "Store", position: SourcePosition(line: 1, column: 1)))
        var moved = facts
        moved.dependencies.typeReferences.append(TypeReferenceFact(name: "Other", position: SourcePosition(line: 2, column: 1)))
        XCTAssertNotEqual(Self.structure(moved), Self.structure(facts))
        XCTAssertNotEqual(Self.structure(SourcePosition(line: 1, column: 1, utf8Offset: 5)), Self.structure(SourcePosition(line: 1, column: 1)))
        XCTAssertEqual(Self.structure(Set(["a", "b", "c"])), Self.structure(Set(["c", "b", "a"])))
    }

    /// The standard types the generated code is made of, at their edges; coded by hand, as a fact type's
    /// generated conformance would be.
    private struct Sample: BinaryCodable, Equatable {
        var text = "text"
        var missing: String?
        var present: Int? = 0
        var nilInList: [Int?] = [1, nil, 0]
        var range: Range<Int>? = 3..<9
        var names: Set<String> = ["a", "b", "c", "d"]
        var counts: [String: Int] = ["x": 1, "y": -2, "": 0]
        var nested: [[String]] = [["a"], [], ["b", "c", "a"]]
        var extremes: [Int] = [.min, .max, 0, -1, 63, -64, 64, 1 << 40]
        var real = -3.25
        var flags = [true, false, true, true, false, false, true, false, true, true, false]
        var ranges: [Range<Int>] = [100..<104, 7..<7, (1 << 30)..<(1 << 30) + 5, 0..<(1 << 40)]
        var long = String(repeating: "é", count: 200)
        var positions = [SourcePosition(line: 3, column: 7, utf8Offset: 42), SourcePosition(line: 1, column: 1),
                         SourcePosition(line: 200, column: -1, utf8Offset: 1 << 20)]

        init() {}

        init(from reader: inout FactReader) throws {
            (text, missing, present, nilInList, range) = try (reader.read(), reader.read(), reader.read(), reader.read(), reader.read())
            (names, counts, nested, extremes) = try (reader.read(), reader.read(), reader.read(), reader.read())
            (real, flags, ranges, long, positions) = try (reader.read(), reader.read(), reader.read(), reader.read(), reader.read())
        }

        func write(to writer: inout FactWriter) {
            writer.write(text); writer.write(missing); writer.write(present); writer.write(nilInList); writer.write(range)
            writer.write(names); writer.write(counts); writer.write(nested); writer.write(extremes)
            writer.write(real); writer.write(flags); writer.write(ranges); writer.write(long); writer.write(positions)
        }
    }

    private static func entry(of analysis: FileAnalysis) -> AnalysisCache.Entry {
        AnalysisCache.Entry(facts: analysis.facts, candidates: analysis.candidates, suppressions: analysis.suppressions,
                            parseError: analysis.parseError)
    }

    private static func roundTrip<Value: BinaryCodable>(_ value: Value) throws -> Value {
        try FactReader.decode(Value.self, from: FactWriter.payload(of: value))
    }

    func testScalarsOptionalsAndCollectionsRoundTrip() throws {
        let sample = Sample()
        XCTAssertEqual(try Self.roundTrip(sample), sample)
        XCTAssertEqual(try Self.roundTrip(sample).positions.map(\.utf8Offset), [42, nil, 1 << 20])
        XCTAssertNil(try Self.roundTrip(Sample?.none) as Sample?)
        var other = Sample()
        (other.text, other.missing, other.present, other.range) = ("", "here", nil, 5..<5)
        XCTAssertEqual(try Self.roundTrip([sample, other]), [sample, other])
    }

    /// The reader takes one- and two-byte numbers on paths of their own: each length, its bounds and a number that
    /// ends the payload read back as written.
    func testNumbersOfEveryLengthRoundTrip() throws {
        var numbers: [UInt64] = [0, 1, UInt64.max, UInt64.max - 1]
        for bits in stride(from: 7, through: 63, by: 7) { numbers += [(1 << bits) - 1, 1 << bits, (1 << bits) + 1] }
        XCTAssertEqual(try Self.roundTrip(numbers), numbers)
        for number in numbers { XCTAssertEqual(try Self.roundTrip(number), number, "\(number) alone") }
        let signed: [Int] = [0, -1, 63, -64, 64, -65, 8_191, -8_192, 8_192, .max, .min]
        XCTAssertEqual(try Self.roundTrip(signed), signed)
        XCTAssertEqual(FactWriter.payload(of: UInt64(16_383)).count, 1 + 2, "an empty table, then two bytes")
    }

    func testEachStringIsStoredOnceAndEqualValuesGiveEqualBytes() {
        let payload = FactWriter.payload(of: ["repeated", "repeated", "repeated"])
        XCTAssertEqual(payload.count, 1 + 1 + "repeated".utf8.count + 1 + 3, "table, then the count and three indices")
        var reordered = Sample()
        reordered.names = Set(Sample().names.sorted().reversed())
        reordered.counts = Dictionary(uniqueKeysWithValues: Sample().counts.sorted { $0.key > $1.key })
        XCTAssertEqual(FactWriter.payload(of: reordered), FactWriter.payload(of: Sample()))
    }

    func testFlagsShareBytesAndOffsetsAndLinesAreDifferences() throws {
        XCTAssertEqual(FactWriter.payload(of: Array(repeating: true, count: 17)).count, 1 + 1 + 3,
                       "an empty table, the count, then seventeen flags in three bytes")
        let positions = (0..<10).map { SourcePosition(line: 1_000 + $0, column: 5, utf8Offset: 50_000 + 30 * $0) }
        // The table and the count; the first position's line (2 bytes), column, flag byte and offset (3 bytes); nine
        // more at a byte each for the line, column and offset; the ninth flag's byte.
        XCTAssertEqual(FactWriter.payload(of: positions).count, 1 + 1 + 7 + 9 * 3 + 1)
        XCTAssertEqual(try Self.roundTrip(positions).map(\.utf8Offset), positions.map(\.utf8Offset))
        let spans = [40_000..<40_003, 40_010..<40_020, 12..<12]
        XCTAssertEqual(FactWriter.payload(of: spans).count, 1 + 1 + (3 + 1) + (1 + 1) + (3 + 1), "offset differences, then lengths")
        XCTAssertEqual(try Self.roundTrip(spans), spans)
    }

    func testDamagedTruncatedAndForeignBytesThrowInsteadOfCrashing() throws {
        let example = BinaryRunner.packageRoot.appendingPathComponent("Examples")
        let analysis = try XCTUnwrap(Linter.run(Linter.Request(paths: [example.path], workingDirectory: example,
                                                               configuration: Configuration(rootDirectory: example)))
            .analyses.max { $0.candidates.count < $1.candidates.count })
        try Self.assertDamageThrows(Self.entry(of: analysis))
        try Self.assertDamageThrows(Sample())
    }

    private static func assertDamageThrows<Value: BinaryCodable>(_ value: Value, file: StaticString = #filePath, line: UInt = #line) throws {
        let data = FactWriter.payload(of: value)
        for length in 0..<data.count {
            XCTAssertThrowsError(try FactReader.decode(Value.self, from: data.prefix(length)), "\(length) bytes", file: file, line: line)
        }
        XCTAssertThrowsError(try FactReader.decode(Value.self, from: data + [0]), "a byte too many", file: file, line: line)
        for index in data.indices {
            for flip: UInt8 in [0x01, 0x80, 0xff] {
                var damaged = data
                damaged[index] ^= flip
                _ = try? FactReader.decode(Value.self, from: damaged)
            }
        }
        for foreign in [Data(), Data("{\"text\": \"json\"}".utf8), Data(repeating: 0xff, count: 64), Data(repeating: 0, count: 64)] {
            XCTAssertThrowsError(try FactReader.decode(Value.self, from: foreign), file: file, line: line)
        }
    }

    /// Every stored property, recursively, in a stable order (sets and dictionaries sorted, since equal ones may
    /// iterate differently): unlike the coder, `Mirror` also shows a property the coder leaves out.
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

/// A list's room beyond its elements, for `testEveryListOfTheFactsIsCutToItsLength`.
private protocol SpareRoom {
    var spareCount: Int { get }
    var spareBytes: Int { get }
}

extension Array: SpareRoom {
    fileprivate var spareCount: Int { capacity - count }
    fileprivate var spareBytes: Int { spareCount * MemoryLayout<Element>.stride }
}
