// How far from the venue an edit may put geometry. A typing slip (`move unit 310 by 1e18,1`, a
// rect 1 m by 1,000,000 km) used to be accepted and then made validation and rendering work on
// meaningless numbers for minutes and gigabytes; no indoor map spans 100 km, so an edit whose
// shapes or points land further than that from the venue is refused, naming the feature.

import Geometry
import IMDF

extension Document {
    /// 100 km: the furthest from the venue's reference point an edit may put a position.
    public static let reach = 100_000.0

    /// The venue's reference point: its display point, else the first position of its shape.
    public var venueReference: Position? {
        guard let venue = features(of: .venue).first else { return nil }
        return venue.point(.displayPoint) ?? venue.geometry?.firstPosition
    }

    /// Refuses a planned patch that puts a created or re-shaped feature's geometry (or display
    /// point) out of reach, or at a position that is not a longitude and latitude at all.
    /// Features an edit leaves where they were are not judged: a distant feature read from an
    /// archive can still be renamed or deleted.
    func checkReach(_ patch: Patch) throws(EditError) {
        let reference = venueReference.flatMap { $0.x.isFinite && $0.y.isFinite ? $0 : nil }
        let frame = reference.map { LocalFrame(originLongitude: $0.x, originLatitude: $0.y) }
        for change in patch.changes {
            let feature: Feature
            switch change {
            case .create(let created, _, _): feature = created
            case .modify(let before, let after):
                guard before.geometry != after.geometry || before.point(.displayPoint) != after.point(.displayPoint) else { continue }
                feature = after
            case .delete: continue
            }
            var worst: (distance: Double, position: Position)?
            func judge(_ position: Position) {
                guard position.isLongitudeLatitude else {
                    worst = (.infinity, position)
                    return
                }
                guard let frame else { return }
                let point = frame.point(longitude: position.x, latitude: position.y)
                let distance = (point.x * point.x + point.y * point.y).squareRoot()
                if distance > Self.reach, distance > (worst?.distance ?? 0) { worst = (distance, position) }
            }
            feature.geometry?.forEachPosition(judge)
            if let point = feature.point(.displayPoint) { judge(point) }
            guard let worst else { continue }
            let name = "\(feature.featureType) \(feature.id.prefix(8))"
            if worst.distance.isInfinite {
                throw EditError("\(name) would have the position \(worst.position.x),\(worst.position.y), which is not a longitude and latitude; nothing changed")
            }
            let kilometres = Int(saturating: (worst.distance / 1000).rounded())
            throw EditError("\(name) would lie \(kilometres) km from the venue; geometry more than \(Int(Self.reach / 1000)) km away is refused (nothing changed)")
        }
    }
}
