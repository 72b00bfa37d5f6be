// `new [--template NAME]` at the prompt: the document is replaced by a new, untitled one from a
// starter template (Templates/). It is journaled like an edit: replaying it gives the same
// document, since a template is a fixed archive. Refused while there are unsaved changes.

import FindingReports
import IMDF
import Workbench

enum TemplateCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "new", [.keyword("--template", [Parameter("NAME", .template)]), .keyword("at", [Parameter("@LON,LAT", .text)])],
            changesDocument: true,
            "start a new, untitled document from a template (blank unless named), its venue at @LON,LAT if given",
            example: "new --template office-floor at @2.1499,41.3705"
        ) { session, args in
            guard !session.isDirty else {
                throw EditError("new: there are unsaved changes; save them (or undo them) first", argument: "new")
            }
            guard let catalog = TemplateCatalog.find() else {
                throw EditError("new: no Templates folder found (set IMDF_TEMPLATES to one)")
            }
            let name = args.value(after: "--template") ?? "blank"
            guard let template = catalog.template(name) else {
                throw EditError(
                    "new: no template \"\(name)\" (there are: \(catalog.templates.map(\.name).joined(separator: ", ")))",
                    argument: "--template")
            }
            var load: ArchiveLoad
            do {
                load = try ArchiveReader.read(template.path)
            } catch {
                throw EditError("new: the template \(template.path) cannot be read", argument: "--template")
            }
            let featureCount = load.archive.featureCount
            // Taken over from the reading, so the document is its only holder (see `open`).
            var archive = load.takeArchive().archive
            if let at = args.value(after: "at") {
                archive = TemplatePlacement.moved(archive, to: try TemplatePlacement.place(at, argument: "at"))
            }
            let (ids, reportsEditFindings) = (session.ids, session.reportsEditFindings)
            session = EditingSession(document: Document(consume archive))
            session.ids = ids
            // A choice of what to show lasts the whole session.
            session.reportsEditFindings = reportsEditFindings
            // Never saved, and not empty: unsaved until written somewhere.
            session.savedMarker = nil
            return CommandOutcome(
                .newDocument, "new document from the \(name) template: \(featureCount) features (save PATH writes it)")
        }
    ]
}
