#!/usr/bin/env python3
"""Makes a corpus of malformed archives and runs each through `imdf info`, `imdf validate` and
`imdf convert`, as an attacker or a careless exporter would hand them over.

  Fuzzing/hostile-archives.py [--imdf PATH] [--seed N] [--keep DIR]

Every run must end by itself (no signal: a Swift trap is SIGILL or SIGTRAP), within 60 s, with
peak memory under 2 GB; a refusal (exit 3) must name the archive, and the damaged file where the
damage is in one file. Prints the counts; exits 1 when any run broke a rule.

Then the other inputs a user is handed: drawings (block cycles, NaN and 1e300 coordinates, lying
counts, blocks nested 9 deep, binary DXF, truncations) through `import dxf --list` and `import dxf`;
GeoPackages (traversal and absolute member names, a dropped table, a renamed column, a broken
layout, truncations) through `convert`; journals (CR and CRLF line ends, a byte-order mark, cut
lines, wrong sums, a damaged header, a command that no longer runs) through `--recover` and
`--discard-journal`. Each must end within 10 s with an exit code (and a message when it fails),
write nothing outside its output, and leave its input as it was.

The archives come from a generated venue, each with one defect: truncations at random offsets,
invalid UTF-8, a byte-order mark, NaN/Infinity/1e999, 10,000-deep nesting, a 50 MB string,
repeated keys, wrong types everywhere, numbers as strings, null and numeric ids, a million-vertex
feature, symbolic links, and the zip defects the reader refuses (encrypted, bad offsets, methods,
names twice, lying and huge sizes, shared data, unsafe names, 10,000 entries, truncation).
"""
import argparse, json, math, os, random, shutil, struct, subprocess, sys, tempfile, threading, time, warnings, zipfile

warnings.simplefilter("ignore")  # zipfile warns about the duplicate names made on purpose
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser()
parser.add_argument("--imdf", default=None)
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--keep", default=None, help="make the corpus in this folder and keep it")
options = parser.parse_args()
imdf = options.imdf or next(p for p in [os.path.join(root, ".build/release/imdf"), os.path.join(root, ".build/debug/imdf")] if os.path.exists(p))
dice = random.Random(options.seed)
work = options.keep or tempfile.mkdtemp(prefix="imdf-hostile-")
os.makedirs(work, exist_ok=True)
corpus = os.path.join(work, "corpus")
shutil.rmtree(corpus, ignore_errors=True)
os.makedirs(corpus)

base = os.path.join(work, "base")
shutil.rmtree(base, ignore_errors=True)
subprocess.run([imdf, "generate", base, "--levels", "2", "--rooms", "8", "--seed", "5"], check=True, stdout=subprocess.DEVNULL)
files = {name: open(os.path.join(base, name), "rb").read() for name in sorted(os.listdir(base))}
feature_files = [name for name in files if name.endswith(".geojson")]
cases = []  # (path, the file the defect is in, or None when it is the archive as a whole)


def folder_case(label, changes, damaged):
    path = os.path.join(corpus, "%03d-%s" % (len(cases), label))
    os.makedirs(path)
    for name, data in {**files, **changes}.items():
        if data is None:
            continue
        with open(os.path.join(path, name), "wb") as out:
            out.write(data)
    cases.append((path, damaged))
    return path


def zip_case(label, entries, damaged, method=zipfile.ZIP_DEFLATED):
    path = os.path.join(corpus, "%03d-%s.zip" % (len(cases), label))
    with zipfile.ZipFile(path, "w", method) as archive:
        for name, data in entries:
            archive.writestr(name, data)
    cases.append((path, damaged))
    return path


def features(name):
    return json.loads(files[name])


def dump(collection):
    return json.dumps(collection, indent=1).encode()


# Truncations at random offsets, in every feature file and the manifest.
for number in range(70):
    name = dice.choice(feature_files + ["manifest.json"])
    cut = dice.randrange(0, len(files[name]))
    folder_case("truncated-" + name, {name: files[name][:cut]}, name)
