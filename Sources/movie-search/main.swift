print("movie-search: coming soon")
