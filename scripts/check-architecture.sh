#!/usr/bin/env bash
# Checks that ARCHITECTURE.md is true of the code: its module table lists exactly the
# targets of Package.swift; every path it names exists; every type, function or property it
# names in `code` is declared in Sources/ or Tests/ (or is the standard library's); every
# command and program it names exists; and every Swift file of Sources/ and Tests/ is under
# 400 lines (a longer one is split where its parts are).
set -euo pipefail
cd "$(dirname "$0")/.."

targets=$(swift package dump-package 2>/dev/null | python3 -c 'import json,sys; print("\n".join(t["name"] for t in json.load(sys.stdin)["targets"]))')

TARGETS="$targets" python3 - <<'EOF'
import os, re, subprocess, sys

text = open("ARCHITECTURE.md").read()
targets = set(os.environ["TARGETS"].split())
# The benchmarks package's tools, by their folders.
benchmarks = set(os.listdir("Benchmarks/Sources")) if os.path.isdir("Benchmarks/Sources") else set()
problems = []

# The module table: the first column of the rows under "## Modules".
section = text.split("## Modules", 1)[1].split("\n## ", 1)[0]
listed = set(re.findall(r"^\| `([^`]+)` \|", section, re.M))
for name in sorted(targets - listed):
    problems.append(f"the module table lacks the target {name}")
for name in sorted(listed - targets):
    problems.append(f"the module table lists {name}, which Package.swift does not have")

# Everything declared in the sources, to look names up in.
declared_types, declared_members = set(), set()
commands = set()
for root in ["Sources", "Tests"]:
    for folder, _, files in os.walk(root):
        for file in files:
            if not file.endswith(".swift"):
                continue
            source = open(os.path.join(folder, file), encoding="utf-8").read()
            declared_types.update(re.findall(
                r"\b(?:struct|class|enum|protocol|actor|typealias|extension)\s+([A-Za-z_]\w*)", source))
            declared_members.update(re.findall(
                r"\b(?:func|var|let|case|subscript)\s+([A-Za-z_]\w*)", source))
            commands.update(re.findall(r'static let name = "([a-z-]+)"', source))
standard = {"Int", "AsyncSequence", "Task", "Duration", "String", "Clock"}

def code_spans(text):
    # Inline code outside fenced blocks.
    unfenced = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.findall(r"`([^`\n]+)`", unfenced)

for span in code_spans(text):
    token = span.strip()
    # A path: it must exist.
    if "/" in token and " " not in token and not token.startswith(("http", "-")):
        path = token.rstrip("/")
        if not os.path.exists(path):
            problems.append(f"the path {token} does not exist")
        continue
    if re.fullmatch(r"[\w.+-]+\.(swift|md|sh|c|h)", token):
        continue  # a file named within a folder the text names
    # A program, a target or a command: hyphenated names.
    if re.fullmatch(r"[a-z]+(-[a-z]+)+", token):
        if token not in targets | benchmarks and token not in commands:
            problems.append(f"{token} is neither a target nor a command")
        continue
    # A code name: Type, Type.member, function(labels:), member.
    match = re.fullmatch(r"([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)*)(\([\w:]*\))?", token)
    if not match:
        continue
    first, rest = match.group(1), match.group(2)
    if first in targets:
        continue
    if first[0].isupper():
        if first not in declared_types and first not in standard:
            problems.append(f"the type {first} (in `{token}`) is not declared")
    elif first not in declared_members:
        problems.append(f"{first} (in `{token}`) is not declared")
    for member in filter(None, rest.split(".")):
        if member not in declared_members and member not in declared_types:
            problems.append(f"{member} (in `{token}`) is not declared")

for root in ["Sources", "Tests"]:
    for folder, _, files in os.walk(root):
        for file in files:
            if file.endswith(".swift"):
                path = os.path.join(folder, file)
                lines = sum(1 for _ in open(path, encoding="utf-8"))
                if lines >= 400:
                    problems.append(f"{path} has {lines} lines (split it: 400 at most)")

if problems:
    for problem in problems:
        print(f"ARCHITECTURE.md: {problem}", file=sys.stderr)
    sys.exit(1)
print(f"architecture: {len(listed)} modules, every name and path it gives exists")
EOF
