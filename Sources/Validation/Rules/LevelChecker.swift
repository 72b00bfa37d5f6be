// The spatial checks of one level (or of the venue-wide features), on one thread with its own
// GEOS context.

import Foundation
import Geometry
import IMDF

struct LevelChecker {
    let shared: SharedInputs
    let engine = GeometryEngine()
    var findings: [Finding] = []
    /// Polygons in metres by feature id, converted once.
    var polygonCache: [String: [Polygon]?] = [:]
    /// The venue with the containment tolerance, prepared on this thread at first use (nil inside:
    /// no venue polygon).
    var venueCache: VenueArea??
    /// Whether the level being checked, with the tolerance of G5, lies inside the venue: then what
    /// G5 finds inside the level is inside the venue too, and needs no test of its own.
    var levelInVenue = false

    init(shared: SharedInputs) { self.shared = shared }

    var projector: Projector { shared.projector }
    var context: ValidationContext { shared.context }

    func run(_ task: SpatialTask) -> [Finding] {
        var checker = self
        switch task {
        case .level(let id): checker.checkLevel(id)
        case .venueWide: checker.checkVenueWide()
        }
        return checker.findings
    }

    mutating func polygons(of feature: Feature) -> [Polygon]? {
        if let cached = polygonCache[feature.id] { return cached }
        let converted = projector.polygons(feature.geometry)
        polygonCache[feature.id] = converted
        return converted
    }

    mutating func polygons(ofID id: String) -> [Polygon]? {
        context.feature(id).flatMap { polygons(of: $0) }
    }

    /// A finding of `code` about `feature`, which implements `rule` where there is one, located at
    /// `point` (else at the feature).
    func finding(
        _ code: FindingCode, _ message: String, _ feature: Feature, at point: Point? = nil, rule: AppleRule? = nil,
        severity: Severity? = nil, fix: Fix? = nil
    ) -> Finding {
        Finding(
            code, implementing: rule, message, severity: severity, feature: feature, file: context.fileName(of: feature),
            location: point.map(projector.coordinate) ?? feature.geometry.flatMap(SpatialRules.coordinate), fix: fix)
    }

    func finding(_ rule: AppleRule, _ message: String, _ feature: Feature, at point: Point? = nil, fix: Fix? = nil) -> Finding {
        finding(rule.code, message, feature, at: point, rule: rule, fix: fix)
    }

    /// Where a repair puts something, to 1e-8 degrees (about a millimetre): what a person reads
    /// in the repair's command line is what it does.
    func coordinate(_ point: Point) -> Coordinate {
        let coordinate = projector.coordinate(point)
        func rounded(_ value: Double) -> Double { (value * 1e8).rounded() / 1e8 }
        return Coordinate(longitude: rounded(coordinate.longitude), latitude: rounded(coordinate.latitude))
    }

    // MARK: - Shared checks

    /// T5 and G1 for a polygonal feature.
    mutating func checkPolygonal(_ feature: Feature) {
        guard let shapes = polygons(of: feature) else { return }
        if case .invalid(let reason, let location) = engine.validity(shapes) {
            findings.append(
                finding(
                    SpatialRules.invalidPolygon, "\(context.describe(feature)) is not a valid polygon: \(reason)", feature, at: location))
        }
        checkDisplayPoint(feature, inside: shapes)
    }

    mutating func checkDisplayPoint(_ feature: Feature, inside shapes: [Polygon]) {
        guard let position = feature.point(.displayPoint), position.isLongitudeLatitude else { return }
        let point = projector.point(position)
        guard let (distance, inside) = stray(point, from: shapes) else { return }
        findings.append(
            finding(
                .G1, "display_point of \(context.describe(feature)) is \(format(distance)) m outside its geometry", feature, at: point,
                rule: feature.imdfType.flatMap { SpatialRules.displayPointInside[$0] },
                fix: inside.map {
                    Fix(
                        "move it inside (to the shape's visual centre)",
                        repair: .set(feature: feature.id, key: PropertyKey.displayPoint.rawValue, .point(coordinate($0))))
                }))
    }

    /// How far a point that belongs inside `shapes` lies outside them, with a place inside to move
    /// it to (the visual centre); nil when it is inside, within the point tolerance.
    func stray(_ point: Point, from shapes: [Polygon]) -> (distance: Double, inside: Point?)? {
        if shapes.surelyWithin(SpatialRules.pointTolerance, of: point) { return nil }
        let distance = engine.distance(from: point, to: shapes)
        guard distance > SpatialRules.pointTolerance else { return nil }
        return (distance, engine.interiorPoint(shapes))
    }

