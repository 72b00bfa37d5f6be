#!/usr/bin/env python3
"""Checks the spatial findings of `imdf validate` on archive folders id for id against shapely:
features outside their level (G5, 5 cm), openings off every unit boundary (G4, 5 cm), anchors
outside their unit (G2, 5 cm), display points outside their unit or level (G1, 5 cm), and pairs of
units of a level overlapping (G8, 0.01 m²). Each line gives what both found, and the ids only one
of them found, with shapely's measure: a disagreement is a defect of one side to look into.

    pip install shapely pyproj
    Benchmarks/archives/cross-check.py IMDF ARCHIVE_FOLDER...      (IMDF: the imdf executable)
"""

import json
import pathlib
import re
import subprocess
import sys

import numpy
import pyproj
import shapely
from shapely.geometry import Point, shape

TOLERANCE = 0.05
OVERLAP = 0.01
# How near the tolerance a measure is too close to call.
MARGIN = 0.001


def features(folder, name):
    for suffix in (".geojson", ".json"):
        path = pathlib.Path(folder) / (name + suffix)
        if path.exists():
            try:
                value = json.loads(path.read_text(encoding="utf-8-sig"))
            except ValueError:
                return []
            found = value.get("features") if isinstance(value, dict) else None
            return [f for f in found or [] if isinstance(f, dict) and isinstance(f.get("id"), str)]
    return []


def imdf_findings(imdf, folder):
    run = subprocess.run([imdf, "validate", folder, "--json"], capture_output=True, text=True)
    return json.loads(run.stdout)["findings"]


