import Testing

@testable import MovieSearchCLI

/// Every command's options, its own and its groups', have names of their own: two
/// declarations of one name would make the parser take one and silently drop the other (as
/// swift-argument-parser's own test of unique names guards against).
@Suite struct OptionNamesTests {
  @Test func everyCommandsOptionsHaveUniqueNamesAndShortNames() {
    for command in Commands.all {
      let declarations = command.declarations
      let names = declarations.map(\.name) + ["help", "version"]
      let repeated = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys
      #expect(repeated.isEmpty, "\(command.name): --\(repeated.sorted())")
      let short = declarations.compactMap(\.shortName)
      #expect(Set(short).count == short.count, "\(command.name): \(short)")
    }
  }
}
