#!/usr/bin/env python3
"""Latency of the interactive finder, measured as a person at a keyboard sees it, with fzf
beside it over the same titles.

Runs `movie-search interactive --offline` (and `fzf` over the built-in catalog's titles, one
per line, "Title (Year)") on a pseudo-terminal and measures, with this process's monotonic
clock:
  - keystroke to echo: a key written to the terminal until the prompt shows it;
  - results after the last key: "godfather" typed at 60 ms a key, from the last key until
    the screen shows the final count for it (movie-search: "N films"; fzf: "N/58788");
  - a 10,000-character bracketed paste: until the prompt shows it, and until the screen has
    settled on its results.

fzf is a yardstick (apt-get install fzf), never a dependency. The titles file is made with
`search-eval --titles` (build Benchmarks first) unless given.

usage: Benchmarks/scripts/finder-latency.py [path/to/movie-search] [runs] [titles.txt]
"""
import fcntl, json, os, pty, select, shutil, statistics, struct, subprocess, sys, tempfile, termios, time

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/release/movie-search"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
TITLES = sys.argv[3] if len(sys.argv) > 3 else None
QUERY = b"godfather"


class Screen:
    def __init__(self, argv, stdin=None):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.environ["COLUMNS"], os.environ["LINES"] = "100", "30"
            if stdin:
                os.dup2(os.open(stdin, os.O_RDONLY), 0)
            os.execvp(argv[0], argv)
        # 100 columns, 30 rows, for both programs.
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.out = b""

    def read_until(self, needle, limit=10.0):
        deadline = time.monotonic() + limit
        while needle not in self.out:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"never saw {needle!r} in {self.out[-300:]!r}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                self.out += os.read(self.fd, 1 << 16)
        return time.monotonic()

    def type(self, data):
        self.out = b""
        os.write(self.fd, data)
        return time.monotonic()

    def close(self):
        os.write(self.fd, b"\x03")
        os.waitpid(self.pid, 0)


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def measure(start, ready, done, paste_done, empty):
    """Runs the four measures `RUNS` times; `start()` makes a Screen, `ready` is what it shows
    when it waits for a key, `done` what it shows once the query's results are final,
    `paste_done` once a pasted text's results are (None: the paste is not measured), `empty`
    once the field is cleared."""
    echo, results, paste_echo, paste_settle = [], [], [], []
    for _ in range(RUNS):
        screen = start()
        screen.read_until(ready)
        text = b""
        for char in QUERY:
            text += bytes([char])
            began = screen.type(bytes([char]))
            echo.append(screen.read_until(text) - began)
        screen.read_until(done)
        screen.type(b"\x15")  # Ctrl-U
        screen.read_until(empty)
        for index, char in enumerate(QUERY):
            if index > 0:
                time.sleep(0.06)
            began = screen.type(bytes([char]))
        results.append(screen.read_until(done) - began)
        if paste_done is None:
            screen.close()
            continue
        screen.type(b"\x15")
        screen.read_until(empty)
        pasted = b"star wars " * 1000
        began = screen.type(b"\x1b[200~" + pasted + b"\x1b[201~")
        paste_echo.append(screen.read_until(b"star wars star wars") - began)
        paste_settle.append(screen.read_until(paste_done) - began)
        screen.close()
    return echo, results, paste_echo, paste_settle


def report(name, values):
    echo, results, paste_echo, paste_settle = values
    print(f"{name}:")
    print(f"  keystroke to echo:           median {ms(statistics.median(echo))}, max {ms(max(echo))} ({len(echo)} keys)")
    print(f"  final list after last key:   median {ms(statistics.median(results))}")
    if paste_echo:
        print(f"  10,000-char paste, echo:     median {ms(statistics.median(paste_echo))}")
        print(f"  10,000-char paste, settled:  median {ms(statistics.median(paste_settle))}")


def main():
    def status(text):
        """The status line once `text`'s results are shown: "9 films", or "40/254 films"."""
        page = json.loads(subprocess.run([BINARY, text, "--json"], capture_output=True).stdout)
        total = page["total_results"]
        return (f"{total} films" if total <= 20 else f"/{total:,} films").encode()

    report(f"movie-search ({BINARY}, no debounce offline)", measure(
        lambda: Screen([BINARY, "interactive", "--offline"]), b"Popular films",
        status(QUERY.decode()), status("star wars " * 1000), b"Popular films"))
    if not shutil.which("fzf"):
        print("fzf: not installed (apt-get install fzf)")
        return
    titles = TITLES
    if titles is None:
        directory = tempfile.mkdtemp()
        table = os.path.join(directory, "titles.tsv")
        subprocess.run(["Benchmarks/.build/release/search-eval", "--titles", table], check=True)
        titles = os.path.join(directory, "titles.txt")
        with open(table) as source, open(titles, "w") as lines:
            next(source)
            for row in source:
                _, title, year, _ = row.rstrip("\n").split("\t")
                lines.write(f"{title} ({year})\n" if year != "0" else f"{title}\n")
    count = sum(1 for _ in open(titles))
    matched = len(subprocess.run(["fzf", "--filter", QUERY.decode()], stdin=open(titles),
                                 capture_output=True).stdout.splitlines())
    # Not the paste: fzf takes minutes over a query of 2,000 words.
    report(f"fzf {subprocess.run(['fzf', '--version'], capture_output=True, text=True).stdout.split()[0]}", measure(
        lambda: Screen(["fzf"], stdin=titles), f"{count}/{count}".encode(),
        f"{matched}/{count}".encode(), None, f"{count}/{count}".encode()))


main()
