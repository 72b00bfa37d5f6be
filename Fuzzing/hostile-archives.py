#!/usr/bin/env python3
"""Makes a corpus of malformed archives and runs each through `imdf info`, `imdf validate` and
`imdf convert`, as an attacker or a careless exporter would hand them over.

  Fuzzing/hostile-archives.py [--imdf PATH] [--seed N] [--keep DIR]

Every run must end by itself (no signal: a Swift trap is SIGILL or SIGTRAP), within 60 s, with
peak memory under 2 GB; a refusal (exit 3) must name the archive, and the damaged file where the
damage is in one file. Prints the counts; exits 1 when any run broke a rule.

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

print("%d archives, %d runs (imdf %s)" % (len(cases), runs, imdf))
for key in sorted(counts):
    print("  %-20s %d" % (key, counts[key]))
print("slowest run: %.2f s (%s); peak memory: %d MB (%s)" % (slowest[0], slowest[1], largest[0] >> 20, largest[1]))
for problem in problems:
    print("PROBLEM " + problem)
print("%d passed, %d failed" % (runs - len(problems), len(problems)))
if not options.keep:
    shutil.rmtree(work, ignore_errors=True)
sys.exit(1 if problems else 0)
