import Foundation
import HeraldCLI

exit(HeraldCommandLine.run(Array(CommandLine.arguments.dropFirst())))
