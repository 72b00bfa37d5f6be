"""What the corpus fetchers share (floorplans/fetch-drawings.py, archives/fetch-archives.py):
each truth file of a corpus names a repository, a commit and a path; the sources not committed are
fetched from there into a folder of the user's, one shallow fetch each. Needs git and the network;
what is already in the folder is kept."""

import json
import pathlib
import shutil
import subprocess
import sys
import tempfile


def fetch(corpus, usage, destination, place):
    """Runs a fetcher: `corpus` is its folder of truth files, `usage` its help, `destination(target,
    name)` where a source goes, and `place(fetched, out)` puts the fetched path there. Returns the
    exit status."""
    if len(sys.argv) != 2:
        print(usage, file=sys.stderr)
        return 2
    target = pathlib.Path(sys.argv[1]).expanduser()
    target.mkdir(parents=True, exist_ok=True)
    failed = 0
    for truth in sorted(pathlib.Path(corpus).glob("*.json")):
        source = json.loads(truth.read_text(encoding="utf-8"))["source"]
        out = destination(target, truth.stem)
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
                place(clone / source["path"], out)
                print(f"{truth.stem}: {source['repository']}@{source['commit'][:8]} {source['path']}")
            except (subprocess.CalledProcessError, OSError) as error:
                failed += 1
                if out.is_dir():
                    shutil.rmtree(out, ignore_errors=True)
                print(f"{truth.stem}: cannot fetch {source['repository']}@{source['commit']} {source['path']}: {error}", file=sys.stderr)
    return 1 if failed else 0
