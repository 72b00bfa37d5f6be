// Room tags written as `key: value` lines - 房间编号：106 / 房间名称：团委 / 使用面积：60.33㎡ /
// 使用人员：... , "Room No.: 2.041 / Name: Seminar / Area: 24 m²" - read by their keys: the
// number is the room's alt_name, the name its name; type and area are no names; the people who
// use the room are never read at all. The keys are a table, by language, to extend.

import Foundation

enum LabelKey: Sendable, Equatable {
    case number, name, type, area, people

    /// Keys as they are written, lowercased, without the colon; longest first where one is
    /// another's start. Chinese, English, German, French, Spanish, Italian, Danish.
    static let table: [(LabelKey, [String])] = [
        (
            .people,
            [
                "使用人员", "使用人", "管理人员", "负责人", "人员", "使用者", "occupants", "occupant", "users", "user", "staff", "people",
                "persons", "person", "employees", "nutzer", "mitarbeiter", "personen", "person(en)", "occupants", "utilisateurs",
                "utilisateur", "personnel", "ocupantes", "ocupante", "usuarios", "usuario", "personal", "utenti", "occupanti",
                "brugere", "medarbejdere",
            ]
        ),
        (
            .number,
            [
                "房间编号", "房间号", "房号", "编号", "room number", "room no.", "room no", "room nr", "room #", "no.", "nr.", "raumnummer",
                "raum-nr.", "raum-nr", "raumnr.", "numéro de salle", "numéro", "n°", "número", "núm.", "numero", "nummer", "rumnummer",
            ]
        ),
        (
            .name,
            [
                "房间名称", "房间名", "名称", "room name", "name", "raumname", "raumbezeichnung", "bezeichnung", "nom de la salle", "nom",
                "nombre", "nome", "navn", "rumnavn",
            ]
        ),
        (
            .type,
            [
                "房间属性", "属性", "用途", "类型", "房间类型", "type", "use", "usage", "room type", "function", "nutzung", "raumart", "typ",
                "type de local", "affectation", "uso", "tipo", "destinazione", "funktion", "anvendelse",
            ]
        ),
        (
            .area,
            [
                "使用面积", "建筑面积", "面积", "area", "net area", "gross area", "fläche", "nutzfläche", "grundfläche", "surface",
                "superficie", "área", "areal",
            ]
        ),
    ]

    /// The key and value of a `key: value` line, when the key is one of the table's.
    static func split(_ line: String) -> (LabelKey, String)? {
        guard let colon = line.firstIndex(where: { $0 == ":" || $0 == "：" }) else { return nil }
        let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty, key.count <= 24 else { return nil }
        for (kind, words) in table where words.contains(key) { return (kind, value) }
        return nil
    }

    /// Whether a layer holds the names of people (who sits where): its texts are never labels.
    static func namesPeople(_ layer: String) -> Bool {
        let name = layer.lowercased()
        return ["人员", "人名", "staff", "people", "occupant", "person", "employee", "mitarbeiter", "personnel", "nutzer"].contains {
            name.holdsBytes($0)
        }
    }
}
