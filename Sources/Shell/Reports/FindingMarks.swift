// Findings drawn on a level's picture (`render --findings`, the SVG and the browser view): the
// rule set's findings become the scene's marks here, so that drawing does not depend on the rules.

import Geometry
import IMDF
import Render
import Validation
import Workbench

extension LevelScene {
    /// Adds the findings about this level's features that have a place on the map: spatial findings
    /// at their location, errors at the feature's display point or first coordinate. The others
    /// (a missing property, an unknown key) are only counted: marked, they would bury the plan.
    public mutating func addFindings(_ findings: some Collection<Finding>, of document: Document, in frame: LocalFrame) {
        let unitIDs = Set(units.map(\.id))
        overlay.showsFindings = true
        overlay.findings = findings.compactMap { finding in
            let feature = finding.featureID.flatMap(document.feature)
            let onLevel = feature.map { $0.id == levelID || LevelScene.belongs($0, to: levelID, units: unitIDs) } ?? false
            guard onLevel else { return nil }
            guard finding.location != nil || finding.severity == .error else {
                overlay.unplacedFindings += 1
                return nil
            }
            let position: Position? =
                finding.location.map { Position(x: $0.longitude, y: $0.latitude) }
                ?? feature?.point(.displayPoint) ?? feature?.geometry?.firstPosition
            guard let position, position.x.isFinite, position.y.isFinite else { return nil }
            return FindingMark(
                code: finding.code.rawValue, severity: finding.severity, message: finding.message,
                featureID: finding.featureID, point: frame.point(longitude: position.x, latitude: position.y))
        }
    }
}
