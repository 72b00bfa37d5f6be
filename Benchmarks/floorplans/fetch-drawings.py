#!/usr/bin/env python3
"""Fetches the corpus drawings that are not committed (their licence does not allow it) into a
folder, each from its repository at the commit its truth file names, saved as NAME.dxf:

    Benchmarks/floorplans/fetch-drawings.py ~/floorplans
    imdf bench import --corpus Benchmarks/floorplans --drawings ~/floorplans

Needs git and the network; a drawing already in the folder is kept."""

import pathlib
import shutil
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
import corpus_fetch  # noqa: E402


if __name__ == "__main__":
    sys.exit(
        corpus_fetch.fetch(
            pathlib.Path(__file__).resolve().parent, __doc__,
            destination=lambda target, name: target / (name + ".dxf"),
            place=shutil.copyfile))
