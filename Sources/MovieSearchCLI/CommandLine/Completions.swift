import Foundation
import MovieSearch
import MovieSearchBuiltInCatalog

/// Shell completion scripts generated from the commands' declarations, as
/// swift-argument-parser does: `movie-search --generate-completion-script bash|zsh|fish`.
enum Completions {
  static func script(for shell: String) -> String? {
    switch shell {
    case "bash": bash()
    case "zsh": zsh()
    case "fish": fish()
    default: nil
    }
  }

  /// What completion needs of a command.
  struct Entry {
    let name: String
    let summary: String
    let flags: [String]
    let valueOptions: [String]
    let declarations: [any OptionDeclaration]
    /// Whether its arguments are files (build-catalog).
    let takesFiles: Bool
  }

  static var entries: [Entry] {
    Commands.all.map { command in
      let declarations = command.declarations
      return Entry(
        name: command.name, summary: command.summary,
        flags: declarations.filter { $0.valueName == nil }.map { "--" + $0.name },
        valueOptions: declarations.filter { $0.valueName != nil }.map { "--" + $0.name },
        declarations: declarations, takesFiles: command.completesFiles)
    }
  }

  static let common = ["--help", "--version"]

  /// Options whose value is a file name (their value name is "file"): completed as files.
  static var fileOptions: [String] {
    Set(
      entries.flatMap { $0.declarations.filter { $0.valueName == "file" }.map { "--" + $0.name } }
    )
    .sorted()
  }

  static let shells = ["bash", "zsh", "fish"]

  /// The values an option's completion offers: `--genre` the genres of the catalog in effect
  /// when the script is made (MOVIE_SEARCH_CATALOG's, else the built-in one's) and IMDb's,
  /// `--sort` its keys, `--certification` the certifications. Names are offered lower-cased, and only when they are plain words
  /// (``isPlainWord(_:)``; Science Fiction as Sci-Fi, which `--genre` takes): a catalog is
  /// outside text, and each shell expands the lists a script gives it — a genre named
  /// `$(…)` must never become a command.
  static func values(of option: String) -> [String] {
    switch option {
    case "genre":
      let path = ProcessInfo.processInfo.environment["MOVIE_SEARCH_CATALOG"] ?? ""
      let catalog =
        (path.isEmpty ? nil : try? OfflineCatalog(contentsOf: path))
        ?? (try? OfflineCatalog.builtIn())
      var names: [String] = []
      for name in (catalog?.genreNames ?? []) + imdbGenres {
        let shown = name.caseInsensitiveCompare("Science Fiction") == .orderedSame ? "Sci-Fi" : name
        guard isPlainWord(shown),
          !names.contains(where: { $0.lowercased() == shown.lowercased() })
        else { continue }
        names.append(shown)
      }
      // Lower-cased: what people type (`--genre` takes any case).
      return names.map { $0.lowercased() }.sorted()
    case "certification":
      return MovieFilter.certifications
    case "layout":
      return FinderLook.Layout.allCases.map(\.rawValue)
    case "sort":
      return MovieFilter.Sort.Key.allCases.flatMap {
        [$0.rawValue, $0.rawValue + ":asc", $0.rawValue + ":desc"]
      }
    default:
      return []
    }
  }

  /// Whether `word` may stand in a completion script as it is, in any of the three shells:
  /// letters and digits (of any script) and inner hyphens only, at most ``longestWord``
  /// characters — nothing a shell splits, quotes, expands or substitutes.
  static func isPlainWord(_ word: String) -> Bool {
    guard !word.isEmpty, word.count <= longestWord, !word.hasPrefix("-") else { return false }
    return word.unicodeScalars.allSatisfy {
      $0 == "-" || ($0.properties.isAlphabetic || $0.properties.numericType == .decimal)
    }
  }

  /// The longest word a script offers (genre names are a word or two).
  static let longestWord = 40

  /// IMDb's genres, which a catalog built from its files may have.
  static let imdbGenres = [
    "Action", "Adult", "Adventure", "Animation", "Biography", "Comedy", "Crime", "Documentary",
    "Drama", "Family", "Fantasy", "Film-Noir", "History", "Horror", "Music", "Musical",
    "Mystery", "Romance", "Sci-Fi", "Short", "Sport", "Thriller", "War", "Western",
  ]

  /// The options that offer values, each once.
  static var optionsWithValues: [String] {
    Set(entries.flatMap { $0.declarations.map(\.name) }).filter { !values(of: $0).isEmpty }
      .sorted()
  }

