#!/usr/bin/env python3
"""Fetches the corpus archives that are not committed (their licence does not allow it, or they
are large) into a folder, each from its repository at the commit its truth file names, saved as
the folder NAME:

    Benchmarks/archives/fetch-archives.py ~/imdf-archives
    imdf bench validate --corpus Benchmarks/archives --archives ~/imdf-archives

Needs git and the network; an archive already in the folder is kept."""

import pathlib
import shutil
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
import corpus_fetch  # noqa: E402


def place(folder, out):
    """The archive's files only: a LICENSE folder or a read-me beside them stays."""
    out.mkdir()
    for item in folder.iterdir():
        if item.is_file() and item.suffix in (".json", ".geojson"):
            shutil.copyfile(item, out / item.name)


if __name__ == "__main__":
    sys.exit(
        corpus_fetch.fetch(
            pathlib.Path(__file__).resolve().parent, __doc__, destination=lambda target, name: target / name, place=place))
