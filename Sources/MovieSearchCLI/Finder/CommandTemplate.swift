/// A shell command written for a film, with fzf's placeholders — `--preview CMD` and a key's
/// `execute(CMD)` alike: `{}` is the film's id as the finder prints it (digits, perhaps after
/// `catalog:` or `tmdb:` — nothing a shell reads specially), `{+}` the ids of the films marked
/// with Tab, in the order marked (the film's alone when none is), `{q}` the search field's
/// text, cleaned for the terminal and single-quoted for the shell.
struct CommandTemplate: Sendable, Equatable {
  /// The command as given.
  let text: String

  /// The command line for the film `id`, with `marked` marked and `query` in the field.
  func line(id: String, marked: [String], query: String) -> String {
    var command = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "{") {
      command += rest[..<open]
      rest = rest[open...]
      if rest.hasPrefix("{}") {
        command += id
        rest = rest.dropFirst(2)
      } else if rest.hasPrefix("{+}") {
        command += marked.isEmpty ? id : marked.joined(separator: " ")
        rest = rest.dropFirst(3)
      } else if rest.hasPrefix("{q}") {
        command += Self.quoted(query.printable)
        rest = rest.dropFirst(3)
      } else {
        command += "{"
        rest = rest.dropFirst()
      }
    }
    return command + rest
  }

  /// `text` in single quotes, for `/bin/sh`: nothing in it is read as the shell's.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
