/// Words of film titles and their synonyms, as `data/synonyms.tsv` lists them (each pair
/// shares a WordNet 3.0 synset; the file gives which). A query word that is a title word's
/// synonym matches it at ``Ranking/synonym``, in a pass of its own (``SearchPass/synonyms``).
/// `SynonymsTests` checks that this table and the file agree.
enum Synonyms {
  /// The pairs, as the file lists them.
  static let pairs: [(String, String)] = [
    ("big", "large"), ("little", "small"), ("house", "home"), ("woods", "forest"),
    ("wood", "forest"), ("deadly", "lethal"), ("film", "movie"), ("story", "tale"),
    ("heaven", "paradise"), ("eden", "paradise"), ("crazy", "mad"), ("mad", "insane"),
    ("child", "kid"), ("fury", "rage"), ("devil", "satan"), ("demon", "devil"),
    ("devil", "lucifer"), ("lucifer", "satan"), ("fear", "fright"), ("cry", "scream"),
    ("scream", "shriek"), ("cry", "shout"), ("cry", "weep"), ("battle", "fight"),
    ("battle", "combat"), ("combat", "fight"), ("red", "scarlet"), ("crimson", "scarlet"),
    ("crimson", "red"), ("holiday", "vacation"), ("shop", "store"), ("rock", "stone"),
    ("destiny", "fate"), ("doom", "fate"), ("ocean", "sea"), ("fortune", "luck"),
    ("chance", "luck"), ("chase", "pursuit"), ("pursuit", "quest"), ("universe", "world"),
    ("cosmos", "universe"), ("captive", "prisoner"), ("bare", "naked"), ("naked", "nude"),
    ("serpent", "snake"), ("triumph", "victory"), ("massacre", "slaughter"),
    ("carnage", "massacre"), ("picture", "image"), ("speak", "talk"), ("cab", "taxi"),
    ("subway", "underground"), ("grave", "tomb"), ("buddy", "pal"), ("sorcerer", "wizard"),
    ("magician", "wizard"), ("magician", "sorcerer"), ("autumn", "fall"), ("speed", "velocity"),
    ("couple", "pair"), ("duo", "pair"), ("brave", "courageous"), ("brave", "fearless"),
    ("certain", "sure"), ("savage", "vicious"), ("cruel", "vicious"), ("brutal", "cruel"),
    ("brutal", "savage"), ("sinful", "wicked"), ("untamed", "wild"), ("fresh", "new"),
    ("diary", "journal"), ("chronicle", "history"), ("victor", "winner"), ("rescue", "deliverance"),
    ("revolt", "uprising"), ("rebellion", "revolt"), ("rebellion", "uprising"),
    ("payback", "vengeance"), ("jump", "leap"), ("bloom", "flower"), ("blossom", "flower"),
    ("bloom", "blossom"), ("sleep", "slumber"), ("dawn", "sunrise"), ("dawn", "daybreak"),
    ("daybreak", "sunrise"), ("need", "want"), ("desire", "want"), ("rebel", "renegade"),
    ("menace", "threat"), ("jeopardy", "peril"), ("peril", "danger"), ("danger", "risk"),
    ("frightened", "scared"), ("awful", "terrible"), ("enigma", "mystery"), ("enigma", "riddle"),
    ("ghost", "spook"), ("ghost", "spectre"), ("phantom", "spectre"), ("error", "mistake"),
    ("fault", "mistake"), ("redemption", "salvation"), ("airplane", "plane"), ("bicycle", "bike"),
    ("couch", "sofa"), ("fiddle", "violin"), ("drama", "play"), ("calamity", "disaster"),
    ("catastrophe", "disaster"), ("catastrophe", "calamity"), ("vortex", "whirlpool"),
    ("city", "metropolis"), ("dear", "darling"), ("beloved", "darling"), ("criminal", "crook"),
    ("crook", "outlaw"), ("criminal", "outlaw"), ("killer", "slayer"), ("madman", "maniac"),
    ("buccaneer", "pirate"), ("bet", "wager"), ("stakes", "wager"), ("gangster", "mobster"),
    ("fake", "impostor"), ("fake", "phony"), ("maid", "maiden"), ("courier", "messenger"),
    ("scoundrel", "villain"), ("rogue", "rascal"), ("tornado", "twister"), ("loot", "plunder"),
    ("booty", "loot"), ("kingdom", "realm"), ("dusk", "twilight"), ("dusk", "nightfall"),
    ("guardian", "protector"), ("astronaut", "spaceman"), ("grandma", "granny"), ("pup", "puppy"),
    ("cemetery", "graveyard"), ("basement", "cellar"), ("labyrinth", "maze"), ("bedlam", "chaos"),
    ("chaos", "pandemonium"), ("storm", "tempest"), ("beginning", "start"), ("perfume", "scent"),
    ("odor", "smell"), ("idea", "thought"), ("deceit", "deception"), ("melody", "tune"),
    ("grin", "smile"), ("demolition", "destruction"), ("harm", "damage"), ("biscuit", "cookie"),
    ("brotherhood", "fraternity"), ("battlefield", "battleground"), ("bigfoot", "sasquatch"),
    ("dealer", "trader"), ("drifter", "vagabond"), ("bum", "tramp"), ("hobo", "tramp"),
    ("ecstasy", "rapture"), ("marriage", "matrimony"), ("frenzy", "fury"), ("craze", "frenzy"),
    ("destroy", "ruin"), ("hurry", "rush"), ("incredible", "unbelievable"), ("absent", "missing"),
    ("eternal", "everlasting"), ("eternal", "perpetual"), ("forbidden", "taboo"),
    ("completely", "totally"), ("car", "auto"), ("automobile", "car"), ("road", "route"),
    ("dog", "hound"), ("gift", "present"), ("gift", "talent"), ("lady", "madam"), ("enemy", "foe"),
    ("hero", "champion"), ("doctor", "physician"), ("teacher", "instructor"), ("kid", "youngster"),
    ("secret", "hidden"), ("quiet", "still"), ("calm", "quiet"), ("dark", "gloomy"),
    ("darkness", "shadow"), ("shade", "shadow"), ("bright", "brilliant"), ("happy", "glad"),
    ("funny", "comic"), ("comic", "comical"), ("wild", "savage"), ("fast", "quick"),
    ("slow", "sluggish"), ("mighty", "powerful"), ("endless", "eternal"), ("last", "final"),
    ("alone", "lonely"), ("lonely", "lonesome"), ("hidden", "concealed"), ("broken", "busted"),
    ("false", "untrue"), ("fight", "struggle"), ("war", "warfare"), ("escape", "flight"),
    ("return", "comeback"), ("end", "finish"), ("finish", "conclusion"), ("death", "demise"),
    ("crime", "offense"), ("pistol", "handgun"), ("sword", "blade"), ("valley", "vale"),
    ("village", "hamlet"), ("palace", "castle"), ("fire", "flame"),
    ("ice", "frost"), ("trick", "prank"), ("joke", "gag"), ("power", "might"),
    ("force", "strength"), ("shame", "disgrace"), ("beast", "brute"), ("creature", "beast"),
    ("animal", "beast"),
  ]

  /// Each word's synonyms, both ways, as the bytes the search compares.
  static let table: [[UInt8]: [[UInt8]]] = {
    var table: [[UInt8]: [[UInt8]]] = [:]
    for (word, synonym) in pairs {
      table[Array(word.utf8), default: []].append(Array(synonym.utf8))
      table[Array(synonym.utf8), default: []].append(Array(word.utf8))
    }
    return table
  }()

  /// The synonyms of `word` (lower case), none when it has none.
  static func of(_ word: [UInt8]) -> [[UInt8]] {
    table[word] ?? []
  }
}
