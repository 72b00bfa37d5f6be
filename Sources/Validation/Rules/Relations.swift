// Who belongs to whom in an archive, worked out once for the rules that follow the hierarchy:
// a unit's level, an anchor's unit, a level's buildings, a building's levels and footprints.

import IMDF

struct Relations: Sendable {
    private(set) var levelOfUnit: [String: String] = [:]
    private(set) var unitOfAnchor: [String: String] = [:]
    private(set) var anchorOfOccupant: [String: String] = [:]
    private(set) var buildingsOfLevel: [String: [String]] = [:]
    private(set) var levelsOfBuilding: [String: [Feature]] = [:]
    private(set) var footprintsOfBuilding: [String: [Feature]] = [:]
    private(set) var unitCountOfLevel: [String: Int] = [:]
    private(set) var openingCountOfLevel: [String: Int] = [:]

    init(_ archive: IMDFArchive) {
        for unit in archive.features(of: .unit) {
            guard let level = unit.string(.levelID) else { continue }
            levelOfUnit[unit.id] = level
            unitCountOfLevel[level, default: 0] += 1
        }
        for opening in archive.features(of: .opening) {
            if let level = opening.string(.levelID) { openingCountOfLevel[level, default: 0] += 1 }
        }
        for anchor in archive.features(of: .anchor) { unitOfAnchor[anchor.id] = anchor.string(.unitID) }
        for occupant in archive.features(of: .occupant) { anchorOfOccupant[occupant.id] = occupant.string(.anchorID) }
        for level in archive.features(of: .level) {
            let buildings = level.strings(.buildingIDs) ?? []
            buildingsOfLevel[level.id] = buildings
            for building in buildings { levelsOfBuilding[building, default: []].append(level) }
        }
        for footprint in archive.features(of: .footprint) {
            for building in footprint.strings(.buildingIDs) ?? [] { footprintsOfBuilding[building, default: []].append(footprint) }
        }
    }

    /// The levels a feature stands on: its level_id or level_ids, or through its unit, its
    /// units (an amenity) or its anchor (an occupant).
    func levels(of feature: Feature) -> [String] {
        if let level = feature.string(.levelID) { return [level] }
        if let levels = feature.strings(.levelIDs) { return levels }
        switch feature.imdfType {
        case .anchor?: return feature.string(.unitID).flatMap { levelOfUnit[$0] }.map { [$0] } ?? []
        case .amenity?:
            var levels: [String] = []
            for unit in feature.strings(.unitIDs) ?? [] {
                if let level = levelOfUnit[unit], !levels.contains(level) { levels.append(level) }
            }
            return levels
        case .occupant?:
            return feature.string(.anchorID).flatMap { unitOfAnchor[$0] }.flatMap { levelOfUnit[$0] }.map { [$0] } ?? []
        default: return []
        }
    }

    /// The buildings a feature is in, through its levels (or its own building_ids).
    func buildings(of feature: Feature) -> [String] {
        if feature.imdfType == .level || feature.imdfType == .geofence || feature.imdfType == .footprint,
            let buildings = feature.strings(.buildingIDs), !buildings.isEmpty
        {
            return buildings
        }
        var buildings: [String] = []
        for level in levels(of: feature) {
            for building in buildingsOfLevel[level] ?? [] where !buildings.contains(building) { buildings.append(building) }
        }
        return buildings
    }
}

/// Text as compared for "the same name": case, surrounding and repeated spaces ignored.
enum NameKey {
    static func of(_ text: String) -> String {
        // Text of ASCII, byte by byte: lower-casing changes only A-Z, and the white space
        // characters are tab to carriage return and space (a CR LF pair is one, and splits the
        // same). Looking up each character's Unicode properties took most of comparing names.
        if let key = text.utf8.withContiguousStorageIfAvailable({ bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var key: [UInt8] = []
            key.reserveCapacity(bytes.count)
            var pendingSpace = false
            for byte in bytes {
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    pendingSpace = !key.isEmpty
                    continue
                }
                if pendingSpace { key.append(0x20) }
                pendingSpace = false
                key.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
            return String(decoding: key, as: UTF8.self)
        }), let key {
            return key
        }
        return text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Each label of a LABELS value as `language:text`, for comparing names language by language.
    static func labels(_ labels: Labels?) -> Set<String> {
        Set((labels?.labels ?? []).map { "\($0.language.lowercased()):\(of($0.text))" }.filter { !$0.hasSuffix(":") })
    }
}
