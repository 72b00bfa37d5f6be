// What a room is for, as an IMDF unit category, from the words a drawing uses for it: a room
// tag's type (房间属性：办公室), the room's name ("Kitchen", "卫生间") or the layer it is drawn on
// (`Offices`, `Meeting rooms`, `Toilets`). The words are a table, by category, in English,
// German, French, Spanish, Italian, Danish, Chinese and Japanese - easy to extend. A word written
// in Latin letters matches a whole word of the text (or its plural); one in Han or kana matches
// anywhere in it, as those scripts do not separate words.

import Foundation
import Synchronization

public enum RoomFunctions {
    /// Categories and their words, the more specific first: a "meeting room" is a conference
    /// room before it is anything else.
    static let table: [(category: String, words: [String])] = [
        (
            "restroom",
            [
                "toilet", "restroom", "rest room", "wc", "lavatory", "washroom", "bathroom", "sanitary", "wc-anlage", "toiletten",
                "sanitär",
                "sanitaer", "toilettes", "sanitaires", "aseo", "aseos", "baño", "baños", "bano", "banos", "sanitario", "sanitarios",
                "servicios", "bagno", "bagni", "servizi", "卫生间", "厕所", "洗手间", "衛生間", "廁所", "洗手間", "トイレ", "便所",
                "化粧室",
            ]
        ),
        ("shower", ["shower", "dusche", "douche", "ducha", "doccia", "淋浴", "シャワー"]),
        (
            "conferenceroom",
            [
                "meeting", "conference", "boardroom", "besprechung", "besprechungsraum", "konferenz", "konferenzraum", "sitzungszimmer",
                "réunion", "reunion", "salle de réunion", "sala de juntas", "juntas", "sala de reuniones", "reuniones", "riunione",
                "riunioni", "mødelokale", "møderum", "会议", "會議", "会議", "打合せ",
            ]
        ),
        (
            "classroom",
            [
                "classroom", "class room", "lecture", "seminar", "hörsaal", "hoersaal", "seminarraum", "klassenzimmer", "salle de classe",
                "salle de cours", "aula", "salon de clases", "clase", "clases", "classe", "undervisning", "教室", "课室", "講義室",
            ]
        ),
        (
            "laboratory",
            [
                "lab", "laboratory", "labor", "laboratoire", "laboratorio", "laboratorium", "实验", "實驗", "実験", "研究室",
            ]
        ),
        ("serverroom", ["server", "server room", "serverraum", "salle serveur", "服务器", "伺服器", "机房", "機房", "サーバ"]),
        (
            "library",
            ["library", "bibliothek", "bibliothèque", "bibliotheque", "biblioteca", "bibliotek", "图书", "圖書", "図書", "阅览", "閱覽"]
        ),
        (
            "storage",
            [
                "storage", "store", "storeroom", "store room", "closet", "lager", "abstellraum", "abstell", "rangement", "réserve",
                "almacén", "almacen", "bodega", "magazzino", "ripostiglio", "depot", "储藏", "储物", "仓库", "库房", "倉庫", "儲藏", "収納",
                "物置", "納戸",
            ]
        ),
        (
            "kitchen",
            [
                "kitchen", "kitchenette", "pantry", "tea", "coffee", "küche", "kueche", "teeküche", "cuisine", "cocina", "cucina",
                "køkken", "厨房", "茶水", "廚房", "台所", "キッチン", "給湯",
            ]
        ),
        (
            "foodservice",
            ["cafeteria", "canteen", "restaurant", "mensa", "kantine", "cantine", "comedor", "食堂", "餐厅", "餐廳"]
        ),
        ("auditorium", ["auditorium", "hall of lectures", "aula magna", "报告厅", "報告廳", "礼堂", "講堂"]),
        ("mailroom", ["mailroom", "mail room", "post room", "poststelle", "收发", "郵便"]),
        ("fitnessroom", ["gym", "fitness", "fitnessraum", "gimnasio", "palestra", "健身", "ジム"]),
        ("waitingroom", ["waiting", "wartezimmer", "warteraum", "salle d'attente", "sala de espera", "attesa", "等候", "候车", "待合"]),
        ("lounge", ["lounge", "aufenthaltsraum", "salon", "sala de estar", "休息", "ラウンジ"]),
        (
            "office",
            [
                "office", "offices", "büro", "buero", "bureau", "oficina", "despacho", "ufficio", "kontor", "办公", "辦公", "事務室",
                "事務所", "オフィス",
            ]
        ),
        (
            "lobby",
            [
                "lobby", "foyer", "entrance hall", "vestibule", "eingangshalle", "vestíbulo", "vestibulo", "atrio", "大厅", "门厅", "大廳", "門廳",
                "ロビー", "玄関",
            ]
        ),
        (
            "walkway",
            [
                "corridor", "hallway", "hall way", "passage", "flur", "korridor", "gang", "couloir", "pasillo", "corridoio", "走廊", "过道",
                "走道", "過道", "廊下",
            ]
        ),
        (
            "stairs",
            [
                "stair", "stairs", "staircase", "stairwell", "treppe", "treppenhaus", "escalier", "escalera", "scala", "trappe", "楼梯", "樓梯",
                "階段",
            ]
        ),
        ("elevator", ["elevator", "lift", "aufzug", "ascenseur", "ascensor", "ascensore", "elevador", "电梯", "電梯", "エレベーター"]),
        ("parking", ["parking", "garage", "carport", "parkplatz", "estacionamiento", "aparcamiento", "停车", "停車", "駐車"]),
        (
            "nonpublic",
            ["mechanical", "electrical", "plant room", "technik", "haustechnik", "local technique", "设备", "配电", "設備", "機械室", "電気室"]
        ),
    ]

