// See CClipper.h. Exceptions (Clipper throws on coordinates past its range) end at this boundary:
// the caller gets NULL and does the work with GEOS instead.

#include "CClipper.h"

#include <polyclipping/clipper.hpp>

#include <algorithm>
#include <cmath>
#include <new>
#include <vector>

namespace {

struct Ring {
    long outer;
    std::vector<double> xy;
};

struct Union {
    std::vector<Ring> rings;
};

void addRing(Union &result, const ClipperLib::Path &path, long outer, double originX, double originY, double scale) {
    Ring ring;
    ring.outer = outer;
    ring.xy.reserve(path.size() * 2);
    for (const auto &point : path) {
        ring.xy.push_back(static_cast<double>(point.X) / scale + originX);
        ring.xy.push_back(static_cast<double>(point.Y) / scale + originY);
    }
    result.rings.push_back(std::move(ring));
}

// An outer ring, then its holes, then what lies inside each hole (islands), depth first.
void collect(Union &result, const ClipperLib::PolyNode &outer, double originX, double originY, double scale) {
    long index = static_cast<long>(result.rings.size());
    addRing(result, outer.Contour, -1, originX, originY, scale);
    for (const ClipperLib::PolyNode *hole : outer.Childs) {
        addRing(result, hole->Contour, index, originX, originY, scale);
    }
    for (const ClipperLib::PolyNode *hole : outer.Childs) {
        for (const ClipperLib::PolyNode *island : hole->Childs) { collect(result, *island, originX, originY, scale); }
    }
}

// Rings united a strip at a time before all are: Clipper's sweep keeps every edge that crosses
// the sweep line in one sorted list and passes over it again at every vertex and crossing, so on
// a plan's two thousand wall rectangles each step walked hundreds of edges. Sorted by the middle
// of their x extent and united 32 at a time, then the strips' outlines together - far fewer
// edges, most overlaps already resolved - jp-house-1f's seven unions took 32 ms instead of 78
// (strips of 16: 43 ms; 64: 32 ms; halving recursively: 40-51 ms). The region is the same; where
// two strips' edges meet, a crossing rounded to the integer grid in a strip can move a vertex of
// the result by a micrometre.
constexpr size_t stripRings = 32;

bool uniteStrips(ClipperLib::Paths &paths) {
    if (paths.size() <= 2 * stripRings) return true;
    std::vector<std::pair<ClipperLib::cInt, size_t>> order;
    order.reserve(paths.size());
    for (size_t ring = 0; ring < paths.size(); ring++) {
        if (paths[ring].empty()) continue;
        ClipperLib::cInt low = paths[ring][0].X, high = low;
        for (const auto &point : paths[ring]) {
            low = std::min(low, point.X);
            high = std::max(high, point.X);
        }
        // Half of each, so that the sum stays in range (coordinates are under 4e18).
        order.push_back({low / 2 + high / 2, ring});
    }
    std::sort(order.begin(), order.end());
    ClipperLib::Paths strips;
    for (size_t from = 0; from < order.size(); from += stripRings) {
        ClipperLib::Clipper clipper;
        for (size_t index = from; index < std::min(order.size(), from + stripRings); index++) {
            clipper.AddPath(paths[order[index].second], ClipperLib::ptSubject, true);
        }
        ClipperLib::Paths strip;
        if (!clipper.Execute(ClipperLib::ctUnion, strip, ClipperLib::pftNonZero, ClipperLib::pftNonZero)) return false;
        strips.insert(strips.end(), strip.begin(), strip.end());
    }
    // Outer rings wind one way and holes the other: filled by the non-zero rule, the strips'
    // outlines together cover what the rings did.
    paths.swap(strips);
    return true;
}

// The rings as Clipper's integer paths, or false where a coordinate is past its range (or not a
// number).
bool paths(const double *xy, const size_t *ringEnds, size_t ringCount, double originX, double originY, double scale,
           ClipperLib::Paths &result) {
    result.reserve(ringCount);
    size_t start = 0;
    for (size_t ring = 0; ring < ringCount; ring++) {
        ClipperLib::Path path;
        for (size_t point = start; point < ringEnds[ring]; point++) {
            double x = std::round((xy[2 * point] - originX) * scale);
            double y = std::round((xy[2 * point + 1] - originY) * scale);
            if (!(std::fabs(x) < 4.0e18) || !(std::fabs(y) < 4.0e18)) return false;
            path.push_back(ClipperLib::IntPoint(static_cast<ClipperLib::cInt>(x), static_cast<ClipperLib::cInt>(y)));
        }
        start = ringEnds[ring];
        result.push_back(std::move(path));
    }
    return true;
}

Union *collected(const ClipperLib::PolyTree &tree, double originX, double originY, double scale) {
    Union *result = new Union();
    for (const ClipperLib::PolyNode *outer : tree.Childs) { collect(*result, *outer, originX, originY, scale); }
    return result;
}

// The union of the rings, filled by the non-zero rule, with rings that touch themselves split, as
// GEOS requires of a polygon's rings; NULL where Clipper fails.
Union *united(const ClipperLib::Paths &rings, double originX, double originY, double scale) {
    ClipperLib::Clipper clipper;
    clipper.StrictlySimple(true);
    clipper.AddPaths(rings, ClipperLib::ptSubject, true);
    ClipperLib::PolyTree tree;
    if (!clipper.Execute(ClipperLib::ctUnion, tree, ClipperLib::pftNonZero, ClipperLib::pftNonZero)) return nullptr;
    return collected(tree, originX, originY, scale);
}

}  // namespace