# Invalid UTF-8 inside strings and between tokens.
for number in range(20):
    name = dice.choice(feature_files)
    data = bytearray(files[name])
    at = data.find(b'"', dice.randrange(0, len(data) - 1)) + 1
    data[at:at] = dice.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\x00"])
    folder_case("utf8-" + name, {name: bytes(data)}, name)
# A byte-order mark (readers may skip it) and one in the middle.
for name in feature_files[:6]:
    folder_case("bom-" + name, {name: b"\xef\xbb\xbf" + files[name]}, None)
    folder_case("bom-inside-" + name, {name: files[name][:20] + b"\xef\xbb\xbf" + files[name][20:]}, name)
# NaN, Infinity and numbers beyond a double, in coordinates and properties.
for literal in [b"NaN", b"Infinity", b"-Infinity", b"1e999", b"-1e999", b"1e-999", b"123456789012345678901234567890", b"0x10", b"+1", b".5", b"01"]:
    for name in ["unit.geojson", "level.geojson"]:
        data = files[name]
        at = data.find(b"[[[") + 3
        end = data.find(b",", at)
        folder_case("number-" + name, {name: data[:at] + literal + data[end:]}, name)
# Deep nesting.
for depth in [600, 10000]:
    collection = features("unit.geojson")
    nested = "[" * depth + "]" * depth
    text = dump(collection).replace(b'"properties": {', b'"properties": {"deep": ' + nested.encode() + b", ", 1)
    folder_case("nesting-%d" % depth, {"unit.geojson": text}, "unit.geojson")
# A 50 MB name, and a 50 MB string key.
collection = features("unit.geojson")
collection["features"][0]["properties"]["name"] = {"en": "x" * 50_000_000}
folder_case("long-string", {"unit.geojson": dump(collection)}, None)
text = files["venue.geojson"].replace(b'"properties": {', b'"properties": {"' + b"k" * 50_000_000 + b'": 1, ', 1)
folder_case("long-key", {"venue.geojson": text}, None)
# Repeated keys: in a collection, a feature, a geometry, properties, a label.
for name in feature_files[:8]:
    data = files[name]
    for needle, repeat in [(b'"type": "FeatureCollection"', b'"type": "FeatureCollection", "type": "FeatureCollection"'),
                           (b'"feature_type": ', b'"id": "x", "feature_type": '), (b'"properties": {', b'"properties": {"a": 1, "a": 2, ')]:
        if needle in data:
            folder_case("repeated-" + name, {name: data.replace(needle, repeat, 1)}, name)
# Wrong types everywhere: every property of a feature of each type, and the members.
wrong = [None, 0, -1.5, "text", True, [], {}, [1, "a"], {"en": 5}]
for name in feature_files:
    collection = features(name)
    if not collection["features"]:
        continue
    feature = collection["features"][0]
    for key in list(feature.get("properties") or {})[:6]:
        changed = json.loads(json.dumps(collection))
        changed["features"][0]["properties"][key] = dice.choice(wrong)
        folder_case("type-" + key, {name: dump(changed)}, None)
    for member in ["geometry", "properties", "id", "feature_type", "type"]:
        changed = json.loads(json.dumps(collection))
        changed["features"][0][member] = dice.choice(wrong[1:])
        folder_case("member-" + member, {name: dump(changed)}, name if member in ("id", "feature_type", "properties") else None)
# Numbers as strings, null and numeric ids, ids that are not UUIDs.
for name in ["unit.geojson", "opening.geojson", "level.geojson"]:
    collection = features(name)
    as_strings = json.loads(json.dumps(collection))
    geometry = as_strings["features"][0]["geometry"]
    if geometry:
        geometry["coordinates"] = json.loads(json.dumps(geometry["coordinates"]), parse_float=str, parse_int=str)
    folder_case("string-numbers", {name: dump(as_strings)}, None)
    for value in [None, 42, "", "not-a-uuid", "../../etc/passwd", "\u001b[2J"]:
        changed = json.loads(json.dumps(collection))
        changed["features"][0]["id"] = value
        folder_case("id", {name: dump(changed)}, name if value is None or value == 42 else None)
