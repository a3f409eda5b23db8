/// Which of IMDb's other titles (`title.akas`) a catalog keeps, by language: a title is kept
/// when its `language` is one of them, or when it is a title in a region where one of them is
/// the language people read (`region`, ISO 3166 — IMDb leaves most titles' language empty and
/// gives their region). A catalog built without a choice keeps English titles
/// (``english``).
public struct TitleLanguages: Sendable, Hashable {
  /// The languages, as ISO 639-1 codes (`en`, `es`, …).
  public let codes: Set<String>
  /// The regions whose titles are kept.
  public let regions: Set<String>

  /// English alone: titles in English, or of the United States, the United Kingdom, Canada,
  /// Australia, New Zealand, Ireland, and IMDb's worldwide English titles (`XWW`).
  public static let english = TitleLanguages(["en"])!

  /// Titles in these languages (two or three lowercase letters each, ISO 639); `nil` when
  /// a code is not such.
  public init?(_ codes: some Sequence<String>) {
    let codes = Set(codes.map { $0.lowercased() })
    guard !codes.isEmpty,
      codes.allSatisfy({
        (2...3).contains($0.count) && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isLetter)
      })
    else { return nil }
    self.codes = codes
    regions = codes.reduce(into: []) { $0.formUnion(Self.regionsByLanguage[$1] ?? []) }
  }

  /// English and the language of a POSIX locale name (`es_ES.UTF-8`, `de`); English alone
  /// for `C`, `POSIX`, none or one that names no language.
  public static func english(andLocale locale: String?) -> TitleLanguages {
    let language = locale.map { String($0.prefix { $0.isLetter }).lowercased() } ?? ""
    guard language != "c", language != "posix", let both = TitleLanguages(["en", language])
    else { return english }
    return both
  }

  /// Whether a title of IMDb's `language` and `region` (either may be missing) is kept.
  func keeps(language: String?, region: String?) -> Bool {
    if let language, codes.contains(language) { return true }
    return region.map(regions.contains) == true
  }

  /// The regions where each language is the one most titles are given in (a country of
  /// several — Canada, Switzerland, Belgium — is under each of its main languages), and
  /// IMDb's worldwide English title (`XWW`). Languages not here are kept by their code only.
  static let regionsByLanguage: [String: Set<String>] = [
    "en": ["US", "GB", "CA", "AU", "NZ", "IE", "XWW"],
    "es": ["ES", "MX", "AR", "CO", "CL", "PE", "VE", "UY", "EC", "BO", "PY", "CR", "CU", "DO"],
    "fr": ["FR", "BE", "CH", "CA", "LU"],
    "de": ["DE", "AT", "CH"],
    "it": ["IT", "CH"],
    "pt": ["PT", "BR"],
    "nl": ["NL", "BE"],
    "sv": ["SE"], "da": ["DK"], "no": ["NO"], "nb": ["NO"], "fi": ["FI"], "is": ["IS"],
    "pl": ["PL"], "cs": ["CZ"], "sk": ["SK"], "hu": ["HU"], "ro": ["RO"], "bg": ["BG"],
    "hr": ["HR"], "sr": ["RS"], "sl": ["SI"], "el": ["GR"], "tr": ["TR"], "ru": ["RU"],
    "uk": ["UA"], "et": ["EE"], "lv": ["LV"], "lt": ["LT"],
    "ja": ["JP"], "ko": ["KR"], "zh": ["CN", "TW", "HK"], "hi": ["IN"], "th": ["TH"],
    "vi": ["VN"], "id": ["ID"], "he": ["IL"], "ar": ["EG", "SA", "AE", "MA"], "fa": ["IR"],
  ]
}