  static func bash() -> String {
    let names = entries.map(\.name) + ["help"]
    let valueOptions = Set(entries.flatMap(\.valueOptions)).subtracting(fileOptions).sorted()
    let valueCases = optionsWithValues.map {
      "      --\($0)) COMPREPLY=($(compgen -W \"\(values(of: $0).joined(separator: " "))\" -- \"$cur\")); return ;;\n"
    }.joined()
    var cases = ""
    for entry in entries {
      let words = (entry.flags + entry.valueOptions + common).joined(separator: " ")
      cases += "    \(entry.name)) options=\"\(words)\"; files=\(entry.takesFiles ? 1 : 0) ;;\n"
    }
    return """
      # bash completion for movie-search (movie-search --generate-completion-script bash)
      _movie_search() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
        local command=\(Commands.defaultCommand.name) named=0 i
        for ((i = 1; i < COMP_CWORD; i++)); do
          case "${COMP_WORDS[i]}" in
            \(names.joined(separator: "|"))) command="${COMP_WORDS[i]}"; named=1; break ;;
          esac
        done
        case "$prev" in
      \(valueCases)    \(fileOptions.joined(separator: "|"))) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return ;;
          \(valueOptions.joined(separator: "|"))) COMPREPLY=(); return ;;
          --generate-completion-script) COMPREPLY=($(compgen -W "\(shells.joined(separator: " "))" -- "$cur")); return ;;
        esac
        if [[ $COMP_CWORD == 1 && "$cur" == --g* ]]; then
          COMPREPLY=($(compgen -W "--generate-completion-script" -- "$cur"))
          return
        fi
        local options files=0
        case "$command" in
      \(cases)    help) options=""; COMPREPLY=($(compgen -W "\(entries.map(\.name).joined(separator: " "))" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
          COMPREPLY=($(compgen -W "$options" -- "$cur"))
        elif [[ $named == 0 ]]; then
          COMPREPLY=($(compgen -W "\(names.joined(separator: " "))" -- "$cur"))
        elif [[ $files == 1 ]]; then
          compopt -o filenames 2>/dev/null
          COMPREPLY=($(compgen -f -- "$cur"))
        else
          COMPREPLY=()
        fi
      }
      complete -F _movie_search movie-search

      """
  }

  static func zsh() -> String {
    func specs(_ entry: Entry) -> String {
      entry.declarations.map { declaration in
        let help = declaration.help.replacingOccurrences(of: "'", with: "'\\''")
          .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
        let offered = values(of: declaration.name)
        let value =
          declaration.valueName.map {
            $0 == "file"
              ? ":file:_files"
              : offered.isEmpty ? ":\($0):" : ":\($0):(\(offered.joined(separator: " ")))"
          } ?? ""
        return "      '--\(declaration.name)[\(help)]\(value)'"
      }.joined(separator: " \\\n")
    }
    var cases = ""
    for entry in entries {
      let files = entry.takesFiles ? " \\\n      '*:file:_files'" : ""
      cases += "    \(entry.name))\n      _arguments \\\n\(specs(entry))\(files)\n      ;;\n"
    }
    let commands = entries.map {
      "'\($0.name):\($0.summary.replacingOccurrences(of: "'", with: "'\\''"))'"
    }
    .joined(separator: " ")
    return """
      #compdef movie-search
      # zsh completion for movie-search (movie-search --generate-completion-script zsh)
      _movie_search() {
        local -a commands
        commands=(\(commands) 'help:Show help for a subcommand.')
        if (( CURRENT == 2 )) && [[ ${words[2]} != -* ]]; then
          _describe 'subcommand' commands
          return
        fi
        if [[ ${words[2]} == --generate-completion-script ]]; then
          (( CURRENT == 3 )) && _values 'shell' \(shells.joined(separator: " "))
          return
        fi
        if (( CURRENT == 2 )) && [[ ${words[2]} == --g* ]]; then
          compadd -- --generate-completion-script
        fi
        local command=\(Commands.defaultCommand.name)
        (( ${commands[(I)${words[2]}:*]} )) && command=${words[2]}
        case $command in
      \(cases)  esac
      }
      _movie_search "$@"

      """
  }

  static func fish() -> String {
    let names = entries.map(\.name) + ["help"]
    var lines = [
      "# fish completion for movie-search (movie-search --generate-completion-script fish)",
      "complete -c movie-search -f",
    ]
    for entry in entries {
      let summary = fishQuoted(entry.summary)
      lines.append(
        "complete -c movie-search -n '__fish_use_subcommand' -a \(entry.name) -d '\(summary)'")
    }
    lines.append(
      "complete -c movie-search -n '__fish_use_subcommand' -a help -d 'Show help for a subcommand.'"
    )
    lines.append(
      "complete -c movie-search -n '__fish_use_subcommand' -l generate-completion-script -x -a '\(shells.joined(separator: " "))' -d 'Print a completion script for a shell.'"
    )
    for entry in entries {
      let condition =
        entry.name == Commands.defaultCommand.name
        ? "not __fish_seen_subcommand_from \(names.filter { $0 != entry.name }.joined(separator: " "))"
        : "__fish_seen_subcommand_from \(entry.name)"
      for declaration in entry.declarations {
        let help = fishQuoted(declaration.help)
        let offered = values(of: declaration.name)
        let value =
          declaration.valueName == nil
          ? ""
          : declaration.valueName == "file"
            ? " -r -F"
            : offered.isEmpty ? " -r" : " -x -a '\(offered.joined(separator: " "))'"
        lines.append(
          "complete -c movie-search -n '\(condition)' -l \(declaration.name)\(value) -d '\(help)'")
      }
      if entry.takesFiles {
        lines.append("complete -c movie-search -n '__fish_seen_subcommand_from \(entry.name)' -F")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` for inside fish's single quotes, where only `\\` and `\'` are escapes.
  static func fishQuoted(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
  }
}
