import XCTest
@testable import OSSCheck

final class SamplerTests: XCTestCase {
    /// 40 findings of one rule in four apps (25, 9, 5 and 1) and 3 of another in one app.
    let findings: [Finding] = [("Alpha", 25), ("Beta", 9), ("Gamma", 5), ("Delta", 1)].flatMap { app, count in
        (1...count).map { finding(app: app, line: $0) }
    } + (1...3).map { finding("any-view", app: "Alpha", line: $0) }

    func testSplitMix64GivesThePublishedSequence() {
        // The reference outputs for seed 1234567 (Vigna's splitmix64.c), so every machine draws alike.
        var generator = SplitMix64(seed: 1_234_567)
        XCTAssertEqual([generator.next(), generator.next(), generator.next()],
                       [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423])
    }

    func testTheSameSeedDrawsTheSameSampleWhateverTheInputOrder() {
        let sample = Sampler.sample(findings, perRule: 6, seed: 11)
        XCTAssertEqual(Sampler.sample(findings.reversed(), perRule: 6, seed: 11), sample)
        XCTAssertEqual(sample.count, 9)
    }

    func testAnotherSeedDrawsAnotherSample() {
        XCTAssertNotEqual(Sampler.sample(findings, perRule: 6, seed: 12), Sampler.sample(findings, perRule: 6, seed: 11))
    }

    func testTheSampleIsSpreadOverTheApps() {
        for seed: UInt64 in 0..<20 {
            let sample = Sampler.sample(findings, perRule: 4, seed: seed).filter { $0.rule == "state-not-private" }
            XCTAssertEqual(Set(sample.map(\.app)), ["Alpha", "Beta", "Gamma", "Delta"], "seed \(seed)")
        }
        // Once Delta runs out, the other three keep taking turns: 1 + 3 × 3 after three rounds, 2 more in the fourth.
        let larger = Sampler.sample(findings, perRule: 12, seed: 3).filter { $0.rule == "state-not-private" }
        let perApp = Dictionary(grouping: larger, by: \.app).mapValues(\.count)
        XCTAssertEqual(perApp["Delta"], 1)
        XCTAssertEqual(perApp.values.sorted(), [1, 3, 4, 4])
    }

    func testAskingForMoreThanThereAreGivesEveryFindingOnce() {
        let sample = Sampler.sample(findings, perRule: 100, seed: 5)
        XCTAssertEqual(sample.count, findings.count)
        XCTAssertEqual(Set(sample), Set(findings))
        XCTAssertEqual(sample.map(\.rule), Array(repeating: "any-view", count: 3) + Array(repeating: "state-not-private", count: 40))
    }

    func testARuleKeepsItsSampleWhenAnotherRuleChanges() {
        let withoutAnyView = findings.filter { $0.rule != "any-view" }
        XCTAssertEqual(Sampler.sample(withoutAnyView, perRule: 6, seed: 11), Sampler.sample(findings, perRule: 6, seed: 11).filter { $0.rule != "any-view" })
    }
}
