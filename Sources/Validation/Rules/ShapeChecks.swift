// The checks of ShapeRules, run by the LevelChecker: per level (fixtures, kiosks, sections,
// geofences, openings, details, amenities and anchors of one level), and venue-wide (levels of
// one ordinal, footprints, levels against footprints, the venue around everything).

import Geometry
import IMDF

extension LevelChecker {
    /// Index pairs of shapes whose bounds overlap with area (a sweep along x).
    func overlappingPairs(_ shapes: [[Polygon]?]) -> [(Int, Int)] {
        let bounds = shapes.map { $0.map { $0.reduce(Bounds.empty) { $0.union($1.bounds) } } }
        let order = bounds.indices.filter { bounds[$0] != nil }.sorted { bounds[$0]!.minX < bounds[$1]!.minX }
        var pairs: [(Int, Int)] = []
        for (position, first) in order.enumerated() {
            let a = bounds[first]!
            for second in order[(position + 1)...] {
                let b = bounds[second]!
                if b.minX >= a.maxX { break }
                if Swift.min(a.maxY, b.maxY) - Swift.max(a.minY, b.minY) > 1e-6 {
                    pairs.append((Swift.min(first, second), Swift.max(first, second)))
                }
            }
        }
        return pairs
    }

    /// `inner` lies within `outer`, up to the equality tolerance.
    func isCovered(_ inner: [Polygon], by outer: [Polygon]) -> Bool {
        let area = ShapeRules.area(inner)
        return area - engine.intersectionArea(inner, outer) <= ShapeRules.equalityTolerance(area, ShapeRules.area(outer))
    }

    func areEqual(_ a: [Polygon], _ b: [Polygon]) -> Bool {
        let (areaA, areaB) = (ShapeRules.area(a), ShapeRules.area(b))
        guard abs(areaA - areaB) <= ShapeRules.equalityTolerance(areaA, areaB) else { return false }
        return areaA + areaB - 2 * engine.intersectionArea(a, b) <= ShapeRules.equalityTolerance(areaA, areaB)
    }

    /// Equal or overlapping pairs among `features` (one list) or between two lists.
    mutating func checkPairs(
        _ features: [Feature], equal: AppleRule?, overlap: AppleRule?, words: String = "overlap"
    ) {
        let shapes = features.map { polygons(of: $0) }
        // Exact copies (a drawing imported twice) are each reported once, against the first of
        // their shape, and left out of the pairs: n copies give n - 1 findings, not the n(n-1)/2
        // pairs whose intersections took minutes for 20,000 copies.
        var firstOfShape: [[Polygon]: Int] = [:]
        var distinct = shapes
        for (j, shape) in shapes.enumerated() {
            guard let shape else { continue }
            guard let i = firstOfShape[shape] else {
                firstOfShape[shape] = j
                continue
            }
            distinct[j] = nil
            if let equal {
                findings.append(
                    finding(equal, "\(context.describe(features[j])) has the shape of \(context.describe(features[i]))", features[j]))
            } else if let overlap, ShapeRules.area(shape) > SpatialRules.overlapThreshold {
                findings.append(
                    finding(
                        overlap,
                        "\(context.describe(features[i])) and \(context.describe(features[j])) \(words) by \(format(ShapeRules.area(shape))) m²",
                        features[i]))
            }
        }
        for (i, j) in overlappingPairs(distinct) {
            guard let a = shapes[i], let b = shapes[j] else { continue }
            if let equal, areEqual(a, b) {
                findings.append(
                    finding(equal, "\(context.describe(features[j])) has the shape of \(context.describe(features[i]))", features[j]))
            } else if let overlap {
                let area = engine.intersectionArea(a, b)
                if area > SpatialRules.overlapThreshold {
                    findings.append(
                        finding(
                            overlap, "\(context.describe(features[i])) and \(context.describe(features[j])) \(words) by \(format(area)) m²",
                            features[i]))
                }
            }
        }
    }

