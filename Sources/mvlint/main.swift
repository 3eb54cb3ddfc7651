import Foundation
import MVLintKit

var tool = CommandLineTool()
tool.exitsAfterRun = true
exit(tool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