    func format(_ metres: Double) -> String { String(metres: metres) }

    // MARK: - One level

    mutating func checkLevel(_ levelID: String) {
        guard let level = context.feature(levelID) else { return }
        checkPolygonal(level)
        let levelShapes = polygons(of: level)
        let containerShapes = levelShapes.map { engine.buffer(engine.madeValid($0), by: SpatialRules.levelTolerance) }
        let container = containerShapes.map { engine.prepare($0) }
        levelInVenue = containerShapes.map { shapes in venueArea().map { $0.area.covers(shapes) } ?? true } ?? false
        let features = shared.onLevel[levelID] ?? []
        let units = features.filter { $0.imdfType == .unit }
        let index = SpatialIndex<Int>(engine: engine)
        var unitShapes: [[Polygon]?] = []
        for (number, unit) in units.enumerated() {
            checkPolygonal(unit)
            let shapes = polygons(of: unit)
            unitShapes.append(shapes)
            let inside = shapes.map { shapes in container.map { $0.covers(shapes) } ?? true } ?? false
            if container != nil, shapes != nil, !inside {
                findings.append(
                    finding(
                        .G5, "\(context.describe(unit)) extends outside its \(context.describe(level))", unit,
                        rule: SpatialRules.withinLevel[.unit]))
            }
            checkInsideVenue(unit, insideLevel: inside)
            guard let shapes, let bounds = shapes.map(\.bounds).reduce(nil, { $0?.union($1) ?? $1 }) else { continue }
            index.insert(bounds, number)
        }
        checkOverlaps(units, unitShapes, index)
        checkShapes(level, levelShapes, features, units, unitShapes, index)
        checkContents(levelID, features, units, unitShapes, index)
        for feature in features {
            switch feature.featureType {
            case FeatureType.opening.rawValue:
                checkOpening(feature, units, unitShapes, index)
                var inside = false
                if let container, let levelShapes, let geometry = feature.geometry {
                    let outside = geometry.positions.map(projector.point).filter { !container.covers($0) }
                    inside = outside.isEmpty
                    if let farthest = outside.max(by: {
                        engine.distance(from: $0, to: levelShapes) < engine.distance(from: $1, to: levelShapes)
                    }) {
                        findings.append(
                            finding(
                                .G5,
                                "opening \(context.short(feature.id)) reaches \(format(engine.distance(from: farthest, to: levelShapes))) m outside \(context.describe(level))",
                                feature, at: farthest, rule: SpatialRules.withinLevel[.opening]))
                    }
                }
                checkInsideVenue(feature, insideLevel: inside)
            case FeatureType.fixture.rawValue, FeatureType.kiosk.rawValue, FeatureType.section.rawValue:
                checkPolygonal(feature)
                var inside: Bool?
                if let container, let shapes = polygons(of: feature) { inside = container.covers(shapes) }
                checkWithinLevel(feature, inside: inside)
            case FeatureType.detail.rawValue:
                var inside: Bool?
                if let container, let geometry = feature.geometry {
                    inside = !geometry.positions.contains(where: { !container.covers(projector.point($0)) })
                }
                checkWithinLevel(feature, inside: inside)
            default:
                break
            }
        }
        for feature in shared.byUnitLevel[levelID] ?? [] {
            if feature.imdfType == .anchor {
                checkAnchor(feature)
            } else {
                checkAmenity(feature)
            }
            checkInsideVenue(feature, insideLevel: false)
        }
        if let levelShapes, let nodes = shared.pathNodes[levelID], !nodes.isEmpty {
            let area = engine.prepare(engine.buffer(levelShapes, by: SpatialRules.containmentTolerance))
            for node in nodes {
                guard case .point(let position)? = node.geometry else { continue }
                let point = projector.point(position)
                if !area.covers(point) {
                    findings.append(
                        finding(.N3, "path node \(context.short(node.id)) lies outside its \(context.describe(level))", node, at: point))
                }
            }
        }
    }

    // MARK: - Inside the venue

    /// The venue's polygons and the area they cover with the containment tolerance.
    struct VenueArea {
        let shapes: [Polygon]
        let area: PreparedArea
    }

