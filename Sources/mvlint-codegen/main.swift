import MVLintCodegen
import Foundation

/// `mvlint-codegen [PACKAGE-ROOT]`: rewrites the cache's generated coder from the fact types' declarations
/// (`FactCodingGenerator`). The root defaults to the current folder, where `make codegen` runs it.
let root = CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath
do {
    let text = try FactCodingGenerator.generate(packageRoot: root)
    let output = URL(fileURLWithPath: root).appendingPathComponent(FactCodingGenerator.generatedFile)
    try Data(text.utf8).write(to: output, options: .atomic)
    print("wrote \(FactCodingGenerator.generatedFile)")
} catch {
    FileHandle.standardError.write(Data("mvlint-codegen: \(error)\n".utf8))
    exit(1)
}
