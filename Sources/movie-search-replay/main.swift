import MovieSearchCLI
import MovieSearchReplay

// movie-search, with virtual time: `stream --virtual-time` is played here (see MovieSearchReplay).
MovieSearchApp.exit(await MovieSearchReplayApp.run(CommandLine.arguments))