# A million-vertex room.
collection = features("unit.geojson")
ring = collection["features"][0]["geometry"]["coordinates"][0]
(x0, y0) = ring[0]
vertices = [[x0 + 0.0001 * math.cos(2 * math.pi * k / 1_000_000), y0 + 0.0001 * math.sin(2 * math.pi * k / 1_000_000)] for k in range(1_000_000)]
collection["features"][0]["geometry"]["coordinates"] = [vertices + [vertices[0]]]
folder_case("million-vertices", {"unit.geojson": json.dumps(collection).encode()}, None)
# Not JSON at all, empty files, a file where a folder was expected.
for name in ["manifest.json", "unit.geojson", "venue.geojson"]:
    folder_case("empty-" + name, {name: b""}, name)
    folder_case("binary-" + name, {name: bytes(dice.randrange(256) for _ in range(2000))}, name)
# Symbolic links in a folder archive.
path = folder_case("symlink", {}, None)
os.symlink("/etc/passwd", os.path.join(path, "notes.json"))
os.remove(os.path.join(path, "unit.geojson"))
os.symlink(os.path.join(base, "unit.geojson"), os.path.join(path, "unit.geojson"))

# Zips.
entries = list(files.items())
def patched_zip(label, offset, value, size, damaged, which=None):
    path = zip_case(label, entries, damaged)
    data = bytearray(open(path, "rb").read())
    at = 0
    records = []
    while True:
        at = data.find(b"PK\x01\x02", at)
        if at < 0:
            break
        records.append(at)
        at += 4
    index = which if which is not None else dice.randrange(len(records))
    record = records[index]
    name_length = struct.unpack_from("<H", data, record + 28)[0]
    name = data[record + 46:record + 46 + name_length].decode()
    data[record + offset:record + offset + size] = value.to_bytes(size, "little")
    open(path, "wb").write(bytes(data))
    cases[-1] = (path, name if damaged else None)
for number in range(8):
    patched_zip("zip-encrypted", 8, 0x0801, 2, True)
    patched_zip("zip-bad-offset", 42, dice.randrange(1, 1 << 32), 4, True)
    patched_zip("zip-method", 10, dice.choice([1, 6, 9, 12, 14, 93, 95, 99, 7777]), 2, True)
    patched_zip("zip-lying-size", 24, dice.randrange(0, 50), 4, True)
    patched_zip("zip-huge-size", 24, 0xFFFFFFF0, 4, True)
    patched_zip("zip-crc", 16, dice.randrange(1 << 32), 4, True)
for number in range(4):
    zip_case("zip-twice", entries + [dice.choice(entries)], None)
    zip_case("zip-dotdot", entries + [("../evil.geojson", b"{}")], None)
    zip_case("zip-absolute", entries + [("/etc/evil.geojson", b"{}")], None)
    zip_case("zip-stored", entries, None, zipfile.ZIP_STORED)
zip_case("zip-10000-entries", entries + [("extra/%d.txt" % k, b"x") for k in range(10_000)], None)
for number in range(12):
    whole = open(zip_case("zip-source", entries, None), "rb").read()
    cut = dice.randrange(0, len(whole))
    open(cases[-1][0], "wb").write(whole[:cut])
    cases[-1] = (cases[-1][0], None)
# Eight directory records sharing one member's data.
path = zip_case("zip-shared", entries, None)
data = bytearray(open(path, "rb").read())
start = data.find(b"PK\x01\x02")
end_record = data.rfind(b"PK\x05\x06")
first_length = 46 + sum(struct.unpack_from("<HHH", data, start + 28))
record = bytes(data[start:start + first_length])
extra = b"".join(record for _ in range(8))
count, size = struct.unpack_from("<HI", data, end_record + 10)  # entries in all, directory size
tail = bytearray(data[end_record:])
struct.pack_into("<HHI", tail, 8, count + 8, count + 8, size + len(extra))
open(path, "wb").write(bytes(data[:end_record]) + extra + bytes(tail))

