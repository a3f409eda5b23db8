import Foundation
import MovieSearch

// Placeholder until the CLI lands: only the catalog converter.
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "build-catalog", arguments.count == 3 {
  let input = arguments[arguments.startIndex + 1]
  let output = arguments[arguments.startIndex + 2]
  do {
    let csv = try String(contentsOfFile: input, encoding: .utf8)
    let bytes = try OfflineCatalog.catalogFile(fromCSV: csv)
    try Data(bytes).write(to: URL(fileURLWithPath: output))
    print("wrote \(bytes.count) bytes to \(output)")
  } catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(1)
  }
} else {
  print("usage: movie-search build-catalog <movies.csv> <catalog.bin>")
}
