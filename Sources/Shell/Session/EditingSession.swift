// What a prompt or a script is working on: the document and its history, where it came from, the
// building and level in use, the handles bound with `as`, and whether there are unsaved changes.

import Foundation
import Geometry
import IMDF
import Validation
import Workbench

public struct EditingSession: Sendable {
    public var history: History
    public var archivePath: String?
    public var buildingID: String?
    public var levelID: String?
    public var handles: [String: String] = [:]
    /// The last feature a command created (`$_`), and the last path node (`link=prev`).
    public var lastCreated: String?
    public var lastNode: String?
    /// The origin `frame` set explicitly; otherwise the level's south-west corner.
    public var explicitOrigin: Position?
    public private(set) var isDirty = false
    /// What `session export` writes: the context commands and the steps that made the document,
    /// without the steps undone (kept aside until a redo brings them back or an edit drops them).
    enum TranscriptEntry: Sendable, Equatable {
        case context(String)
        case step([String])
    }

    var transcript: [TranscriptEntry] = []
    var undoneSteps: [[String]] = []
    var openGroup: [String]?

    /// The ids the last command minted (the journal records them so a replay mints the same).
    public internal(set) var lastMinted: [String] = []
    public var ids = IDSource()

    public init(document: Document, archivePath: String? = nil) {
        history = History(document: document)
        self.archivePath = archivePath
        if let level = document.features(of: .level).first {
            levelID = level.id
            buildingID = level.strings("building_ids")?.first
        }
    }

    public var document: Document { history.document }

    /// After a command: a building or level in use that an edit, an undo or a redo removed (or
    /// turned into another type) is no longer in use, so no later command works in it.
    mutating func forgetVanishedContext() {
        if let levelID, document.feature(levelID)?.featureType != FeatureType.level.rawValue { self.levelID = nil }
        if let buildingID, document.feature(buildingID)?.featureType != FeatureType.building.rawValue { self.buildingID = nil }
    }

    mutating func markDirty() { isDirty = true }
    mutating func markSaved(as path: String) {
        isDirty = false
        archivePath = path
    }

    /// The frame local coordinates are given in: metres east and north of the origin.
    public var frame: LocalFrame {
        if let explicitOrigin { return LocalFrame(originLongitude: explicitOrigin.x, originLatitude: explicitOrigin.y) }
        if let levelID, let level = document.feature(levelID), let geometry = level.geometry {
            var minX = Double.infinity
            var minY = Double.infinity
            geometry.forEachPosition { minX = Swift.min(minX, $0.x); minY = Swift.min(minY, $0.y) }
            if minX.isFinite { return LocalFrame(originLongitude: minX, originLatitude: minY) }
        }
        if let venue = document.features(of: .venue).first, let point = venue.point("display_point") {
            return LocalFrame(originLongitude: point.x, originLatitude: point.y)
        }
        return LocalFrame(originLongitude: 0, originLatitude: 0)
    }

    /// The prompt: `imdf Hall 1/L3* > `.
    public var prompt: String {
        var context = ""
        let language = document.manifest.language
        if let buildingID, let building = document.feature(buildingID) {
            context += building.labels("name")?.preferred(language: language) ?? String(buildingID.prefix(8))
        }
        if let levelID, let level = document.feature(levelID) {
            let name = level.labels("short_name")?.preferred(language: language) ?? level.labels("name")?.preferred(language: language) ?? String(levelID.prefix(8))
            context += (context.isEmpty ? "" : "/") + name
        }
        return "imdf" + (context.isEmpty ? "" : " " + context) + (isDirty ? "*" : "") + " > "
    }
}