    mutating func venueArea() -> VenueArea? {
        if let cached = venueCache { return cached }
        let made = context.archive.features(of: .venue).first.flatMap { polygons(of: $0) }.map {
            VenueArea(shapes: $0, area: engine.prepare(engine.buffer(engine.madeValid($0), by: SpatialRules.containmentTolerance)))
        }
        venueCache = .some(made)
        return made
    }

    /// VenueMustCoverAllChildFeatures for one located feature. A feature G5 found inside a level
    /// that lies inside the venue needs no test; the others are tested point by point against the
    /// prepared venue (a shape whose corners are all inside is then tested whole, where it is a
    /// valid polygon), and the farthest point is named.
    /// G5 for a feature found outside its level (`inside` false; nil when there is no level or
    /// shape to tell), then the venue's check, which a feature inside its level has passed.
    mutating func checkWithinLevel(_ feature: Feature, inside: Bool?) {
        if inside == false {
            findings.append(
                finding(
                    .G5, "\(context.describe(feature)) extends outside its level", feature,
                    rule: feature.imdfType.flatMap { SpatialRules.withinLevel[$0] }))
        }
        checkInsideVenue(feature, insideLevel: inside ?? false)
    }

    mutating func checkInsideVenue(_ feature: Feature, insideLevel: Bool) {
        guard !(insideLevel && levelInVenue), let venue = venueArea(), let geometry = feature.geometry else { return }
        let shapes = polygons(of: feature)
        let points = shapes.map { $0.flatMap(\.exterior) } ?? geometry.positions.filter(\.isLongitudeLatitude).map(projector.point)
        let outside = points.filter { !venue.area.covers($0) }
        if outside.isEmpty {
            guard let shapes, !venue.area.covers(shapes), case .valid = engine.validity(shapes) else { return }
        }
        let distances = (outside.isEmpty ? points : outside).map { ($0, engine.distance(from: $0, to: venue.shapes)) }
        guard let (farthest, distance) = distances.max(by: { $0.1 < $1.1 }) else { return }
        findings.append(
            finding(
                ShapeRules.venueCoversAll,
                "\(context.describe(feature)) extends outside the venue (\(format(distance)) m from it at its farthest)", feature,
                at: farthest))
    }

    mutating func checkOverlaps(_ units: [Feature], _ shapes: [[Polygon]?], _ index: SpatialIndex<Int>) {
        let prepared = shapes.map { $0.flatMap { $0.isEmpty ? nil : OverlapShape($0) } }
        var overlaps: [(unit: Int, area: Double)] = []
        for number in units.indices {
            guard let mine = prepared[number] else { continue }
            let bounds = mine.bounds
            for other in index.query(bounds) where other > number {
                guard let theirs = prepared[other] else { continue }
                let otherBounds = theirs.bounds
                // Rooms that share a wall have bounds that only touch: no area to intersect.
                let overlapX = Swift.min(bounds.maxX, otherBounds.maxX) - Swift.max(bounds.minX, otherBounds.minX)
                let overlapY = Swift.min(bounds.maxY, otherBounds.maxY) - Swift.max(bounds.minY, otherBounds.minY)
                guard overlapX > 1e-6, overlapY > 1e-6 else { continue }
                // Nor can two shapes overlap by more than their bounds do: rooms either side of a
                // wall (whose bounds overlap by a sliver where the frame leans the wall) need no GEOS.
                guard overlapX * overlapY > SpatialRules.unitOverlapThreshold * (1 - 1e-9) else { continue }
                let area = engine.intersectionArea(mine, theirs)
                if area > SpatialRules.unitOverlapThreshold { overlaps.append((other, area)) }
            }
            reportOverlaps(of: number, with: overlaps, among: units)
            overlaps.removeAll(keepingCapacity: true)
        }
    }

    /// One finding per overlapping pair; but a unit that overlaps more than
    /// `SpatialRules.overlapsNamedOneByOne` others (a pile of copies, a drawing placed twice) gets
    /// one finding naming the largest few and the total, so a pile of n units reads as n lines,
    /// not n²/2.
    mutating func reportOverlaps(of number: Int, with others: [(unit: Int, area: Double)], among units: [Feature]) {
        guard !others.isEmpty else { return }
        let name = context.describe(units[number])
        guard others.count > SpatialRules.overlapsNamedOneByOne else {
            for other in others {
                findings.append(
                    finding(
                        SpatialRules.unitsOverlap, "\(name) and \(context.describe(units[other.unit])) overlap by \(format(other.area)) m²",
                        units[number]))
            }
            return
        }
        let largest = others.sorted { $0.area > $1.area }.prefix(SpatialRules.overlapsNamedOneByOne)
        let named = largest.map { "\(context.describe(units[$0.unit])) by \(format($0.area)) m²" }
        let total = others.reduce(0) { $0 + $1.area }
        findings.append(
            finding(
                SpatialRules.unitsOverlap,
                "\(name) overlaps \(others.count) other units by \(format(total)) m² in all: " + named.joined(separator: ", ")
                    + " and \(others.count - named.count) more",
                units[number]))
    }