    /// Categories of rooms a layer named for them holds: the layers of circulation (stairs, lifts,
    /// corridors) draw treads, shafts and cars rather than rooms.
    static let roomLayerCategories: Set<String> = [
        "restroom", "shower", "conferenceroom", "classroom", "laboratory", "serverroom", "library", "storage", "kitchen",
        "foodservice", "auditorium", "mailroom", "fitnessroom", "waitingroom", "lounge", "office", "lobby",
    ]

    /// The table's words sorted once by how they are matched: Latin words against the text's words
    /// (folded: no case, no accents), phrases against its run of words, Han and kana anywhere.
    /// Phrases and glyphs are kept as the bytes of their UTF-8, searched for as bytes, not with
    /// Foundation's `contains`, which compares as a locale does: with the folding below, the
    /// categories took 5 ms of processor time in a teaching building's import.
    struct Entry {
        var category: String
        var words: Set<String>
        /// Each phrase (" meeting room") followed by a space, and by "s " (a plural).
        var phrases: [[UInt8]]
        var glyphs: [[UInt8]]
    }

    static let entries: [Entry] = table.map { category, words in
        var entry = Entry(category: category, words: [], phrases: [], glyphs: [])
        for word in words {
            if word.unicodeScalars.contains(where: { $0.value >= 0x3000 }) {
                entry.glyphs.append(Array(word.utf8))
                continue
            }
            let parts = word.folding(options: .diacriticInsensitive, locale: nil).split { !$0.isLetter && !$0.isNumber }
            if parts.count > 1 {
                let phrase = " " + parts.joined(separator: " ")
                entry.phrases += [Array((phrase + " ").utf8), Array((phrase + "s ").utf8)]
            } else {
                entry.words.insert(String(parts[0]))
            }
        }
        return entry
    }

    /// The category the words of `text` name, if any. Each text is worked out once: a drawing
    /// asks for the same few layer names and room names hundreds of times, and folding a text's
    /// case and accents is Foundation's (CoreFoundation's) slow work.
    public static func category(of text: String) -> String? {
        if let known = known.withLock({ $0[text] }) { return known }
        let found = worked(text)
        known.withLock { $0[text] = found }
        return found
    }

    private static let known = Mutex<[String: String?]>([:])

    private static func worked(_ text: String) -> String? {
        let lowered = text.lowercased()
        // Words end where letters do: `BathRoom1`, `Office_2`, `WC3`.
        let tokens = lowered.folding(options: .diacriticInsensitive, locale: nil).split { !$0.isLetter }.map(String.init)
        // A word or its plural: "offices" is "office", "classes" "class".
        var forms = Set(tokens)
        for token in tokens {
            if token.hasSuffix("s") { forms.insert(String(token.dropLast())) }
            if token.hasSuffix("es") { forms.insert(String(token.dropLast(2))) }
        }
        let spaced = Array((" " + tokens.joined(separator: " ") + " ").utf8)
        let glyphs = lowered.unicodeScalars.contains { $0.value >= 0x3000 } ? Array(lowered.utf8) : nil
        for entry in entries {
            if !entry.words.isDisjoint(with: forms) { return entry.category }
            if entry.phrases.contains(where: { ByteSearch.holds(spaced, $0) }) { return entry.category }
            if let glyphs, entry.glyphs.contains(where: { ByteSearch.holds(glyphs, $0) }) { return entry.category }
        }
        return nil
    }

    /// Whether a layer is named for a kind of room (`Offices`, `Meeting rooms`, `Toilets`, `WC`):
    /// its closed outlines are rooms of that category.
    public static func namesRooms(_ layer: String) -> Bool {
        category(of: layer).map(roomLayerCategories.contains) ?? false
    }
}