    /// G10 and G11 on one level.
    mutating func checkShapes(
        _ level: Feature, _ levelShapes: [Polygon]?, _ features: [Feature], _ units: [Feature], _ unitShapes: [[Polygon]?],
        _ index: SpatialIndex<Int>
    ) {
        let fixtures = features.filter { $0.imdfType == .fixture }
        let kiosks = features.filter { $0.imdfType == .kiosk }
        checkPairs(fixtures, equal: ShapeRules.fixtureEqualsFixture, overlap: ShapeRules.fixturesOverlap)
        checkPairs(kiosks, equal: nil, overlap: ShapeRules.kiosksOverlap)
        checkPairs(features.filter { $0.imdfType == .section }, equal: nil, overlap: ShapeRules.sectionsOverlap)
        checkPairs(shared.geofences[level.id] ?? [], equal: nil, overlap: ShapeRules.geofencesOverlap)
        for (items, equalRule, coverRule, anchorRule) in [
            (fixtures, ShapeRules.fixtureEqualsUnit, ShapeRules.fixtureInUnit, ShapeRules.fixtureAroundAnchor),
            (kiosks, ShapeRules.kioskEqualsUnit, ShapeRules.kioskInUnit, ShapeRules.kioskAroundAnchor),
        ] {
            for item in items {
                guard let shape = polygons(of: item) else { continue }
                let bounds = shape.reduce(Bounds.empty) { $0.union($1.bounds) }
                let candidates = index.query(bounds).compactMap { number in unitShapes[number].map { (units[number], $0) } }
                if let twin = candidates.first(where: { areEqual(shape, $0.1) }) {
                    findings.append(finding(equalRule, "\(context.describe(item)) has the shape of \(context.describe(twin.0))", item))
                } else if !candidates.contains(where: { isCovered(shape, by: $0.1) }) {
                    findings.append(finding(coverRule, "\(context.describe(item)) is not inside any one unit", item))
                }
                if let anchorID = item.string(.anchorID), let anchor = context.feature(anchorID),
                    case .point(let position)? = anchor.geometry
                {
                    let point = projector.point(position)
                    if engine.distance(from: point, to: shape) > SpatialRules.pointTolerance {
                        findings.append(
                            finding(
                                anchorRule, "\(context.describe(item)) does not contain its anchor \(context.short(anchorID))", item,
                                at: point))
                    }
                }
            }
        }
        let kioskShapes = kiosks.map { polygons(of: $0) }
        for (i, fixture) in fixtures.enumerated() {
            guard let shape = polygons(of: fixture) else { continue }
            for (j, kiosk) in kiosks.enumerated() {
                guard let other = kioskShapes[j] else { continue }
                let area = engine.intersectionArea(shape, other)
                if area > SpatialRules.overlapThreshold {
                    findings.append(
                        finding(
                            ShapeRules.fixtureOverlapsKiosk,
                            "\(context.describe(fixture)) and \(context.describe(kiosk)) overlap by \(format(area)) m²", fixtures[i]))
                }
            }
        }
        checkGeofences(level)
        checkLines(features)
        checkCoincidence(level.id)
        if let levelShapes, context.coveredLevels?.contains(level.id) ?? true { checkCoverage(level, levelShapes, units, unitShapes) }
    }

    mutating func checkGeofences(_ level: Feature) {
        guard let levelShapes = polygons(of: level) else { return }
        let area = engine.prepare(engine.buffer(levelShapes, by: SpatialRules.containmentTolerance))
        for geofence in shared.geofences[level.id] ?? [] {
            if let shapes = polygons(of: geofence), !area.covers(shapes) {
                findings.append(
                    finding(
                        ShapeRules.geofenceInLevel, "\(context.describe(geofence)) extends outside \(context.describe(level))", geofence))
            }
        }
    }

    /// Openings that cross or overlap each other, details that cross an opening.
    mutating func checkLines(_ features: [Feature]) {
        func lines(_ feature: Feature) -> [[Point]] {
            switch feature.geometry {
            case .lineString(let line)?: [line.map(projector.point)]
            case .multiLineString(let lines)?: lines.map { $0.map(projector.point) }
            default: []
            }
        }
        func bounds(_ parts: [[Point]]) -> Bounds {
            parts.flatMap { $0 }.reduce(Bounds.empty) { $0.union(Bounds(minX: $1.x, minY: $1.y, maxX: $1.x, maxY: $1.y)) }
        }
        let openings = features.filter { $0.imdfType == .opening }.map { ($0, lines($0)) }.filter { !$0.1.isEmpty }
        let boxes = openings.map { bounds($0.1).expanded(by: 0.001) }
        let order = openings.indices.sorted { boxes[$0].minX < boxes[$1].minX }
        for (position, i) in order.enumerated() {
            for j in order[(position + 1)...] {
                if boxes[j].minX > boxes[i].maxX { break }
                guard boxes[i].intersects(boxes[j]) else { continue }
                if openings[i].1.contains(where: { a in openings[j].1.contains { ShapeRules.linesCross(a, $0) } }) {
                    findings.append(
                        finding(
                            ShapeRules.openingsCross,
                            "opening \(context.short(openings[i].0.id)) crosses or overlaps opening \(context.short(openings[j].0.id))",
                            openings[i].0))
                }
            }
        }
        for detail in features where detail.imdfType == .detail {
            let parts = lines(detail)
            let box = bounds(parts)
            for (index, opening) in openings.enumerated() where box.intersects(boxes[index]) {
                if parts.contains(where: { a in opening.1.contains { ShapeRules.linesCross(a, $0) } }) {
                    findings.append(
                        finding(
                            ShapeRules.detailCrossesOpening,
                            "detail \(context.short(detail.id)) crosses opening \(context.short(opening.0.id))", detail))
                    break
                }
            }
        }
    }