def check(imdf, folder):
    name = pathlib.Path(folder).name
    levels_raw = [f for f in features(folder, "level") if f.get("geometry")]
    if not levels_raw:
        print(f"== {name}: no level with a geometry")
        return 0
    centre = shape(levels_raw[0]["geometry"]).centroid
    transformer = pyproj.Transformer.from_crs(
        "EPSG:4326", pyproj.CRS.from_proj4(f"+proj=aeqd +lat_0={centre.y} +lon_0={centre.x} +units=m"), always_xy=True)

    def metres(geometry):
        return shapely.transform(geometry, lambda xy: numpy.column_stack(transformer.transform(xy[:, 0], xy[:, 1])))

    def geometry_of(feature):
        try:
            geometry = metres(shape(feature["geometry"]))
        except (ValueError, TypeError, KeyError, AttributeError):
            return None
        return geometry if geometry.is_valid else shapely.make_valid(geometry)

    def point_of(value):
        try:
            return metres(shape(value))
        except (ValueError, TypeError, KeyError, AttributeError):
            return None

    levels = {f["id"]: g for f in levels_raw if (g := geometry_of(f)) is not None}
    units = {}
    units_by_level = {}
    # Units whose polygon is not valid: reported once as invalid (T5), and left out of the overlap
    # test, where a repaired shape (a hole outside its shell made a part of its own) would cover
    # other rooms the unit never drew.
    invalid_units = set()
    for f in features(folder, "unit"):
        g = geometry_of(f) if f.get("geometry") else None
        if g is None:
            continue
        try:
            if not shape(f["geometry"]).is_valid:
                invalid_units.add(f["id"])
        except (ValueError, TypeError, KeyError, AttributeError):
            invalid_units.add(f["id"])
        units[f["id"]] = g
        units_by_level.setdefault((f.get("properties") or {}).get("level_id"), []).append((f["id"], g))

    expected = {"G5": {}, "G4": {}, "G2": {}, "G1": {}, "G8": {}}
    # Within a millimetre of the tolerance either answer is right (GEOS's buffer rounds corners
    # with chords): such features are not counted against imdf when it reports them.
    undecided = {code: set() for code in expected}
    for kind in ("unit", "opening", "fixture", "section", "detail", "kiosk"):
        for f in features(folder, kind):
            level = (f.get("properties") or {}).get("level_id")
            if not f.get("geometry") or level not in levels:
                continue
            g = geometry_of(f)
            if g is None or g.is_empty:
                continue
            far = max((levels[level].distance(Point(x, y)) for x, y in shapely.get_coordinates(g)), default=0)
            if far > TOLERANCE + MARGIN:
                expected["G5"][f["id"]] = far
            elif far > TOLERANCE - MARGIN:
                undecided["G5"].add(f["id"])
    boundaries = {}
    for f in features(folder, "opening"):
        level = (f.get("properties") or {}).get("level_id")
        if not f.get("geometry") or level not in levels:
            continue
        line = geometry_of(f)
        if line is None or line.is_empty or line.geom_type not in ("LineString", "MultiLineString"):
            continue
        if level not in units_by_level:
            expected["G4"][f["id"]] = float("inf")  # no unit on its level to stand on
            continue
        if level not in boundaries:
            boundaries[level] = shapely.union_all([g.boundary for _, g in units_by_level[level]])
        steps = max(2, int(line.length / 0.01) + 1)
        far = max(boundaries[level].distance(line.interpolate(k / (steps - 1), normalized=True)) for k in range(steps))
        if far > TOLERANCE + MARGIN:
            expected["G4"][f["id"]] = far
        elif far > TOLERANCE - MARGIN:
            undecided["G4"].add(f["id"])
    for f in features(folder, "anchor"):
        unit = units.get((f.get("properties") or {}).get("unit_id"))
        point = point_of(f.get("geometry")) if f.get("geometry") else None
        if unit is None or point is None or point.is_empty:
            continue
        if (d := unit.distance(point)) > TOLERANCE + MARGIN:
            expected["G2"][f["id"]] = d
    for kind, pool in (("unit", units), ("level", levels)):
        for f in features(folder, kind):
            value = (f.get("properties") or {}).get("display_point")
            area = pool.get(f["id"])
            point = point_of(value) if isinstance(value, dict) else None
            if area is None or point is None or point.is_empty:
                continue
            if (d := area.distance(point)) > TOLERANCE + MARGIN:
                expected["G1"][f["id"]] = d
    for members in units_by_level.values():
        members = [(i, g) for i, g in members if i not in invalid_units]
        ids = [i for i, _ in members]
        geometries = [g for _, g in members]
        tree = shapely.STRtree(geometries)
        for first, g in enumerate(geometries):
            for second in tree.query(g):
                if second > first:
                    area = g.intersection(geometries[second]).area
                    pair = tuple(sorted((ids[first], ids[second])))
                    if area > OVERLAP * 1.05:
                        expected["G8"][pair] = area
                    elif area > OVERLAP * 0.95:
                        undecided["G8"].add(pair)

    found = {code: set() for code in expected}
    rules = {"G1": ("UnitGeometryMustContainDisplayPoint", "LevelGeometryMustContainDisplayPoint")}
    for finding in imdf_findings(imdf, folder):
        code, fid = finding["code"], finding.get("featureID")
        if code not in found or fid is None:
            continue
        if code in rules and finding.get("rule") not in rules[code]:
            continue
        if code == "G8":
            if re.search(r"overlaps \d+ other units", finding["message"]):
                # One finding for a unit that overlaps many: it stands for every pair it is in.
                found["G8"].update(key for key in expected["G8"] if fid in key)
                continue
            other = re.findall(r"(?:\(|unit )([^ ()]+)\)? overlap by", finding["message"])
            if fid in invalid_units:
                continue  # either answer is right for a unit that is no valid polygon (above)
            known = list(expected["G8"]) + list(undecided["G8"])
            pair = next((key for key in known if fid in key and other and any(k.startswith(other[-1]) for k in key if k != fid)), None)
            found["G8"].add(pair or (fid, other[-1] if other else "?"))
        else:
            found[code].add(fid)
    print(f"== {name}")
    disagreements = 0
    for code, measured in expected.items():
        both = set(measured) & found[code]
        only_shapely = set(measured) - found[code]
        only_imdf = found[code] - set(measured) - undecided[code]
        disagreements += len(only_shapely) + len(only_imdf)
        line = f"  {code}: both {len(both)}"
        if only_shapely:
            line += "; only shapely " + ", ".join(f"{k if isinstance(k, str) else '+'.join(k)} ({measured[k]:.3f})" for k in sorted(only_shapely)[:5])
        if only_imdf:
            line += "; only imdf " + ", ".join(k if isinstance(k, str) else "+".join(k) for k in sorted(only_imdf, key=str)[:5])
        print(line)
    return disagreements


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    total = sum(check(sys.argv[1], folder) for folder in sys.argv[2:])
    print(f"disagreements: {total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
