import MovieSearchCLI

// Everything is in MovieSearchCLI: the command line runs on the real terminal, and the
// process ends with its status (see MovieSearchApp).
MovieSearchApp.exit(await MovieSearchApp.run(CommandLine.arguments))
