/// The text of `mvlint help` and `mvlint help <command>`.
enum HelpText {
    static let commands: [(name: String, text: String)] = [
        ("lint", """
        USAGE: mvlint lint [paths …] [options]

        Checks the Swift files under the paths (default: the current folder) and prints findings.

        OPTIONS:
          --format NAME         Output format (default: xcode, or `reporter:` in the config):
                                \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", ")).
                                html is one self-contained page: the map, the findings and the roles.
          --output FILE         Write the report (or the --diff) to FILE, atomically, instead of standard
                                output. The folder must exist.
          --color, --no-color   Colour the xcode report even when piped / never colour and never draw
                                the progress bar. By default both appear on a terminal only, and not
                                when NO_COLOR is set.
          --config FILE         Use this configuration instead of the nearest .mvlint.yml.
          --profile NAME        mv, container-presentation (cp), mvvm, mvvm-io (io). Default: the config's
                                `profile:`, else detected from the code.
          --advice              Also list advice-level findings (the JSON report always includes them).
          --strict              Fail (exit 1) on warnings too, not only on errors.
          --quiet               No summary line and no warnings about project files.
          --fix                 Apply the safe fixes, then print the findings that remain.
          --unsafe-fixes        With --fix or --diff: also apply fixes that may change behaviour.
          --diff                Print the fixes as a unified diff instead of writing them.
          --baseline FILE       Hide the findings FILE accepts (matched on file, rule and line text).
                                Default: `baseline:` in the config.
          --write-baseline FILE Record every current finding in FILE instead of printing them; exit 0.
          --cache-path DIR      Keep the analysis cache in DIR (default: $XDG_CACHE_HOME/mvlint, else
                                ~/.cache/mvlint; ~/Library/Caches/mvlint on macOS).
          --no-cache            Analyse every file afresh; read and write no cache (also MVLINT_NO_CACHE=1).
          --stdin-path PATH     Lint standard input as the file at PATH, with the project around it, and
                                print only its findings (for editors). Not with --fix or --diff.
          --assume-ios17        Judge code whose project files state no minimum OS as running on iOS 17 /
                                macOS 14 / tvOS 17 / watchOS 10 / visionOS 1 or later.
          --timings             Print on standard error how long each step of the run took (wall clock):
                                finding the files, the cache, the per-file pass, the project phase, the report.

        EXIT CODES: 0 nothing failing, 1 error findings (or warnings with --strict; with --diff:
                    also any change to make), 2 usage, configuration or input problem (or a
                    file that could not be written), 3 internal error.

        """),
        ("rules", """
        USAGE: mvlint rules [--profile NAME] [--format text|markdown|json]

        Lists every rule with its family, default severity, the profiles that enable it and whether a fix exists.

        """),
        ("roles", """
        USAGE: mvlint roles [paths …] [--format text|json] [--config FILE] [--cache-path DIR] [--no-cache]

        Prints every type with the role mvlint gives it (container, presentation, mixed, model,
        view-model, service, state, formatter, value, other) and the evidence, so you can see why a rule fired.

        """),
        ("init", """
        USAGE: mvlint init [folder] [--force]

        Looks at the code in the folder (default: the current one) and writes a commented .mvlint.yml there:
        the detected profile and why, the minimum OS of each target, and a suggested `layers:`
        block when targets or folders are named like presentation code. An existing .mvlint.yml is kept
        unless --force is given (exit code 2 otherwise).

        """),
        ("settings", """
        USAGE: mvlint settings [paths …] [--format text|json] [--config FILE] [--assume-ios17]

        Prints, for each Swift file lint would check (default: under the current folder), the target that
        compiles it, its minimum OS per platform, language mode, default isolation and Swift compiler, and
        where each value came from: a build setting of a target (in the .xcodeproj or an .xcconfig),
        `platforms:` of a Package.swift, an XcodeGen or Tuist target, .mvlint.yml, or a default. A file no
        target compiles gets the lowest minimum of its project.

        OPTIONS:
          --format text|json  Text for people (default) or JSON with sorted keys (shape in the README).
          --config FILE       Use this configuration instead of the nearest .mvlint.yml.
          --assume-ios17      Where no project file states a minimum, assume iOS 17 / macOS 14 or later.

        """),
        ("map", """
        USAGE: mvlint map [paths …] [--format mermaid|dot|json|svg] [--focus TypeName [--depth N]]
                          [--expand NAME,… | --collapse | --no-collapse] [--config FILE] [--profile NAME]
                          [--cache-path DIR | --no-cache]

        Draws the architecture: views (container, presentation, mixed), models, view models, services and
        screen states, and how they relate (owns, observes, injects, shows, calls). Values and other types
        appear only when a relation touches them. A relation on a line where an architecture rule reports
        a warning or error is drawn red and dashed ("violates rule-id").

        Every picture fits one screen: at most 40 boxes and 80 arrows. A larger project is drawn as groups
        (its targets, then their folders, opened largest first while the picture still fits), with the
        number of types in each and of relations between them; a comment in the output says what was
        grouped. Open groups with --expand, follow one type with --focus, or draw every type with
        --no-collapse. Like lint, map reuses the analysis cache, so a map of an unchanged project parses nothing.

        OPTIONS:
          --format mermaid|dot|json|svg
                                      Mermaid flowchart (default; GitHub renders it), Graphviz DOT, JSON,
                                      or an SVG picture drawn by mvlint itself.
          --focus TypeName            Only the types within --depth relations of this one, either direction.
          --depth N                   How far --focus reaches (default 1).
          --expand NAME,…             Show these groups (a target, or a folder as 'Target/Folder') as their
                                      types; the rest stays grouped.
          --collapse                  One node per target (per folder when the code has a single target),
                                      with the number of relations between them, whatever the size.
          --no-collapse               Every type, however large the picture gets.
          --cache-path DIR            Keep the analysis cache in DIR (as for lint).
          --no-cache                  Analyse every file afresh; read and write no cache.
          --config FILE               Use this configuration instead of the nearest .mvlint.yml.
          --profile NAME              The profile whose rules decide which relations are violations.

        """),
        ("migrate", """
        USAGE: mvlint migrate observation [paths …] [--dry-run | --write] [--only TypeName] [--assume-ios17]
                                          [--config FILE]

        Plans the move from ObservableObject/@Published to @Observable: lists every ObservableObject type,
        every @StateObject, @ObservedObject, @EnvironmentObject and .environmentObject that uses it, and
        whether it can migrate safely, or what blocks it (rule R0–R4, file:line), with a summary table.
        The classes that can migrate are rewritten together with their uses, in a clean git work tree
        only; elsewhere the rewrite is printed as a unified diff instead. Running it twice changes nothing.

        OPTIONS:
          --dry-run        Print the rewrite as a unified diff, write nothing (the default outside a git
                           work tree or with uncommitted changes).
          --write          Rewrite (the default in a clean git work tree); refused with exit code 2 outside
                           one.
          --only TypeName  Only this type and its uses.
          --assume-ios17   Confirm iOS 17 / macOS 14 or later when no project file states a deployment target
                           (lint and settings take it too).
          --config FILE    Use this configuration instead of the nearest .mvlint.yml.

        """),
        ("explain", """
        USAGE: mvlint explain <rule-id>

        Explains a rule: what it checks, why it matters, what to write instead, with examples.

        """),
        ("version", """
        USAGE: mvlint version

        Prints mvlint's version.

        """),
        ("help", """
        USAGE: mvlint help [command]

        Shows help for mvlint or one of its commands.

        """),
    ]

    static let overview = """
    mvlint checks a SwiftUI code base against the MV (Container/Presentation) architecture, its MVVM and
    Observation variants, and the SwiftUI mistakes that undermine them.

    USAGE: mvlint <command> [options]

    COMMANDS:
      lint       Check Swift files and print findings (default paths: the current folder).
      rules      List the rules.
      roles      Show the role of every type and why.
      settings   Show each file's target, minimum OS and language settings, and where they came from.
      init       Write a commented .mvlint.yml for the code in a folder.
      map        Draw the architecture as a Mermaid, DOT, JSON or SVG graph.
      migrate    Move ObservableObject classes to @Observable where that is provably safe.
      explain    Explain one rule, with examples.
      version    Print the version.
      help       Show help for a command: mvlint help lint

    Configuration comes from the nearest .mvlint.yml above the current folder; see the README.

    """
}
