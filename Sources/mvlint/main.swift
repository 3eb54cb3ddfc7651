import MVLintKit
for rule in RuleRegistry.descriptions {
    print(rule.id)
    for example in rule.nonTriggering {
        print(" ex", example.code.count)
        let outcome = ExampleRunner.run(example, rule: rule)
        print(" ->", outcome.actual, outcome.expected)
    }
}
