#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora into Fuzzing/Corpus/<target>/ (committed; run again after
the formats or the command language change).

  Fuzzing/make-seeds.py [IMDF_EXECUTABLE]      (default: .build/debug/imdf)

geojson: the feature files of a small generated venue and a few hand-made defects; zip: that venue
zipped, and copies with the zip defects the reader must refuse; command-line and interpreter: the
lines of Sessions/*.imdfs and of each command's help example, a few to a file.
"""
import io, os, shutil, subprocess, sys, tempfile, warnings, zipfile

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
shutil.rmtree(work)
print("seed corpora written to", corpus)