    /// Amenities (and anchors) of one level at the same place.
    mutating func checkCoincidence(_ levelID: String) {
        for (type, rule) in [(FeatureType.amenity, ShapeRules.amenitiesCoincide), (.anchor, ShapeRules.anchorsCoincide)] {
            // Points rounded to the coincidence distance; neighbouring cells are looked at too.
            var cells: [[Int]: [(Feature, Point)]] = [:]
            for feature in shared.byUnitLevel[levelID] ?? [] where feature.imdfType == type {
                guard case .point(let position)? = feature.geometry else { continue }
                let point = projector.point(position)
                let cell = [
                    Int(saturating: (point.x / ShapeRules.coincidence).rounded(.down)),
                    Int(saturating: (point.y / ShapeRules.coincidence).rounded(.down)),
                ]
                // The first twin found is the one named: stopping there keeps 20,000 points at one
                // place linear (each used to be compared with all before it).
                var twin: Feature?
                search: for dx in -1...1 {
                    for dy in -1...1 {
                        for (other, otherPoint) in cells[[cell[0] &+ dx, cell[1] &+ dy]] ?? []
                        where otherPoint.distance(to: point) < ShapeRules.coincidence {
                            twin = other
                            break search
                        }
                    }
                }
                if let twin {
                    findings.append(
                        finding(
                            rule,
                            "\(type.rawValue) \(context.short(feature.id)) is at the place of \(type.rawValue) \(context.short(twin.id))",
                            feature, at: point))
                }
                cells[cell, default: []].append((feature, point))
            }
        }
    }

    /// The level's area that no unit covers. Units that fill their level add up to its area
    /// (their overlaps are G8's), which settles the usual case without GEOS; the union is
    /// computed only when the sum falls short.
    mutating func checkCoverage(_ level: Feature, _ levelShapes: [Polygon], _ units: [Feature], _ unitShapes: [[Polygon]?]) {
        let levelArea = ShapeRules.area(levelShapes)
        let tolerance = ShapeRules.coverageTolerance(levelArea)
        let present = unitShapes.compactMap { $0 }
        // No units at all breaks LevelMustBeReferencedByUnit (R4) and this rule both: each is
        // reported.
        guard !present.isEmpty else {
            if levelArea > tolerance {
                findings.append(
                    finding(
                        ShapeRules.levelCovered,
                        "all \(format(levelArea)) m² of \(context.describe(level)) is in no unit (\(units.isEmpty ? "it has none" : "none of its units has a polygon"))",
                        level))
            }
            return
        }
        let summed = present.reduce(0) { $0 + ShapeRules.area($1) }
        guard levelArea - summed > tolerance else { return }
        let covered = engine.intersectionArea(levelShapes, engine.union(present.flatMap { $0 }))
        let uncovered = levelArea - covered
        if uncovered > tolerance {
            findings.append(finding(ShapeRules.levelCovered, "\(format(uncovered)) m² of \(context.describe(level)) is in no unit", level))
        }
    }

    // MARK: - Venue-wide