# Run them.
def run(arguments):
    out = tempfile.TemporaryFile()
    err = tempfile.TemporaryFile()
    started = time.monotonic()
    child = subprocess.Popen(arguments, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
    timer = threading.Timer(60, lambda: child.kill())
    timer.start()
    _, status, usage = os.wait4(child.pid, 0)
    timer.cancel()
    child.returncode = os.waitstatus_to_exitcode(status)
    err.seek(0)
    return child.returncode, time.monotonic() - started, usage.ru_maxrss * 1024, err.read().decode(errors="replace")

problems = []
counts = {}
slowest = (0, "")
largest = (0, "")
runs = 0
for path, damaged in cases:
    output = os.path.join(work, "out" + (".zip" if path.endswith(".zip") else ""))
    shutil.rmtree(output, ignore_errors=True)
    if os.path.exists(output):
        os.remove(output)
    for command in (["info", path], ["validate", path], ["convert", path, output]):
        status, seconds, memory, errors = run([imdf] + command)
        runs += 1
        key = "%s exit %d" % (command[0], status)
        counts[key] = counts.get(key, 0) + 1
        where = "%s %s" % (command[0], os.path.basename(path))
        if seconds > slowest[0]:
            slowest = (seconds, where)
        if memory > largest[0]:
            largest = (memory, where)
        if status < 0 or status not in (0, 1, 3, 4):
            problems.append("%s: ended with %s" % (where, "signal %d" % -status if status < 0 else "exit %d" % status))
        if seconds > 60:
            problems.append("%s: took %.1f s" % (where, seconds))
        if memory > 2 << 30:
            problems.append("%s: peak memory %d MB" % (where, memory >> 20))
        if status == 3:
            if path not in errors:
                problems.append("%s: refused without naming the archive" % where)
            elif damaged and damaged not in errors:
                problems.append("%s: refused without naming %s" % (where, damaged))
        if command[0] == "convert" and status == 3 and os.path.exists(output):
            problems.append("%s: refused, yet wrote %s" % (where, output))

# Drawings, GeoPackages and journals.
import hashlib
from geopackage_tampering import tampered_copy

def digest(path):
    hasher = hashlib.sha256()
    for folder, _, names in sorted(os.walk(path)) if os.path.isdir(path) else [("", [], [path])]:
        for name in sorted(names):
            file = os.path.join(folder, name)
            hasher.update(file.encode())
            hasher.update(open(file, "rb").read() if os.path.isfile(file) else b"")
    return hasher.hexdigest()

others = os.path.join(work, "others")
os.makedirs(others, exist_ok=True)
outside_before = set(os.listdir(work))
blank = os.path.join(others, "blank")
subprocess.run([imdf, "new", blank, "--template", "blank"], check=True, stdout=subprocess.DEVNULL)

def dxf_text(entities, blocks=""):
    def g(code, value): return "%d\n%s\n" % (code, value)
    head = g(0, "SECTION") + g(2, "HEADER") + g(9, "$ACADVER") + g(1, "AC1015") + g(9, "$INSUNITS") + g(70, 6) + g(0, "ENDSEC")
    return head + g(0, "SECTION") + g(2, "BLOCKS") + blocks + g(0, "ENDSEC") + g(0, "SECTION") + g(2, "ENTITIES") + entities + g(0, "ENDSEC") + g(0, "EOF")
def line(layer, x1, y1, x2, y2): return "0\nLINE\n8\n%s\n10\n%s\n20\n%s\n11\n%s\n21\n%s\n" % (layer, x1, y1, x2, y2)
def insert(layer, block, x=0): return "0\nINSERT\n8\n%s\n2\n%s\n10\n%s\n20\n0\n" % (layer, block, x)
def block(name, body): return "0\nBLOCK\n8\n0\n2\n%s\n70\n0\n10\n0\n20\n0\n%s0\nENDBLK\n" % (name, body)
room = "".join(line("A-WALL", *w) for w in [(0, 0, 10, 0), (10, 0, 10, 6), (10, 6, 0, 6), (0, 6, 0, 0), (5, 0, 5, 2.2), (5, 3.2, 5, 6)])
drawings = {
    "cycle": dxf_text(room + insert("A-WALL", "A"), block("A", insert("A-WALL", "B")) + block("B", insert("A-WALL", "A"))),
    "self-insert": dxf_text(room + insert("A-WALL", "S"), block("S", line("A-WALL", 0, 0, 1, 1) + insert("A-WALL", "S"))),
    "nan": dxf_text(room + line("A-WALL", "nan", 0, 1, "inf")),
    "huge": dxf_text(room + line("A-WALL", "1e300", 0, "-1e300", 0)),
    "lying-count": dxf_text(room + "0\nLWPOLYLINE\n8\nA-WALL\n90\n1000000000\n70\n1\n10\n0\n20\n0\n10\n1\n20\n1\n"),
    "nested": dxf_text(room + insert("A-WALL", "B1"), "".join(block("B%d" % level, "".join(insert("A-WALL", "B%d" % (level + 1), copy) for copy in range(10)) if level < 9 else line("A-WALL", 0, 0, 1, 0)) for level in range(1, 10))),
    "binary": "AutoCAD Binary DXF\r\n\x1a\x00" + "".join(chr(dice.randrange(256)) for _ in range(4000)),
    "empty": "",
    "not-dxf": "<html><body>floor plan</body></html>\n",
}
good = dxf_text(room + "0\nTEXT\n8\nA-TEXT\n10\n2\n20\n3\n40\n0.3\n1\nOffice\n")
for number in range(6):
    drawings["truncated-%d" % number] = good[:dice.randrange(1, len(good))]
shared = os.path.join(os.path.dirname(root), "shared", "floorplans", "barcelona-pavilion.dxf")
if os.path.exists(shared):
    real = open(shared, "rb").read().decode("latin-1")
    for number in range(4):
        drawings["barcelona-cut-%d" % number] = real[:dice.randrange(1, len(real))]
other_cases = []  # (label, input, commands, output)
for name, text in drawings.items():
    path = os.path.join(others, name + ".dxf")
    with open(path, "wb") as out:
        out.write(text.encode("latin-1"))
    output = os.path.join(others, "out-" + name)
    other_cases.append((name + ".dxf", path, [["import", "dxf", path, "--list"], ["import", "dxf", path, "--archive", blank, "--level", "Ground Floor", "--save", output]], output))

package = os.path.join(others, "base.gpkg")
subprocess.run([imdf, "convert", base, package], check=True, stdout=subprocess.DEVNULL)
def tampered(name, statements):
    return tampered_copy(package, os.path.join(others, name + ".gpkg"), statements)
packages = {
    "traversal": tampered("traversal", ["UPDATE imdf_archive SET name = '../../evil.geojson' WHERE name = 'unit.geojson'"]),
    "absolute": tampered("absolute", ["UPDATE imdf_archive SET name = '/tmp/imdf-evil.geojson' WHERE name = 'level.geojson'"]),
    "control-name": tampered("control-name", ["UPDATE imdf_archive SET name = 'unit' || char(27) || '[31m.geojson' WHERE name = 'unit.geojson'"]),
    "no-archive-table": tampered("no-archive-table", ["DROP TABLE imdf_archive"]),
    "no-json-column": tampered("no-json-column", ["ALTER TABLE opening RENAME COLUMN imdf_json TO feature"]),
    "bad-layout": tampered("bad-layout", ["UPDATE imdf_archive SET columns = '[{\"column\": 1}]' WHERE name = 'unit.geojson'"]),
    "bad-json": tampered("bad-json", ["UPDATE unit SET imdf_json = '{\"type\": ' WHERE fid = 1"]),
}
data = open(package, "rb").read()
for number in range(4):
    path = os.path.join(others, "cut-%d.gpkg" % number)
    open(path, "wb").write(data[:dice.randrange(1, len(data))])
    packages["cut-%d" % number] = path
for name, path in packages.items():
    output = os.path.join(others, "out-" + name)
    other_cases.append((name + ".gpkg", path, [["convert", path, output]], output))

session = os.path.join(others, "session")
shutil.copytree(base, session)
script = 'use level "Ground Floor"\nadd amenity restroom at 1,1\nadd amenity restroom at 2,1\nadd amenity restroom at 3,1\n'
subprocess.run([imdf, session], input=script.encode(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
journal = open(session + ".journal", "rb").read()
def resummed(text, old, new):
    """The journal with one command replaced and its record's checksum made right again: a record
    that is intact but no longer runs (FNV-1a 64 over the number, the command and the ids)."""
    lines = text.split(b"\n")
    at = lines.index(old)
    meta = lines[at + 1].split(b" ")
    number, ids = meta[1], meta[2][len(b"ids="):]
    value = 0xcbf29ce484222325
    for byte in number + b"\n" + new + b"\n" + ids:
        value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    lines[at] = new
    lines[at + 1] = b"#r %s ids=%s sum=%016x" % (number, ids, value)
    return b"\n".join(lines)
journals = {
    "cr": journal.replace(b"\n", b"\r"), "crlf": journal.replace(b"\n", b"\r\n"), "bom": b"\xef\xbb\xbf" + journal,
    "cut-line": journal[: journal.rfind(b"\n#r ") + 6], "wrong-sum": journal.replace(b"sum=", b"sum=f", 1),
    "header": journal.replace(b"#imdf-journal 1", b"#imdf-journal 9"), "nul": journal.replace(b"restroom", b"rest\x00room", 1),
    "bad-command": resummed(journal, b"add amenity restroom at 1,1", b"frobnicate 1,1"),
    "binary": bytes(dice.randrange(256) for _ in range(3000)),
}
os.remove(session + ".journal")
for name, text in journals.items():
    folder = os.path.join(others, "journal-" + name)
    os.makedirs(folder)
    venue = os.path.join(folder, "venue")
    shutil.copytree(base, venue)
    with open(venue + ".journal", "wb") as out:
        out.write(text)
    other_cases.append(("journal-" + name, venue, [[venue, "--recover"], [venue, "--discard-journal"]], None))

for label, path, commands, output in other_cases:
    before = digest(path)
    for command in commands:
        if output:
            shutil.rmtree(output, ignore_errors=True)
        status, seconds, memory, errors = run([imdf] + command)
        runs += 1
        key = "%s exit %d" % (" ".join(command[:2]) if command[0] == "import" else command[0] if command[0] == "convert" else "journal", status)
        counts[key] = counts.get(key, 0) + 1
        where = "%s (%s)" % (label, " ".join(c for c in command[:3] if not c.startswith("/")))
        if seconds > slowest[0]:
            slowest = (seconds, where)
        if memory > largest[0]:
            largest = (memory, where)
        if status < 0 or status not in (0, 1, 2, 3, 4):
            problems.append("%s: ended with %s" % (where, "signal %d" % -status if status < 0 else "exit %d" % status))
        if seconds > 10:
            problems.append("%s: took %.1f s" % (where, seconds))
        if status != 0 and not errors.strip():
            problems.append("%s: failed (exit %d) without a message" % (where, status))
        if "\x1b" in errors:
            problems.append("%s: a raw escape sequence reached the terminal" % where)
        if output and status != 0 and os.path.exists(output):
            problems.append("%s: failed, yet wrote %s" % (where, output))
    if digest(path) != before and not label.startswith("journal-"):
        problems.append("%s: the input was changed" % label)
    if label.startswith("journal-") and digest(path) != before:
        problems.append("%s: the archive was changed" % label)
for leaked in ["/tmp/imdf-evil.geojson", os.path.join(os.path.dirname(work), "evil.geojson"), os.path.join(work, "evil.geojson")]:
    if os.path.exists(leaked):
        problems.append("a file was written outside the output: %s" % leaked)
appeared = set(os.listdir(work)) - outside_before - {"out", "out.zip"}
if appeared:
    problems.append("files appeared beside the corpus: %s" % ", ".join(sorted(appeared)[:5]))

print("%d archives, %d drawings, GeoPackages and journals, %d runs (imdf %s)" % (len(cases), len(other_cases), runs, imdf))
for key in sorted(counts):
    print("  %-20s %d" % (key, counts[key]))
print("slowest run: %.2f s (%s); peak memory: %d MB (%s)" % (slowest[0], slowest[1], largest[0] >> 20, largest[1]))
for problem in problems:
    print("PROBLEM " + problem)
print("%d passed, %d failed" % (runs - len(problems), len(problems)))
if not options.keep:
    shutil.rmtree(work, ignore_errors=True)
sys.exit(1 if problems else 0)
