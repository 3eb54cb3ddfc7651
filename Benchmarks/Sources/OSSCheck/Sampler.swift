/// A reproducible sample of findings to judge by hand, spread over the apps.
enum Sampler {
    /// Up to `perRule` findings of every rule, sorted by rule. Within a rule the apps are shuffled and then
    /// take turns, each giving its next finding from its own shuffled list, so a rule that fires in three
    /// apps is judged in all three, not only in the app where it fires most.
    static func sample(_ findings: [Finding], perRule: Int, seed: UInt64) -> [Finding] {
        Dictionary(grouping: findings, by: \.rule).sorted { $0.key < $1.key }.flatMap { rule, findings in
            // A generator per rule: adding or fixing one rule leaves the other rules' samples as they were.
            var generator = SplitMix64(seed: seed ^ stableHash(rule))
            var apps = Dictionary(grouping: findings, by: \.app).sorted { $0.key < $1.key }.map { _, findings in
                var shuffled = findings.sorted(by: Finding.reportOrder)
                generator.shuffle(&shuffled)
                return shuffled[...]
            }
            generator.shuffle(&apps)
            var sample: [Finding] = []
            while sample.count < perRule, apps.contains(where: { !$0.isEmpty }) {
                for index in apps.indices where sample.count < perRule {
                    if let next = apps[index].popFirst() { sample.append(next) }
                }
            }
            return sample
        }
    }

    /// FNV-1a over the UTF-8 bytes: `Hasher` is seeded per process, so it cannot be part of a seed.
    static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { hash, byte in (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }
}
