#!/usr/bin/env python3
"""Writes the generated part of the bundled pack: puzzle files under puzzles/<game>/ and their
[[puzzle]] entries in puzzles/pack.toml (the course defaults at the top are kept).

Usage: cargo build --release && python3 tools/make-pack.py [path/to/gridpuzzles]

Each puzzle is `gridpuzzles generate` with the options below and the first seed from 1 up that
the generator accepts, so every entry's seed and options make it again. Running the script twice
gives the same pack.
"""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target/release/gridpuzzles")
TIERS = ["easy", "tricky", "hard"]
GAMES = ("tents", "lightup", "mosaic")
MARKER = "# ---- the course's default games, then tools/make-pack.py's puzzles, game by game ----\n"


def specs():
    """(game, rows, cols, tier, options) for every generated puzzle, in browser order."""
    out = []

    def add(game, sizes, options=None, tiers=TIERS):
        for rows, cols in sizes:
            for tier in tiers:
                out.append((game, rows, cols, tier, dict(options or {})))

    square = lambda *ns: [(n, n) for n in ns]
    # Tents: every size from 5x5 to 50x50, then the variants.
    add("tents", square(5, 6, 8, 10, 12, 15, 20, 25, 30, 50))
    add("tents", [(8, 12), (12, 16)])
    add("tents", square(6, 10, 15, 20), {"wrapping": True})
    add("tents", square(6, 10, 15, 20), {"diagadj": True})
    add("tents", square(8, 12), {"wrapping": True, "diagadj": True})
    # Light Up: sizes, symmetric walls, wrapping.
    add("lightup", square(5, 7, 10, 12, 15, 20, 25))
    add("lightup", square(7, 10, 15), {"symmetric": True})
    add("lightup", square(6, 10, 15, 20), {"wrapping": True})
    # Mosaic: sizes in the full neighbourhood, then the other neighbourhoods and wrapping.
    add("mosaic", square(5, 7, 10, 12, 15, 20, 25))
    add("mosaic", square(6, 10, 15), {"neighbourhood": "ortho"})
    add("mosaic", square(6, 12), {"neighbourhood": "full-exclude"})
    add("mosaic", square(8, 12), {"neighbourhood": "ortho-exclude"})
    add("mosaic", square(6, 10, 15), {"wrapping": True})
    return out


VARIANT_WORDS = {
    "wrapping": "wrapping",
    "diagadj": "tents may touch diagonally",
    "symmetric": "symmetric walls",
}


def title(rows, cols, tier, options):
    words = [VARIANT_WORDS[k] for k in ("wrapping", "diagadj", "symmetric") if options.get(k)]
    if "neighbourhood" in options:
        words.insert(0, f"{options['neighbourhood']} neighbourhood")
    extra = ", " + ", ".join(words) if words else ""
    return f"{rows}x{cols} {tier}{extra}"


def generate(game, rows, cols, tier, options):
    """The first seed from 1 the generator accepts, and its puzzle."""
    args = [BINARY, "generate", game, "--size", f"{rows}x{cols}", "--difficulty", tier]
    for flag in ("wrapping", "diagadj", "symmetric"):
        if options.get(flag):
            args.append(f"--{flag}")
    if "neighbourhood" in options:
        args += ["--neighbourhood", options["neighbourhood"]]
    for seed in range(1, 41):
        run = subprocess.run(args + ["--seed", str(seed)], capture_output=True, text=True, timeout=600)
        if run.returncode == 0:
            return seed, run.stdout
    return None, None


def main():
    manifest_path = os.path.join(ROOT, "puzzles/pack.toml")
    text = open(manifest_path).read()
    # The header comment stays; the course's entries are kept, each at the head of its game.
    parts = text.split("\n[[puzzle]]\n")
    header = parts[0].split(MARKER)[0].rstrip("\n") + "\n\n" + MARKER
    blocks = ["[[puzzle]]\n" + b.rstrip("\n") for b in parts[1:]]
    course = [b for b in blocks if 'source = "course"' in b]
    per_game = {g: [b + "\n" for b in course if f'game = "{g}"' in b] for g in GAMES}
    for game in GAMES:
        folder = os.path.join(ROOT, "puzzles", game)
        for name in os.listdir(folder):
            if re.match(r"\d+x\d+-", name):
                os.remove(os.path.join(folder, name))
    numbers = {}
    for game, rows, cols, tier, options in specs():
        seed, text = generate(game, rows, cols, tier, options)
        if seed is None:
            print(f"skipped: no {tier} {game} {rows}x{cols} {options}", file=sys.stderr)
            continue
        key = (game, rows, cols, tier)
        numbers[key] = numbers.get(key, 0) + 1
        stem = f"{rows}x{cols}-{tier}-{numbers[key]:02}"
        with open(os.path.join(ROOT, "puzzles", game, stem + ".txt"), "w") as f:
            f.write(text)
        entry = [
            "[[puzzle]]",
            f'name = "{game}/{stem}"',
            f'title = "{title(rows, cols, tier, options)}"',
            f'game = "{game}"',
            f'file = "{game}/{stem}.txt"',
            f'difficulty = "{tier}"',
            'source = "generator"',
            f"seed = {seed}",
            f'size = "{rows}x{cols}"',
        ]
        for flag in ("wrapping", "diagadj", "symmetric"):
            if options.get(flag):
                entry.append(f"{flag} = true")
        if "neighbourhood" in options:
            entry.append(f'neighbourhood = "{options["neighbourhood"]}"')
        per_game[game].append("\n".join(entry) + "\n")
        print(f"{game}/{stem}: seed {seed}", file=sys.stderr)
    with open(manifest_path, "w") as f:
        f.write(header + "\n" + "\n".join(b for g in GAMES for b in per_game[g]))


if __name__ == "__main__":
    main()
