/// A usage mistake on the command line: printed with the command's help hint, exit code 2.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The options a command accepts: flags (`--strict`) and options with a value (`--format json`).
struct CommandSpec {
    var name: String
    var flags: Set<String> = []
    var options: Set<String> = []
    /// Values an option accepts; options missing here take any value.
    var choices: [String: [String]] = [:]
    var maxPositionals: Int = .max
}

/// The command line after parsing against a `CommandSpec`.
struct ParsedArguments {
    var positionals: [String] = []
    var flags: Set<String> = []
    var options: [String: String] = [:]

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    subscript(option: String) -> String? { options[option] }

    /// Accepts `--option value`, `--option=value`, `--` to end options, and reports unknown ones with a suggestion.
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if spec.flags.contains(name), inlineValue == nil {
                flags.insert(name)
            } else if spec.options.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError("\(name) needs a value")
                }
                if let allowed = spec.choices[name], !allowed.contains(value) {
                    throw UsageError("\(name) must be one of \(allowed.joined(separator: ", ")), not '\(value)'")
                }
                options[name] = value
            } else {
                let known = Array(spec.flags) + Array(spec.options)
                let hint = Suggestion.nearest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown option '\(name)' for '\(spec.name)'\(hint)")
            }
        }
        if positionals.count > spec.maxPositionals {
            throw UsageError("'\(spec.name)' takes at most \(spec.maxPositionals) argument\(spec.maxPositionals == 1 ? "" : "s")")
        }
    }
}
