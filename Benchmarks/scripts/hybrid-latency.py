#!/usr/bin/env python3
"""The finder with a catalog and TMDb together, as a person at a keyboard sees it: a
loopback TMDb that answers every search in 200 ms, the finder on a pseudo-terminal, and fzf
beside it over the catalog's titles for the first list.

"godfather 2" is typed at 60 ms a key; from the last key (this process's monotonic clock):
  - until the catalog's list for it is drawn ("N films · … asking TMDb…");
  - until TMDb's films are merged in (the row of the film only TMDb knows, marked "TMDb");
  - fzf over the same titles: until its count for the query is drawn.
Goals (issue 49): first list ≤ 5 ms; merged ≤ debounce (300 ms) + 200 ms + 10 ms.

The catalog is the built-in one's source built into a file (build-catalog; --catalog is what
makes the finder search both). fzf is a yardstick (apt-get install fzf), never a dependency.

With --built-in the finder is given no catalog: the key alone, the built-in catalog beside
TMDb (the default since the 2026-11-28 stop; the same films).

usage: Benchmarks/scripts/hybrid-latency.py [path/to/movie-search] [runs] [--built-in]
"""
import gzip, http.server, json, os, shutil, statistics, subprocess, sys, tempfile, threading, time



BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/release/movie-search"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
BUILT_IN = "--built-in" in sys.argv[3:]
QUERY = b"godfather 2"  # its last key changes the count: a tick redrawing the last list cannot pass for it
TMDB_LATENCY = 0.2

PAGE = json.dumps({"page": 1, "total_pages": 1, "total_results": 2, "results": [
    {"id": 238, "title": "The Godfather", "release_date": "1972-03-14", "vote_average": 8.7,
     "vote_count": 20000},
    {"id": 9999001, "title": "The Godfather Part IV", "release_date": "2030-01-01",
     "vote_average": 0, "vote_count": 0}]}).encode()


class SlowTMDb(http.server.BaseHTTPRequestHandler):
    """Every search after TMDB_LATENCY; the genre list at once."""
    def do_GET(self):
        if "/search/movie" in self.path:
            time.sleep(TMDB_LATENCY)
            body = PAGE
        else:
            body = b'{"genres":[]}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def screen_class():
    # The pseudo-terminal driver of finder-latency.py, shared.
    source = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "finder-latency.py")).read()
    namespace = {}
    exec(source.split("def ms(")[0], namespace)
    return namespace["Screen"]


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def typed(screen):
    """Types QUERY at 60 ms a key; returns the time of the last key."""
    began = None
    for index, char in enumerate(QUERY):
        if index > 0:
            time.sleep(0.06)
        began = screen.type(bytes([char])) if index == len(QUERY) - 1 else os.write(screen.fd, bytes([char]))
    return began


def main():
    Screen = screen_class()
    directory = tempfile.mkdtemp()
    source = os.path.join(directory, "imdb-movies.csv")
    with gzip.open("data/imdb-movies.csv.gz") as packed, open(source, "wb") as plain:
        shutil.copyfileobj(packed, plain)
    catalog = os.path.join(directory, "films.bin")
    subprocess.run([BINARY, "build-catalog", source, catalog], check=True, capture_output=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), SlowTMDb)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/3"
    named = [] if BUILT_IN else ["--catalog", catalog]
    page = json.loads(subprocess.run(
        [BINARY, QUERY.decode()] + named + ["--offline", "--json"],
        capture_output=True).stdout)
    total = page["total_results"]
    counted = (f"{total} films" if total <= 20 else f"/{total:,} films").encode()
    first, merged = [], []
    for _ in range(RUNS):
        screen = Screen([BINARY, "interactive"] + named + ["--base-url", base, "--token", "tok-123"])
        screen.read_until(b"Type a title.")
        began = typed(screen)
        first.append(screen.read_until(counted + " \u00b7 ".encode()) - began)
        merged.append(screen.read_until(b"Part IV (2030)") - began)
        screen.close()
    which = "the built-in catalog" if BUILT_IN else "a catalog named"
    print(f"movie-search ({BINARY}), {which} and TMDb (answering in 200 ms, debounce 300 ms), {RUNS} runs:")
    print(f"  last key to the catalog's list: median {ms(statistics.median(first))}, max {ms(max(first))}  (goal ≤ 5 ms)")
    print(f"  last key to the merged list:    median {ms(statistics.median(merged))}, max {ms(max(merged))}  (goal ≤ 510 ms)")
    if not shutil.which("fzf"):
        print("fzf: not installed (apt-get install fzf)")
        return
    titles = os.path.join(directory, "titles.txt")
    with open(titles, "w") as lines:
        for line in subprocess.run([BINARY, "--catalog", catalog, "--offline", "discover", "--all", "--ndjson"],
                                   capture_output=True, text=True).stdout.splitlines():
            film = json.loads(line)
            year = film.get("release_date", "")[:4]
            lines.write(f"{film['title']} ({year})\n" if year else f"{film['title']}\n")
    count = sum(1 for _ in open(titles))
    matched = len(subprocess.run(["fzf", "--filter", QUERY.decode()], stdin=open(titles),
                                 capture_output=True).stdout.splitlines())
    theirs = []
    for _ in range(RUNS):
        screen = Screen(["fzf"], stdin=titles)
        screen.read_until(f"{count}/{count}".encode())
        began = typed(screen)
        theirs.append(screen.read_until(f"{matched}/{count}".encode()) - began)
        screen.close()
    print(f"fzf over the catalog's {count:,} titles:")
    print(f"  last key to its list:           median {ms(statistics.median(theirs))}, max {ms(max(theirs))}")


main()
