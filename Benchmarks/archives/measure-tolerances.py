#!/usr/bin/env python3
"""Measures, on IMDF archive folders, what the shape tolerances of `imdf validate` bound, with
shapely and pyproj rather than imdf, so that each tolerance's evidence (Validation/Tolerances.swift)
is checked by other code:

- G5, UnitMustBeCoveredByReferencedLevel (and its opening, fixture, section and detail rules): how
  far the farthest vertex of each feature lies outside its level;
- G4, OpeningMustBeCoveredByUnitBoundary: how far the farthest point of each opening, taken every
  centimetre along it, lies from the nearest unit boundary of its level;
- G8, UnitsMustNotOverlap: the area shared by each pair of units of one level.

    pip install shapely pyproj
    Benchmarks/archives/measure-tolerances.py ARCHIVE_FOLDER...
"""

import json
import pathlib
import sys

import numpy
import pyproj
import shapely
from shapely.geometry import Point, shape


def features(folder, name):
    for suffix in (".geojson", ".json"):
        path = pathlib.Path(folder) / (name + suffix)
        if path.exists():
            try:
                return json.loads(path.read_text(encoding="utf-8-sig")).get("features") or []
            except ValueError as error:
                print(f"  {path.name}: not read ({error})")
    return []


def metres(geometry, transformer):
    """The geometry in metres, on an azimuthal equidistant projection centred on the archive."""
    return shapely.transform(geometry, lambda xy: numpy.column_stack(transformer.transform(xy[:, 0], xy[:, 1])))


def located(folder, name, transformer, levels):
    for feature in features(folder, name):
        level = (feature.get("properties") or {}).get("level_id")
        if not feature.get("geometry") or level not in levels:
            continue
        try:
            yield feature["id"], level, metres(shape(feature["geometry"]), transformer)
        except (ValueError, TypeError, KeyError):
            continue


def buckets(values, edges, unit):
    text = []
    for low, high in zip(edges, edges[1:] + [None]):
        count = sum(1 for value in values if value > low and (high is None or value <= high))
        text.append(f"{low:g}-{high:g} {unit}: {count}" if high is not None else f"over {low:g} {unit}: {count}")
    return ", ".join(text)


def measure(folder):
    print(f"== {pathlib.Path(folder).name}")
    raw = [feature for feature in features(folder, "level") if feature.get("geometry")]
    if not raw:
        print("  no level with a geometry")
        return
    centre = shape(raw[0]["geometry"]).centroid
    transformer = pyproj.Transformer.from_crs(
        "EPSG:4326", pyproj.CRS.from_proj4(f"+proj=aeqd +lat_0={centre.y} +lon_0={centre.x} +units=m"), always_xy=True)
    levels = {}
    for feature in raw:
        geometry = metres(shape(feature["geometry"]), transformer)
        levels[feature["id"]] = geometry if geometry.is_valid else shapely.make_valid(geometry)

    outside = []
    for name in ("unit", "opening", "fixture", "section", "detail"):
        for _, level, geometry in located(folder, name, transformer, levels):
            points = shapely.get_coordinates(geometry)
            outside.append(max((levels[level].distance(Point(x, y)) for x, y in points), default=0.0))
    print(f"  G5 farthest vertex outside the level, {len(outside)} features (cm): "
          + buckets([value * 100 for value in outside], [0.1, 1, 5, 50], "cm")
          + "; largest " + ", ".join(f"{value * 100:.1f}" for value in sorted(outside, reverse=True)[:3]))

    units = {}
    for _, level, geometry in located(folder, "unit", transformer, levels):
        units.setdefault(level, []).append(geometry if geometry.is_valid else shapely.make_valid(geometry))
    off = []
    boundaries_of = {}
    for _, level, line in located(folder, "opening", transformer, units):
        if level not in boundaries_of:
            boundaries_of[level] = shapely.union_all([unit.boundary for unit in units[level]])
        boundaries = boundaries_of[level]
        steps = max(2, int(line.length / 0.01) + 1)
        off.append(max(boundaries.distance(line.interpolate(step / (steps - 1), normalized=True)) for step in range(steps)))
    print(f"  G4 farthest point of an opening from a unit boundary, {len(off)} openings (cm): "
          + buckets([value * 100 for value in off], [0.1, 1, 5, 10], "cm")
          + "; largest " + ", ".join(f"{value * 100:.1f}" for value in sorted(off, reverse=True)[:3]))

    shared = []
    for geometries in units.values():
        tree = shapely.STRtree(geometries)
        for first, geometry in enumerate(geometries):
            for second in tree.query(geometry):
                if second > first:
                    area = geometry.intersection(geometries[second]).area
                    if area > 0:
                        shared.append(area)
    print(f"  G8 area shared by two units of a level, {len(shared)} pairs (m²): "
          + buckets(shared, [0, 0.001, 0.01, 0.1], "m²")
          + "; largest " + ", ".join(f"{value:.3f}" for value in sorted(shared, reverse=True)[:3]))


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    for folder in sys.argv[1:]:
        measure(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
