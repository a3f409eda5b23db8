#!/usr/bin/env python3
"""Latency of the interactive finder, measured as a person at a keyboard sees it.

Runs `movie-search interactive --offline` on a pseudo-terminal and measures, with the
monotonic clock of this process:
  - keystroke to echo: a key written to the terminal until the prompt shows it;
  - results after the last key: the last key of a typed query until its first result is on
    screen (the 300 ms debounce included);
  - a 10,000-character bracketed paste: until the prompt shows it, and until the screen has
    settled on its results (the debounce included).

usage: Benchmarks/scripts/finder-latency.py [path/to/movie-search] [runs]
"""
import os, pty, select, statistics, sys, time

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/release/movie-search"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 5


class Screen:
    def __init__(self):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.execv(BINARY, [BINARY, "interactive", "--offline"])
        self.out = b""

    def read_until(self, needle, limit=10.0):
        deadline = time.monotonic() + limit
        while needle not in self.out:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"never saw {needle!r}")
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


echo, results, paste_echo, paste_settle = [], [], [], []
for _ in range(RUNS):
    screen = Screen()
    screen.read_until(b"Popular films")
    text = b""
    for char in b"godfather":
        text += bytes([char])
        start = screen.type(bytes([char]))
        echo.append(screen.read_until(b"Search: " + text) - start)
    screen.read_until(b"9 films")  # the results for "godfather"
    # Typed again at 60 ms a key: from the last key until its results are the answer shown
    # (the status says how many for the text on screen only).
    screen.type(b"\x15")  # Ctrl-U
    screen.read_until(b"Popular films")
    for char in b"godfather":
        start = screen.type(bytes([char]))
        time.sleep(0.06)
    results.append(screen.read_until(b"9 films") - start)
    screen.type(b"\x15")
    screen.read_until(b"Popular films")
    pasted = b"star wars " * 1000
    start = screen.type(b"\x1b[200~" + pasted + b"\x1b[201~")
    paste_echo.append(screen.read_until(b"Search: \xe2\x80\xa6star wars") - start)
    paste_settle.append(screen.read_until("No films match".encode()) - start)
    screen.close()

print(f"runs: {RUNS}, binary: {BINARY}")
print(f"keystroke to echo:        median {ms(statistics.median(echo))}, max {ms(max(echo))} ({len(echo)} keys)")
print(f"results after last key:   median {ms(statistics.median(results))} (300 ms debounce included)")
print(f"10,000-char paste, echo:  median {ms(statistics.median(paste_echo))}")
print(f"10,000-char paste, settled: median {ms(statistics.median(paste_settle))} (300 ms debounce included)")
