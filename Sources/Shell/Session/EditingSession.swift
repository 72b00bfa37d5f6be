// What a prompt or a script is working on: the document and its history, where it came from, the
// building and level in use, the handles bound with `as`, and whether there are unsaved changes.

import FindingReports
import Foundation
import Geometry
import IMDF
import Render
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
    /// What `session export` writes: the context commands and the steps that made the document,
    /// without the steps undone (kept aside until a redo brings them back or an edit drops them).
    enum TranscriptEntry: Sendable, Equatable {
        case context(String)
        /// One command, or a group's commands with its label.
        case step(label: String?, [String])
    }

    var transcript: [TranscriptEntry] = []
    var undoneSteps: [TranscriptEntry] = []
    var openGroup: (label: String?, commands: [String])?

    /// Where the history stood when the document was last saved (or opened); nil for a document
    /// that has never been saved and has changes (`new --template`).
    var savedMarker: History.Marker?
    public var ids = IDSource()
    /// Whether the prompt (and `imdf run --echo`) reports after each edit the findings it
    /// introduced or resolved (`findings on|off`).
    public var reportsEditFindings = true
    /// The archive file(s) as this session opened or last saved them: a save over the archive
    /// refuses when they have changed since (unless forced).
    var onDisk: DiskSignature?
    /// Set for a script run: `save` lines are carried out only when the whole run succeeds.
    public var deferredSaving: DeferredSaving?

    public init(document: Document, archivePath: String? = nil) {
        history = History(document: document)
        self.archivePath = archivePath
        savedMarker = history.marker
        if let level = document.features(of: .level).first {
            levelID = level.id
            buildingID = level.strings(.buildingIDs)?.first
        }
    }

    public var document: Document { history.document }

    /// Whether the document differs from what was last saved: undoing back to it is clean again.
    public var isDirty: Bool { savedMarker != history.marker }

    mutating func markSaved(as path: String) {
        savedMarker = history.marker
        archivePath = path
        onDisk = DiskSignature(of: path)
    }

    /// The frame local coordinates are given in: metres east and north of the origin.
    public var frame: LocalFrame {
        if let explicitOrigin { return LocalFrame(originLongitude: explicitOrigin.x, originLatitude: explicitOrigin.y) }
        if let levelID, let level = document.feature(levelID), let geometry = level.geometry {
            var minX = Double.infinity
            var minY = Double.infinity
            geometry.forEachPosition {
                minX = Swift.min(minX, $0.x)
                minY = Swift.min(minY, $0.y)
            }
            if minX.isFinite { return LocalFrame(originLongitude: minX, originLatitude: minY) }
        }
        // The venue's display point, unless it lies away from the venue's shape (a left-over
        // thousands of kilometres off): then the south-west corner of the venue's extent.
        if let venue = document.features(of: .venue).first, let point = venue.point(.displayPoint),
            (document.metresFromVenue(point) ?? 0) <= 1_000
        {
            return LocalFrame(originLongitude: point.x, originLatitude: point.y)
        }
        if let extent = document.venueExtent { return LocalFrame(originLongitude: extent.minX, originLatitude: extent.minY) }
        return LocalFrame(originLongitude: 0, originLatitude: 0)
    }

    /// The prompt: `imdf Hall 1/L3* > `, with `[label]` while a group is open.
    public var prompt: String {
        var context = ""
        let language = document.labelLanguage
        if let buildingID, let building = document.feature(buildingID) {
            context += building.labels(.name)?.preferred(language: language) ?? document.shortID(buildingID)
        }
        if let levelID, let level = document.feature(levelID) {
            let name =
                level.labels(.shortName)?.preferred(language: language) ?? level.labels(.name)?.preferred(language: language)
                ?? document.shortID(levelID)
            context += (context.isEmpty ? "" : "/") + name
        }
        // An open group shows, so nobody forgets to commit it: `imdf Hall 1/L3* [renovate] > `.
        let group = history.isGrouping ? " [" + TerminalText.escaped(openGroup?.label ?? "group") + "]" : ""
        return "imdf" + (context.isEmpty ? "" : " " + context) + (isDirty ? "*" : "") + group + " > "
    }
}
