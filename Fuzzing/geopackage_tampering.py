"""A copy of a GeoPackage altered by SQL statements, as a GIS or an attacker would alter it; shared
by make-seeds.py and hostile-archives.py."""
import shutil, sqlite3


def tampered_copy(source, target, statements):
    """Copies `source` to `target` and runs `statements` on the copy; returns `target`."""
    shutil.copy(source, target)
    connection = sqlite3.connect(target)
    # The spatial index's triggers call GeoPackage SQL functions only GDAL defines: stand-ins
    # (an index made wrong by them is one more thing a reader must survive).
    connection.create_function("ST_IsEmpty", 1, lambda geometry: 0)
    for function in ("ST_MinX", "ST_MaxX", "ST_MinY", "ST_MaxY"):
        connection.create_function(function, 1, lambda geometry: 0.0)
    for statement in statements:
        connection.execute(statement)
    connection.commit()
    connection.close()
    return target