    mutating func checkOpening(_ opening: Feature, _ units: [Feature], _ shapes: [[Polygon]?], _ index: SpatialIndex<Int>) {
        // A MultiLineString (T1 reports the type) is checked part by part.
        let parts: [[Position]]
        switch opening.geometry {
        case .lineString(let line)?: parts = [line]
        case .multiLineString(let lines)?: parts = lines
        default: return
        }
        let lines = parts.filter { $0.count >= 2 }.map { $0.map(projector.point) }
        guard !lines.isEmpty else { return }
        let length = lines.reduce(0) { $0 + Polyline.length($1) }
        if !SpatialRules.openingLengths.contains(length) {
            let large = length > SpatialRules.openingLengths.upperBound
            findings.append(
                finding(
                    large ? SpatialRules.openingTooLarge : SpatialRules.openingTooSmall,
                    "opening \(context.short(opening.id)) is \(format(length)) m long, \(large ? "over 45 m" : "under 0.84 m (33 inches)")",
                    opening))
        }
        // Every stretch of the line lies on some unit's boundary, within the tolerance; the middle
        // of the widest stretch that does not is the place reported (and where the repair snaps).
        var worst: (Point, Double)?
        for line in lines {
            for (a, b) in zip(line, line.dropFirst()) {
                let probe = Bounds(
                    minX: Swift.min(a.x, b.x), minY: Swift.min(a.y, b.y), maxX: Swift.max(a.x, b.x), maxY: Swift.max(a.y, b.y))
                let near = index.query(probe.expanded(by: SpatialRules.containmentTolerance))
                let candidates = near.flatMap { shapes[$0] ?? [] }
                guard let gap = BoundaryCover.widestGap(a, b, polygons: candidates, within: SpatialRules.openingTolerance) else { continue }
                let middle = (gap.lowerBound + gap.upperBound) / 2
                let point = Point(x: a.x + (b.x - a.x) * middle, y: a.y + (b.y - a.y) * middle)
                let nearest = candidates.map { engine.nearestBoundaryPosition(on: $0, to: point).distance }.min() ?? .infinity
                if worst == nil || nearest > worst!.1 { worst = (point, nearest) }
            }
        }
        if let (point, distance) = worst {
            let how = distance.isFinite ? "\(format(distance)) m from the nearest unit boundary" : "not near any unit of its level"
            // Snapping moves an opening of one line; one of several lines is for a person to mend.
            findings.append(
                finding(
                    SpatialRules.openingOnBoundary, "opening \(context.short(opening.id)) is \(how)", opening, at: point,
                    fix: lines.count == 1
                        ? Fix("snap it onto the nearest wall", repair: .moveOpening(opening.id, to: coordinate(point))) : nil))
        }
        if let position = opening.point(.displayPoint) {
            let point = projector.point(position)
            let distance = lines.map { Polyline.distance(from: point, to: $0) }.min() ?? 0
            if distance > SpatialRules.openingDisplayPointBuffer {
                findings.append(
                    finding(
                        .G1, "display_point of opening \(context.short(opening.id)) is \(format(distance)) m off the opening's line",
                        opening, at: point, rule: SpatialRules.displayPointInside[.opening],
                        fix: Fix("recompute it", repair: .unset(feature: opening.id, key: PropertyKey.displayPoint.rawValue))))
            }
        }
    }

    mutating func checkAnchor(_ anchor: Feature) {
        guard case .point(let position)? = anchor.geometry, let unitID = anchor.string(.unitID),
            let unit = context.feature(unitID), let shapes = polygons(of: unit)
        else { return }
        let point = projector.point(position)
        guard let (distance, inside) = stray(point, from: shapes) else { return }
        // Not onto another anchor of the unit (Apple: AnchorShouldNotEqualAnchor).
        let others = (shared.byUnitLevel[unit.string(.levelID) ?? ""] ?? []).filter {
            $0.imdfType == .anchor && $0.id != anchor.id && $0.string(.unitID) == unitID
        }
        .compactMap { other -> Point? in if case .point(let at)? = other.geometry { projector.point(at) } else { nil } }
        let target = inside.map { CoincidentPoints.freePlace(near: $0, inside: shapes, avoiding: others, engine) }
        findings.append(
            finding(
                SpatialRules.anchorInUnit,
                "anchor \(context.short(anchor.id)) is \(format(distance)) m outside its \(context.describe(unit))",
                anchor, at: point,
                fix: target.map { Fix("move it into the unit", repair: .move(anchor.id, to: coordinate($0))) }))
    }

