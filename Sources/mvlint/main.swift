import Foundation
import MVLintKit

exit(CommandLineTool().run(Array(CommandLine.arguments.dropFirst())).rawValue)