    /// Footprints against each other and against their building's levels, levels of one ordinal
    /// against each other, and geofences against their buildings' footprints.
    mutating func checkFootprintsAndLevels() {
        let archive = context.archive
        var byCategory: [String: [Feature]] = [:]
        for footprint in archive.features(of: .footprint) { byCategory[footprint.string(.category) ?? "", default: []].append(footprint) }
        for (category, containRule, overlapRule) in [
            ("aerial", ShapeRules.aerialContainsAerial as AppleRule?, ShapeRules.aerialsOverlap),
            ("ground", ShapeRules.groundContainsGround, ShapeRules.groundsOverlap),
            ("subterranean", nil, ShapeRules.subterraneansOverlap),
        ] {
            let footprints = byCategory[category] ?? []
            let shapes = footprints.map { polygons(of: $0) }
            for (i, j) in overlappingPairs(shapes) {
                guard let a = shapes[i], let b = shapes[j] else { continue }
                if let containRule, isCovered(b, by: a) || isCovered(a, by: b) {
                    let (outer, inner) = isCovered(b, by: a) ? (footprints[i], footprints[j]) : (footprints[j], footprints[i])
                    findings.append(
                        finding(
                            containRule, "\(context.describe(outer)) contains or equals \(context.describe(inner)), both \(category)", inner
                        ))
                    continue
                }
                let area = engine.intersectionArea(a, b)
                if area > SpatialRules.overlapThreshold {
                    findings.append(
                        finding(
                            overlapRule,
                            "\(context.describe(footprints[i])) and \(context.describe(footprints[j])) overlap by \(format(area)) m², both \(category)",
                            footprints[i]))
                }
            }
        }
        var ofBuilding: [String: [String: [Polygon]]] = [:]
        for (category, footprints) in byCategory {
            for footprint in footprints {
                guard let shapes = polygons(of: footprint) else { continue }
                for building in footprint.strings(.buildingIDs) ?? [] {
                    ofBuilding[building, default: [:]][category, default: []] += shapes
                }
            }
        }
        for ground in byCategory["ground"] ?? [] {
            guard let shapes = polygons(of: ground) else { continue }
            for building in ground.strings(.buildingIDs) ?? [] {
                if let aerial = ofBuilding[building]?["aerial"], !isCovered(shapes, by: aerial) {
                    findings.append(
                        finding(
                            ShapeRules.aerialCoversGround,
                            "the aerial footprint of building \(context.short(building)) does not cover \(context.describe(ground))", ground
                        ))
                }
            }
        }
        let groundArea = engine.prepare(byCategory["ground"]?.compactMap { polygons(of: $0) }.flatMap { $0 } ?? [])
        for subterranean in byCategory["subterranean"] ?? [] {
            if let shapes = polygons(of: subterranean), !groundArea.intersects(shapes) {
                findings.append(
                    finding(ShapeRules.groundMeetsSubterranean, "\(context.describe(subterranean)) meets no ground footprint", subterranean)
                )
            }
        }
        let levels = archive.features(of: .level)
        for building in archive.features(of: .building) {
            let indoor = levels.filter { $0.bool(.outdoor) == false && ($0.strings(.buildingIDs) ?? []).contains(building.id) }
            for (category, ordinals, rule) in ShapeRules.levelsEqualFootprint {
                guard let footprint = ofBuilding[building.id]?[category] else { continue }
                let shapes = indoor.filter { ordinals.contains($0.integer(.ordinal) ?? 0) }.compactMap { polygons(of: $0) }.flatMap { $0 }
                guard !shapes.isEmpty else { continue }
                let outline = shapes.count == 1 ? shapes : engine.union(shapes)
                if !areEqual(outline, footprint) {
                    findings.append(
                        finding(rule, "the indoor levels of \(context.describe(building)) do not match its \(category) footprint", building)
                    )
                }
            }
        }
        for level in levels {
            guard let shapes = polygons(of: level) else { continue }
            let buildings = Set(level.strings(.buildingIDs) ?? [])
            for (category, footprints) in byCategory {
                guard let rule = ShapeRules.levelFootprintBuilding[category] else { continue }
                for footprint in footprints where buildings.isDisjoint(with: footprint.strings(.buildingIDs) ?? []) && !buildings.isEmpty {
                    guard let other = polygons(of: footprint), engine.intersectionArea(shapes, other) > SpatialRules.overlapThreshold else {
                        continue
                    }
                    findings.append(
                        finding(rule, "\(context.describe(level)) lies over \(context.describe(footprint)) of another building", level))
                }
            }
            if level.bool(.outdoor) == true, level.integer(.ordinal) == 0 {
                for footprint in byCategory["ground"] ?? [] {
                    guard let other = polygons(of: footprint) else { continue }
                    let area = engine.intersectionArea(shapes, other)
                    if area > SpatialRules.overlapThreshold {
                        findings.append(
                            finding(
                                ShapeRules.outdoorLevelOverGround,
                                "outdoor \(context.describe(level)) overlaps \(context.describe(footprint)) by \(format(area)) m²", level))
                    }
                }
            }
        }
        var byOrdinal: [Int: [Feature]] = [:]
        for level in levels { if let ordinal = level.integer(.ordinal) { byOrdinal[ordinal, default: []].append(level) } }
        for ordinal in byOrdinal.keys.sorted() { checkPairs(byOrdinal[ordinal]!, equal: nil, overlap: ShapeRules.levelsOverlap) }
        for geofence in archive.features(of: .geofence) {
            checkPolygonal(geofence)
            guard let shapes = polygons(of: geofence) else { continue }
            let buildings = geofence.strings(.buildingIDs) ?? []
            let footprint = buildings.flatMap { building in (ofBuilding[building] ?? [:]).values.flatMap { $0 } }
            if !buildings.isEmpty, !footprint.isEmpty,
                !engine.prepare(engine.buffer(footprint, by: SpatialRules.containmentTolerance)).covers(shapes)
            {
                findings.append(
                    finding(
                        ShapeRules.geofenceInBuilding, "\(context.describe(geofence)) extends outside the footprints of its buildings",
                        geofence))
            }
        }
    }
}
