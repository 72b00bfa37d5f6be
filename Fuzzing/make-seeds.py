#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora into Fuzzing/Corpus/<target>/ (committed; run again after
the formats or the command language change).

  Fuzzing/make-seeds.py [IMDF_EXECUTABLE]      (default: .build/debug/imdf)

geojson: the feature files of a small generated venue and a few hand-made defects; zip: that venue
zipped, and copies with the zip defects the reader must refuse; command-line and interpreter: the
lines of Sessions/*.imdfs and of each command's help example, a few to a file; drawing-reply: the
GDAL helper's answers to `import dxf` of small drawings, and answers altered as a broken or hostile
helper would write them; gis-mapping: mapping files, good and bad; geopackage: that venue as a
GeoPackage (small pages) and copies tampered as a GIS or an attacker would; journal: the journal of
a short session and copies damaged as a crash, an editor or a transfer would damage it.
"""
import io, json, os, shutil, sqlite3, subprocess, sys, tempfile, warnings, zipfile
from geopackage_tampering import tampered_copy

warnings.simplefilter("ignore")  # zipfile warns about the duplicate names made on purpose

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
imdf = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build/debug/imdf")
corpus = os.path.join(root, "Fuzzing", "Corpus")


def reset(name):
    folder = os.path.join(corpus, name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    return folder


def write(folder, name, data):
    with open(os.path.join(folder, name), "wb") as out:
        out.write(data if isinstance(data, bytes) else data.encode())


work = tempfile.mkdtemp()
venue = os.path.join(work, "v")
# Fixed times (the manifest's `created`, the zip entries' dates), so the seeds are the same each run.
subprocess.run([imdf, "generate", venue, "--levels", "1", "--rooms", "2", "--seed", "3"], check=True, stdout=subprocess.DEVNULL,
               env={**os.environ, "SOURCE_DATE_EPOCH": "1700000000"})
files = {name: open(os.path.join(venue, name), "rb").read() for name in sorted(os.listdir(venue))}

# geojson
folder = reset("geojson")
for name, data in files.items():
    write(folder, name, data)
write(folder, "duplicate-key.geojson", b'{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "a", "feature_type": "unit", "geometry": {"type": "Polygon", "coordinates": [], "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}, "properties": {"a": 1, "a": 2}}]}')
write(folder, "trailing-comma.geojson", b'{"type": "FeatureCollection", "features": [1, 2,]}')
write(folder, "numbers.json", b'[1e999, -1e999, 1e-999, -0.0, 12345678901234567890123, 0.1e1, "\\ud800", "\\u001b]0;x\\u0007"]')
write(folder, "bom.geojson", b'\xef\xbb\xbf{"type": "FeatureCollection", "features": []}')
write(folder, "deep.json", b"[" * 600 + b"]" * 600)

# zip
folder = reset("zip")
def zipped(entries, method=zipfile.ZIP_DEFLATED):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for name, data in entries:
            archive.writestr(zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0)), data, compress_type=method)
    return bytearray(buffer.getvalue())
small = [(name, data) for name, data in files.items() if name in ("manifest.json", "venue.geojson", "level.geojson", "unit.geojson")]
write(folder, "venue.zip", bytes(zipped(small)))
write(folder, "stored.zip", bytes(zipped(small, zipfile.ZIP_STORED)))
write(folder, "nested.zip", bytes(zipped([("IMDF/" + n, d) for n, d in small])))
write(folder, "twice.zip", bytes(zipped(small + [small[1]])))
def patched(data, signature, offset, value, size=2):
    data = bytearray(data)
    at = data.find(signature)
    data[at + offset:at + offset + size] = value.to_bytes(size, "little")
    return bytes(data)
central = b"PK\x01\x02"
write(folder, "encrypted.zip", patched(zipped(small), central, 8, 0x0801))
write(folder, "bzip2.zip", patched(zipped(small), central, 10, 12))
write(folder, "bad-offset.zip", patched(zipped(small), central, 42, 9, 4))
write(folder, "lying-size.zip", patched(zipped(small), central, 24, 10, 4))
write(folder, "huge-size.zip", patched(zipped(small), central, 24, 0x7FFFFFFF, 4))
write(folder, "truncated.zip", bytes(zipped(small))[:300])
write(folder, "empty.zip", b"PK\x05\x06" + b"\x00" * 18)

# command-line and interpreter
lines = []
for name in sorted(os.listdir(os.path.join(root, "Sessions"))):
    if name.endswith(".imdfs"):
        lines += [l for l in open(os.path.join(root, "Sessions", name)).read().splitlines() if l.strip() and not l.startswith("#")]
help_text = subprocess.run([imdf], input="help\n", capture_output=True, text=True).stdout
for entry in help_text.splitlines():
    words = entry.split()
    if words:
        example = subprocess.run([imdf], input="help %s\n" % words[0], capture_output=True, text=True).stdout
        lines += [l.split("example: ", 1)[1] for l in example.splitlines() if "example: " in l]
lines += ['rename 0.001 "One"\r\r\nrename 0.002 Two\r', 'add unit "Lab \\"A\\"" category=office rect 1,1 2x3 \\\n as lab',
          "move unit 0.001 by 1e308,0", "add node at 2,1e300", "show $_", "undo 99999999999999999999", 'find "\x1b]0;title\x07']
folder = reset("command-line")
for number, line in enumerate(lines):
    write(folder, "line-%03d" % number, line)
folder = reset("interpreter")
prefix = 'use level "Floor 1"\n'
for number in range(0, len(lines), 3):
    write(folder, "lines-%03d" % number, prefix + "\n".join(lines[number:number + 3]) + "\n")
# A stairwell drawn as two legs on both floors, the graph built from it and a route over it.
stairs = ["add unit Wide category=stairs rect 1,1 3x5", "add unit Narrow category=stairs rect 4,1 2x5",
          'use level "Ground Floor"', "add unit Wide2 category=stairs rect 1,1 3x5", "add unit Narrow2 category=stairs rect 4,1 2x5",
          "graph build", "route Wide Narrow2"]
write(folder, "lines-stairs", prefix + "\n".join(stairs) + "\n")

# drawing-reply: the helper's answers, recorded by a stand-in that runs the real helper.
def dxf(units, entities):
    def group(code, value): return "%d\n%s\n" % (code, value)
    head = group(0, "SECTION") + group(2, "HEADER") + group(9, "$ACADVER") + group(1, "AC1015") + group(9, "$INSUNITS") + group(70, units)
    body = ""
    for kind, layer, values in entities:
        body += group(0, kind) + group(8, layer)
        if kind == "LWPOLYLINE":
            body += group(90, len(values)) + group(70, 1) + "".join(group(10, x) + group(20, y) for x, y in values)
        elif kind == "LINE":
            body += group(10, values[0]) + group(20, values[1]) + group(11, values[2]) + group(21, values[3])
        else:
            body += group(10, values[0]) + group(20, values[1]) + group(40, values[2]) + group(1, values[3])
    return head + group(0, "ENDSEC") + group(0, "SECTION") + group(2, "ENTITIES") + body + group(0, "ENDSEC") + group(0, "EOF")
def rect(layer, x, y, w, h): return ("LWPOLYLINE", layer, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
drawings = {
    "rooms": (dxf(4, [rect("A-AREA", 0, 0, 5000, 4000), rect("A-AREA", 5000, 0, 4000, 4000), ("TEXT", "A-TEXT", (1000, 2000, 300, "Kontor")),
                      ("TEXT", "A-TEXT", (1000, 1500, 300, "101")), ("TEXT", "A-TEXT", (6000, 2000, 300, "Lab")),
                      ("LINE", "A-DOOR", (4990, 1000, 4990, 1900))]), []),
    "walls": (dxf(6, [("LINE", "WALL", w) for w in [(0, 0, 10, 0), (10, 0, 10, 6), (10, 6, 0, 6), (0, 6, 0, 0), (5, 0, 5, 2.2), (5, 3.2, 5, 6)]]
                  + [("TEXT", "ROOMTXT", (2, 3, 0.3, "Office")), ("TEXT", "ROOMTXT", (7, 3, 0.3, "Store"))]), []),
    "control": (dxf(6, [rect("A-AREA", 0, 0, 5, 4), rect("A-AREA", 5, 0, 4, 4)]), ["--control", "0,0=@8.5502,50.1003", "--control", "9,0=@8.550325,50.1003"]),
    "empty": (dxf(6, [("LINE", "0", (0, 0, 1, 1))]), []),
}
helper = os.path.join(os.path.dirname(imdf), "imdf-gdal")
stand_in = os.path.join(work, "stand-in")
with open(stand_in, "w") as out:
    out.write('#!/bin/sh\nIMDF_GDAL_PARENT=$$ "%s" "$@" > "$REPLY_OUT"\nstatus=$?\ncat "$REPLY_OUT"\nexit $status\n' % helper)
os.chmod(stand_in, 0o755)
subprocess.run([imdf, "new", os.path.join(work, "site"), "--template", "blank"], check=True, stdout=subprocess.DEVNULL)
replies = {}
for name, (text, options) in drawings.items():
    path = os.path.join(work, name + ".dxf")
    open(path, "w").write(text)
    reply = os.path.join(work, name + ".reply")
    subprocess.run([imdf, "import", "dxf", path, "--archive", os.path.join(work, "site"), "--level", "Ground Floor", "--save", os.path.join(work, "out-" + name)] + options,
                   env={**os.environ, "IMDF_GDAL_HELPER": stand_in, "REPLY_OUT": reply}, capture_output=True)
    replies[name] = open(reply, "rb").read()
folder = reset("drawing-reply")
for name, data in replies.items():
    write(folder, name + ".json", data)
rooms = json.loads(replies["rooms"])
def altered(name, change):
    value = json.loads(replies["rooms"])
    change(value["value"])
    write(folder, name + ".json", json.dumps(value))
altered("layer-escapes", lambda v: v["report"]["layers"].update(rooms=["A-\x1b[31mAREA\nnext"]))
altered("nan-geometry", lambda v: v["drafts"][0].update(geometry='{"type": "Polygon", "coordinates": [[[NaN, 1], [1e309, 0], [0, 1], [NaN, 1]]]}'))
altered("point-for-room", lambda v: v["drafts"][0].update(geometry='{"type": "Point", "coordinates": [8.55, 50.1]}'))
altered("venue-draft", lambda v: v["drafts"][0].update(type="venue"))
altered("properties-not-json", lambda v: v["drafts"][0].update(properties="{\"category\": "))
altered("bad-category", lambda v: v["drafts"][0].update(properties='{"category": "\u001b]0;x\u0007", "name": {"en": 3}}'))
altered("empty-outline", lambda v: v.update(levelOutline=[[]]))
altered("two-point-outline", lambda v: v.update(levelOutline=[[[{"x": 8.55, "y": 50.1}, {"x": 8.56, "y": 50.1}]]]))
altered("far-away", lambda v: [d.update(geometry=d["geometry"].replace("8.55", "-179.99")) for d in v["drafts"]])
altered("many-problems", lambda v: v["report"].update(problems=["\x1b[2J"] * 40, scale="NaN"))
write(folder, "failure.json", json.dumps({"failure": {"message": "plan.dxf: \x1b[31mno layer\x1b[0m", "exitStatus": 1, "diagnostics": []}}))
write(folder, "neither.json", b'{"value": null, "failure": null}')
write(folder, "truncated.json", replies["rooms"][: len(replies["rooms"]) // 2])

# gis-mapping
folder = reset("gis-mapping")
mappings = [
    '{"category": {"field": "TYPE", "values": {"OFF": "office", "WC": "restroom"}, "default": "unspecified"},\n "properties": {"name": "NAME", "alt_name": "NUMBER"}}',
    '{"properties": {"name": {"de": "DE", "en": "EN"}}, "category": "kitchen"}',
    '{\n  "category": {"field": "TYPE", "values": {"OFF": "office", "WC": "restroom"}}\n}',
    '{"category": "office",}', '{\n  "catgory": "office"\n}', '{"category": {"field": "TYPE", "default": "shop"}}',
    '{"properties": {"name": 3}}', '{"language": "english language"}', '{"language": "de", "properties": {"name": ["A", "B"]}}',
    '{"category": {"field": "T\u001b[31m", "values": {"\u0000": "office"}}}', '[' * 300 + ']' * 300,
    '{"category": {"field": "TYPE", "values": {' + ", ".join('"V%d": "office"' % n for n in range(300)) + '}}}',
]
for number, text in enumerate(mappings):
    write(folder, "map-%02d.json" % number, text)

# geopackage: small pages keep the file a fuzzer's size.
folder = reset("geopackage")
package = os.path.join(work, "v.gpkg")
subprocess.run([imdf, "convert", venue, package], check=True, stdout=subprocess.DEVNULL)
def shrunk(path):
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA page_size=512")
    connection.execute("VACUUM")
    connection.close()
    return open(path, "rb").read()
def tampered(name, statements):
    # Without the layer styles (a third of the file), so the fuzzer's copies are smaller.
    copy = tampered_copy(package, os.path.join(work, name + ".gpkg"), ["DELETE FROM layer_styles"] + statements)
    write(folder, name + ".gpkg", shrunk(copy))
write(folder, "venue.gpkg", shrunk(package))
tampered("no-styles", [])
tampered("traversal", ["UPDATE imdf_archive SET name = '../../evil.txt' WHERE entry = 'collection' AND name = 'unit.geojson'"])
tampered("absolute", ["UPDATE imdf_archive SET name = '/tmp/evil.geojson' WHERE name = 'level.geojson'"])
tampered("duplicate-key", ["UPDATE unit SET imdf_json = replace(imdf_json, '\"properties\": {', '\"properties\": {\"name\": {\"en\": \"Old\"}, ') WHERE fid = 1"])
tampered("edited", ["UPDATE unit SET name_en = 'Renamed', category = 'office' WHERE fid = 1", "UPDATE unit SET imdf_json = NULL WHERE fid = 2"])
tampered("deleted", ["DELETE FROM level"])
tampered("no-archive-table", ["DROP TABLE imdf_archive"])
tampered("bad-json", ["UPDATE imdf_archive SET json = '{\"version\": ' WHERE entry = 'manifest'", "UPDATE unit SET imdf_json = '[1,2' WHERE fid = 1"])
tampered("bad-columns", ["UPDATE imdf_archive SET columns = '[{\"column\": \"nope\", \"kind\": \"blob\"}]' WHERE name = 'unit.geojson'"])
tampered("bad-category", ["UPDATE unit SET category = 'spaceship', level_id = 'nowhere' WHERE fid = 1"])

# journal: a short session left unsaved, and damaged copies.
folder = reset("journal")
session = os.path.join(work, "session")
shutil.copytree(venue, session)
script = 'use level "Ground Floor"\nrename "Room 0.001" "Lab A"\nadd amenity restroom at 1,1\nadd unit "Lab B" category=office rect 1,1 2x3 as lab\nundo\nredo\nset $lab name="Store"\n'
subprocess.run([imdf, session], input=script, text=True, capture_output=True)
journal = open(session + ".journal", "rb").read()
# Named without .journal, which .gitignore keeps out of the repository (a session's journal).
write(folder, "session", journal)
write(folder, "crlf", journal.replace(b"\n", b"\r\n"))
write(folder, "cr", journal.replace(b"\n", b"\r"))
write(folder, "bom", b"\xef\xbb\xbf" + journal)
write(folder, "truncated", journal[: len(journal) - 20])
write(folder, "no-newline", journal.rstrip(b"\n"))
write(folder, "wrong-sum", journal.replace(b"sum=", b"sum=0", 1))
write(folder, "header", journal.replace(b"#base sha256:", b"#base sha1:"))
write(folder, "check", journal + b"#check 1 " + b"0" * 64 + b"\n")
write(folder, "nul", journal.replace(b"Lab A", b"Lab\x00A"))
write(folder, "empty", b"")
shutil.rmtree(work)
print("seed corpora written to", corpus)
