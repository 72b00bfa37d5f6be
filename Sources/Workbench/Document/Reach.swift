// How far from the venue an edit may put geometry. A typing slip (`move unit 310 by 1e18,1`, a
// rect 1 m by 1,000,000 km) used to be accepted and then made validation and rendering work on
// meaningless numbers for minutes and gigabytes; no indoor map spans 100 km, so an edit whose
// shapes or points land further than that from the venue (its shape, else its levels) is refused,
// naming the feature.

import Geometry
import IMDF

extension Document {
    /// 100 km: the furthest from the venue an edit may put a position.
    public static let reach = 100_000.0

    /// The venue's reference point: its display point, else the first position of its shape.
    public var venueReference: Position? {
        guard let venue = features(of: .venue).first else { return nil }
        return venue.point(.displayPoint) ?? venue.geometry?.firstPosition
    }

    /// Where the venue is, as a longitude/latitude box: its shape's extent, else its levels'.
    /// Never its display point: a real archive's venue point can be a left-over thousands of
    /// kilometres away, and measuring from it would refuse every edit, its own repair included.
    public var venueExtent: Bounds? {
        func extent(_ features: some Sequence<Feature>) -> Bounds? {
            var box = Bounds.empty
            for feature in features {
                feature.geometry?.forEachPosition { position in
                    guard position.isLongitudeLatitude else { return }
                    box = box.union(Bounds(minX: position.x, minY: position.y, maxX: position.x, maxY: position.y))
                }
            }
            return box.isEmpty ? nil : box
        }
        return extent(features(of: .venue)) ?? extent(features(of: .level))
    }

    /// Metres from `position` to the venue's extent (0 inside it); nil for a document with neither
    /// a venue shape nor levels.
    public func metresFromVenue(_ position: Position) -> Double? {
        guard position.isLongitudeLatitude, let extent = venueExtent else { return nil }
        return Self.metres(from: position, to: extent)
    }

    /// Metres from `position` to the nearest point of the longitude/latitude box `box` (0 inside).
    public static func metres(from position: Position, to box: Bounds) -> Double {
        let nearest = (x: Swift.min(Swift.max(position.x, box.minX), box.maxX), y: Swift.min(Swift.max(position.y, box.minY), box.maxY))
        let point = LocalFrame(originLongitude: nearest.x, originLatitude: nearest.y).point(longitude: position.x, latitude: position.y)
        return (point.x * point.x + point.y * point.y).squareRoot()
    }

    /// Refuses a planned patch that puts a created or re-shaped feature's geometry (or display
    /// point) out of reach of the venue's extent, or at a position that is not a longitude and
    /// latitude at all. Features an edit leaves where they were are not judged: a distant feature
    /// read from an archive can still be renamed or deleted, and a display point moved into (or
    /// within a metre of) its own feature's shape is always accepted, so a misplaced point can
    /// be repaired wherever the feature lies.
    func checkReach(_ patch: Patch) throws(EditError) {
        let extent = venueExtent
        for change in patch.changes {
            let feature: Feature
            var judgesGeometry = true
            switch change {
            case .create(let created, _, _): feature = created
            case .modify(let before, let after):
                let geometryChanged = before.geometry != after.geometry
                guard geometryChanged || before.point(.displayPoint) != after.point(.displayPoint) else { continue }
                feature = after
                judgesGeometry = geometryChanged
            case .delete: continue
            }
            var worst: (distance: Double, position: Position)?
            func judge(_ position: Position) {
                guard position.isLongitudeLatitude else {
                    worst = (.infinity, position)
                    return
                }
                guard let extent else { return }
                let distance = Self.metres(from: position, to: extent)
                if distance > Self.reach, distance > (worst?.distance ?? 0) { worst = (distance, position) }
            }
            if judgesGeometry { feature.geometry?.forEachPosition(judge) }
            if let point = feature.point(.displayPoint), !Self.lies(point, within: feature) { judge(point) }
            guard let worst else { continue }
            let name = "\(feature.featureType) \(feature.id.prefix(8))"
            if worst.distance.isInfinite {
                throw EditError(
                    "\(name) would have the position \(worst.position.x),\(worst.position.y), which is not a longitude and latitude; nothing changed"
                )
            }
            let kilometres = Int(saturating: (worst.distance / 1000).rounded())
            throw EditError(
                "\(name) would lie \(kilometres) km from the venue; geometry more than \(Int(Self.reach / 1000)) km away is refused (nothing changed)"
            )
        }
    }

    /// Whether `point` is within a metre of `feature`'s own shape's extent.
    static func lies(_ point: Position, within feature: Feature) -> Bool {
        guard point.isLongitudeLatitude, let box = extent(of: feature) else { return false }
        return metres(from: point, to: box) <= 1
    }

    /// The longitude/latitude box of `feature`'s shape; nil without one.
    public static func extent(of feature: Feature) -> Bounds? {
        var box = Bounds.empty
        feature.geometry?.forEachPosition { box = box.union(Bounds(minX: $0.x, minY: $0.y, maxX: $0.x, maxY: $0.y)) }
        return box.isEmpty ? nil : box
    }
}
