import Foundation

/// The readers of outside bytes, each as a fuzz harness: a function of arbitrary bytes that
/// must return — never crash, never hang — whatever the bytes are. `movie-search-fuzz` runs
/// one under libFuzzer (`scripts/fuzz.sh`); `FuzzRegressionTests` replays every committed
/// input (`Tests/Fuzz/Corpus/<harness>/`) through them.
public enum Harness: String, CaseIterable, Sendable {
  /// A catalog file: opened, searched, listed, filtered, its films' details and people read.
  case catalog
  /// IMDb's six dataset files (the input split at each ``IMDbFiles/separator``), built into a
  /// catalog that is then searched.
  case imdb
  /// A CSV of films or a TMDb export, built into a catalog that is then searched.
  case csv
  /// `stream`'s input lines, each parsed as an event.
  case streamLines = "stream-lines"
  /// The bytes a terminal sends, parsed into keys in reads of varying size.
  case keys
  /// A TMDb server's answers: the bytes as the body of every response, through each call of
  /// the client.
  case tmdbJSON = "tmdb-json"
  /// What a `--preview` command prints, cleaned and wrapped for the pane.
  case previewOutput = "preview-output"

  /// Runs the harness on `bytes`.
  public func run(_ bytes: [UInt8]) {
    switch self {
    case .catalog: CatalogHarness.run(bytes)
    case .imdb: IMDbFiles.run(bytes)
    case .csv: CatalogHarness.runSource(bytes)
    case .streamLines: TextHarnesses.streamLines(bytes)
    case .keys: TextHarnesses.keys(bytes)
    case .tmdbJSON: TMDbHarness.run(bytes)
    case .previewOutput: TextHarnesses.previewOutput(bytes)
    }
  }
}