extern "C" void *imdf_clipper_union(const double *xy, const size_t *ringEnds, size_t ringCount, double originX, double originY, double scale) {
    try {
        ClipperLib::Paths rings;
        if (!paths(xy, ringEnds, ringCount, originX, originY, scale, rings)) return nullptr;
        if (!uniteStrips(rings)) return nullptr;
        return united(rings, originX, originY, scale);
    } catch (...) {
        return nullptr;
    }
}

extern "C" void *imdf_clipper_round_offset(const double *xy, const size_t *ringEnds, size_t ringCount, double originX, double originY,
                                           double scale, double distance, double arcTolerance) {
    try {
        ClipperLib::Paths rings;
        if (!paths(xy, ringEnds, ringCount, originX, originY, scale, rings)) return nullptr;
        double delta = distance * scale;
        double tolerance = arcTolerance * scale;
        if (!(std::fabs(delta) < 1.0e18) || !(tolerance > 0)) return nullptr;
        ClipperLib::ClipperOffset offset(2.0, tolerance);
        // Outer rings and holes alike: Clipper tells them apart by their winding.
        offset.AddPaths(rings, ClipperLib::jtRound, ClipperLib::etClosedPolygon);
        ClipperLib::Paths grown;
        offset.Execute(grown, delta);
        // United once more to split rings that touch themselves (the offset's own union does not).
        return united(grown, originX, originY, scale);
    } catch (...) {
        return nullptr;
    }
}

extern "C" size_t imdf_clipper_ring_count(const void *result) { return static_cast<const Union *>(result)->rings.size(); }

extern "C" size_t imdf_clipper_ring_size(const void *result, size_t ring) {
    return static_cast<const Union *>(result)->rings[ring].xy.size() / 2;
}

extern "C" long imdf_clipper_ring_outer(const void *result, size_t ring) { return static_cast<const Union *>(result)->rings[ring].outer; }

extern "C" void imdf_clipper_ring_points(const void *result, size_t ring, double *xy) {
    const std::vector<double> &points = static_cast<const Union *>(result)->rings[ring].xy;
    for (size_t index = 0; index < points.size(); index++) xy[index] = points[index];
}

extern "C" void imdf_clipper_free(void *result) { delete static_cast<Union *>(result); }

extern "C" void *imdf_clipper_intersection(const double *xy, const size_t *ringEnds, size_t ringCount, size_t subjectRings,
                                           double originX, double originY, double scale) {
    try {
        ClipperLib::Paths rings;
        if (subjectRings > ringCount || !paths(xy, ringEnds, ringCount, originX, originY, scale, rings)) return nullptr;
        ClipperLib::Clipper clipper;
        clipper.StrictlySimple(true);
        for (size_t ring = 0; ring < rings.size(); ring++) {
            clipper.AddPath(rings[ring], ring < subjectRings ? ClipperLib::ptSubject : ClipperLib::ptClip, true);
        }
        ClipperLib::PolyTree tree;
        if (!clipper.Execute(ClipperLib::ctIntersection, tree, ClipperLib::pftNonZero, ClipperLib::pftNonZero)) return nullptr;
        return collected(tree, originX, originY, scale);
    } catch (...) {
        return nullptr;
    }
}