    mutating func checkAmenity(_ amenity: Feature) {
        guard case .point(let position)? = amenity.geometry else { return }
        let point = projector.point(position)
        var nearest = Double.infinity
        for id in amenity.strings(.unitIDs) ?? [] {
            guard let shapes = polygons(ofID: id) else { continue }
            // Within the tolerance of one of its units, it is not reported.
            if shapes.surelyWithin(SpatialRules.containmentTolerance, of: point) { return }
            nearest = Swift.min(nearest, engine.distance(from: point, to: shapes))
        }
        if nearest.isFinite && nearest > SpatialRules.containmentTolerance {
            findings.append(
                finding(
                    SpatialRules.amenityInUnits, "amenity \(context.short(amenity.id)) is \(format(nearest)) m outside the units it names",
                    amenity, at: point))
        }
    }

    // MARK: - Venue, footprints, levels against footprints

    /// Polygons in extension files (`enviroment.geojson`, ...) are kept and drawn as they are, so
    /// an invalid one is reported - as a warning of ours: Apple's validator does not read them.
    mutating func checkExtensionPolygons() {
        for collection in context.archive.extensions {
            for feature in collection.features {
                guard let shapes = polygons(of: feature), case .invalid(let reason, let location) = engine.validity(shapes) else {
                    continue
                }
                findings.append(
                    finding(
                        .T5,
                        "\(context.describe(feature)) in the extension file \(collection.sourceFileName ?? collection.fileName) is not a valid polygon: \(reason)",
                        feature, at: location, severity: .warning))
            }
        }
    }

    mutating func checkVenueWide() {
        checkExtensionPolygons()
        let archive = context.archive
        if let venue = archive.features(of: .venue).first { checkPolygonal(venue) }
        var footprintsOf: [String: [Polygon]] = [:]
        for footprint in archive.features(of: .footprint) {
            checkPolygonal(footprint)
            checkInsideVenue(footprint, insideLevel: false)
            guard let shapes = polygons(of: footprint) else { continue }
            // A level lies within its building's footprints: the ground one for the ground floor,
            // the aerial one above, the subterranean one below.
            for building in footprint.strings(.buildingIDs) ?? [] { footprintsOf[building, default: []] += shapes }
        }
        var buildingAreas: [String: PreparedArea] = [:]
        for (building, shapes) in footprintsOf {
            buildingAreas[building] = engine.prepare(
                engine.buffer(engine.union(engine.madeValid(shapes)), by: SpatialRules.containmentTolerance))
        }
        // What stands on a level is checked with its level; what stands on none, here: its shape
        // (T5, G1) and its place in the venue.
        for feature in archive.features(of: .level) + archive.features(of: .geofence) { checkInsideVenue(feature, insideLevel: false) }
        for feature in shared.offLevel {
            if [FeatureType.unit, .fixture, .kiosk, .section].contains(feature.imdfType) { checkPolygonal(feature) }
            checkInsideVenue(feature, insideLevel: false)
        }
        checkFootprintsAndLevels()
        for level in archive.features(of: .level) where level.bool(.outdoor) != true {
            guard let shapes = polygons(of: level) else { continue }
            let areas = (level.strings(.buildingIDs) ?? []).compactMap { buildingAreas[$0] }
            if !areas.isEmpty && !areas.contains(where: { $0.covers(shapes) }) {
                findings.append(finding(.G6, "\(context.describe(level)) extends outside its building's footprints", level))
            }
        }
        for building in archive.features(of: .building) {
            guard let position = building.point(.displayPoint), let area = buildingAreas[building.id] else { continue }
            let point = projector.point(position)
            if !area.covers(point) {
                findings.append(
                    finding(
                        .G1, "display_point of \(context.describe(building)) is outside the building's footprint", building, at: point,
                        rule: SpatialRules.displayPointInside[.building]))
            }
        }
    }
}
