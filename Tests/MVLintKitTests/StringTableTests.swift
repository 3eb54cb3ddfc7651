@testable import MVLintKit
import XCTest

/// The index's string-keyed table answers as a dictionary does, keeps its entries in the order first added, and
/// tells keys apart by their bytes.
final class StringTableTests: XCTestCase {
    func testItAnswersAsADictionaryThroughGrowthAndInPlaceChanges() {
        var table = StringTable<[Int]>()
        var model: [String: [Int]] = [:]
        var firstAdded: [String] = []
        // Keys of every length around the digest's eight-byte steps, many sharing a prefix, some repeated.
        for step in 0..<3_000 {
            let key = "Module.Feature\(step % 700).View" + String(repeating: "x", count: step % 19)
            if model[key] == nil { firstAdded.append(key) }
            table[key, default: []].append(step)
            model[key, default: []].append(step)
            if step % 5 == 0 {
                table[key] = [step]
                model[key] = [step]
            }
        }
        XCTAssertEqual(table.count, model.count)
        for (key, value) in model { XCTAssertEqual(table[key], value, key) }
        XCTAssertNil(table["Module.Feature1.Vie"])
        XCTAssertNil(table[""])
        XCTAssertEqual(Array(table.keys), firstAdded)
        XCTAssertEqual(table.map(\.key), firstAdded)
        XCTAssertEqual(Array(table.values), firstAdded.map { model[$0]! })

        table.updateEachValue { $0 = [$0.count] }
        XCTAssertEqual(Array(table.values), firstAdded.map { [model[$0]!.count] })
    }

    func testAReservedTableHoldsMoreThanItReservedAndSmallStringsAreKeys() {
        var table = StringTable<Int>(minimumCapacity: 4)
        for number in 0..<100 { table[String(number)] = number }
        XCTAssertEqual((0..<100).map { table[String($0)] }, (0..<100).map { Optional($0) })
        XCTAssertEqual(table.count, 100)
    }

    /// Two spellings of one text (`é` as one scalar and as `e` with a combining accent) are two keys, as they are two
    /// identifiers to the compiler; `String` equality would make them one.
    func testKeysAreToldApartByTheirBytes() {
        var table = StringTable<Int>()
        table["Caf\u{E9}"] = 1
        table["Cafe\u{301}"] = 2
        XCTAssertEqual(table.count, 2)
        XCTAssertEqual(table["Caf\u{E9}"], 1)
        XCTAssertEqual(table["Cafe\u{301}"], 2)
    }
}
