#!/usr/bin/env python3
"""Fetches the corpus archives that are not committed (their licence does not allow it, or they
are large) into a folder, each from its repository at the commit its truth file names, saved as
the folder NAME:

    Benchmarks/archives/fetch-archives.py ~/imdf-archives
    imdf bench validate --corpus Benchmarks/archives --archives ~/imdf-archives

Needs git and the network; an archive already in the folder is kept."""

import json
import pathlib
import shutil
import subprocess
import sys
import tempfile


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    target = pathlib.Path(sys.argv[1]).expanduser()
    target.mkdir(parents=True, exist_ok=True)
    corpus = pathlib.Path(__file__).resolve().parent
    failed = 0
    for truth in sorted(corpus.glob("*.json")):
        source = json.loads(truth.read_text(encoding="utf-8"))["source"]
        out = target / truth.stem
        if source["committed"] or out.exists():
            continue
        with tempfile.TemporaryDirectory() as work:
            clone = pathlib.Path(work) / "repository"
            steps = [
                ["git", "init", "-q", str(clone)],
                ["git", "-C", str(clone), "fetch", "-q", "--depth", "1", f"https://github.com/{source['repository']}", source["commit"]],
                ["git", "-C", str(clone), "checkout", "-q", "FETCH_HEAD", "--", source["path"]],
            ]
            try:
                for step in steps:
                    subprocess.run(step, check=True, capture_output=True)
                # The archive's files only: a LICENSE folder or a read-me beside them stays.
                out.mkdir()
                for item in (clone / source["path"]).iterdir():
                    if item.is_file() and item.suffix in (".json", ".geojson"):
                        shutil.copyfile(item, out / item.name)
                print(f"{truth.stem}: {source['repository']}@{source['commit'][:8]} {source['path']}")
            except (subprocess.CalledProcessError, OSError) as error:
                failed += 1
                shutil.rmtree(out, ignore_errors=True)
                print(f"{truth.stem}: cannot fetch {source['repository']}@{source['commit']} {source['path']}: {error}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
