#if canImport(FoundationEssentials)
internal import FoundationEssentials
#else
internal import Foundation
#endif

/// What the lint command does with a baseline: hide the findings of one, or record the current findings as one.
enum BaselineRequest {
    case apply(URL)
    case write(URL)

    /// `--write-baseline` wins over `baseline:` in the configuration (regenerating one is its usual use);
    /// `--baseline` on the command line wins over `baseline:`, which is relative to the configuration's folder.
    init?(_ arguments: ParsedArguments, configuration: Configuration, workingDirectory: URL) throws(UsageError) {
        if let written = arguments["--write-baseline"] {
            if arguments["--baseline"] != nil {
                throw UsageError("--write-baseline and --baseline exclude each other (--write-baseline records every current finding)")
            }
            self = .write(Discovery.resolve(written, against: workingDirectory))
        } else if let given = arguments["--baseline"] {
            self = .apply(Discovery.resolve(given, against: workingDirectory))
        } else if let configured = configuration.baselinePath {
            self = .apply(Discovery.resolve(configured, against: configuration.rootDirectory))
        } else {
            return nil
        }
    }

    var writes: Bool {
        if case .write = self { true } else { false }
    }

    var url: URL {
        switch self {
        case .apply(let url), .write(let url): url
        }
    }

    /// The baseline to apply, read before any linting so a bad file fails fast.
    func load(shownAs shown: String) throws(Baseline.ReadError) -> Baseline? {
        guard case .apply(let url) = self else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Baseline.ReadError(message: "cannot read the baseline \(shown): "
                + (FileManager.default.fileExists(atPath: url.path) ? "permission denied" : "no such file"))
        }
        do {
            return try Baseline(json: data)
        } catch {
            throw Baseline.ReadError(message: "cannot use the baseline \(shown): \(error.message)")
        }
    }
}
