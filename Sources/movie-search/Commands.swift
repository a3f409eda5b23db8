/// The commands of `movie-search` and their help.
enum Commands {
  static let version = "0.1.0"

  static let search = CommandSpec(
    name: "search",
    abstract: "Search films by title: the built-in catalog, or TMDb with a key.",
    usage:
      "movie-search [search] <query> ... [--json | --ndjson] [--page <n>] [--limit <n>] [--year <yyyy>]",
    arguments: [("<query>", "Words of the title; 'the matrix' finds \"Matrix, The\".")],
    options: [
      .flag("json", "Print the page of results as one JSON document."),
      .flag("ndjson", "Print one JSON object per film, one per line."),
      .value("page", "n", "The page of results, 1-500 (20 films a page)."),
      .value("limit", "n", "Print at most this many films, 1-20."),
      .value("year", "yyyy", "Only films released that year."),
    ],
    discussion: """
      On a terminal the results are an aligned table; piped, they are tab-separated lines:
      rank, title, year, rating, votes, id. With no arguments on a terminal, movie-search
      starts the interactive search (see 'movie-search interactive --help').

      SUBCOMMANDS:
        search        Search films (the default).
        details       Show everything about one film.
        stream        Drive the search view model from standard input, states out as NDJSON.
        interactive   Search as you type, in the terminal.
      """)

  static let details = CommandSpec(
    name: "details",
    abstract: "Show everything about one film: title, year, runtime, genres, rating, overview.",
    usage: "movie-search details <id> [--json]",
    arguments: [("<id>", "The film's id, as search results list it.")],
    options: [.flag("json", "Print the details as one JSON document.")],
    discussion: nil)

  static let stream = CommandSpec(
    name: "stream",
    abstract: "Drive the search view model from standard input; print every state as NDJSON.",
    usage: "movie-search stream [--virtual-time] [--debounce <ms>]",
    arguments: [],
    options: [
      .flag("virtual-time", "Run on a virtual clock honouring \"at\" stamps: instant, repeatable."),
      .value("debounce", "ms", "How long the text must rest before it is searched (default 300)."),
    ],
    discussion: """
      INPUT, one event per line: a plain line is the full text of the search field after an
      edit; a line starting with '{' is a JSON object: {"search":"mat"}, {"select":603} or
      {"appear":true}, each optionally with "at": milliseconds since the start. A line
      without "at" happens when it is read (or, with --virtual-time, right after the previous
      event). A bad line is reported on stderr with its number; the stream goes on.

      OUTPUT, one JSON object per line: {"at":ms,"state":"idle"|"loading"|"success"|
      "noResults"|"failure", ...} and, for selections, {"at":ms,"details":"loading"|"success"|
      "failure","id":id, ...}. See the README for every field.
      """)

  static let interactive = CommandSpec(
    name: "interactive",
    abstract: "Search as you type: results update under the prompt; Enter shows details.",
    usage: "movie-search interactive [--debounce <ms>]",
    arguments: [],
    options: [
      .value("debounce", "ms", "How long the text must rest before it is searched (default 300).")
    ],
    discussion: """
      KEYS: type to search; Up/Down choose a film; Enter shows its details; Esc goes back,
      and leaves from the list; Ctrl-C leaves at once. Needs a terminal.
      """)

  /// Converts the catalog CSV into the file the binary embeds (scripts/build-catalog.sh).
  static let buildCatalog = CommandSpec(
    name: "build-catalog",
    abstract: "Convert ggplot2movies' movies.csv into the embedded catalog file.",
    usage: "movie-search build-catalog <movies.csv> <catalog.bin>",
    arguments: [("<movies.csv>", "The source data."), ("<catalog.bin>", "The file to write.")],
    options: [],
    discussion: nil)

  static let subcommands = [search, details, stream, interactive, buildCatalog]
}
