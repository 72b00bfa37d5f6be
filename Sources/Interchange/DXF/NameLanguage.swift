// The language tag imported names carry. A drawing's room names are in the drawing's language,
// which is not always the archive's: Chinese names in an `en` archive are no English. The script
// the names are written in decides when it rules the archive's language out: kana is Japanese,
// Han without kana Chinese, Hangul Korean; Cyrillic, Arabic and Latin names keep the archive's
// language when it is written in that script and are tagged by the script alone (`und-Cyrl`)
// when it is not. Names of digits and signs alone take the archive's language.

import Foundation

enum NameLanguage {
    enum Script: String, CaseIterable {
        case han, kana, hangul, cyrillic, arabic, hebrew, greek, thai, latin
    }

    static func script(of scalar: Unicode.Scalar) -> Script? {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: .kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: .han
        case 0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F: .hangul
        case 0x0400...0x04FF, 0x0500...0x052F: .cyrillic
        case 0x0600...0x06FF, 0x0750...0x077F: .arabic
        case 0x0590...0x05FF: .hebrew
        case 0x0370...0x03FF: .greek
        case 0x0E00...0x0E7F: .thai
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: .latin
        default: nil
        }
    }

    /// The archive languages written in each script other than Latin.
    static let languages: [Script: Set<String>] = [
        .han: ["zh", "ja"], .kana: ["ja"], .hangul: ["ko"],
        .cyrillic: ["ru", "uk", "bg", "sr", "be", "mk", "kk", "ky", "mn", "tg"], .arabic: ["ar", "fa", "ur", "ps"], .hebrew: ["he", "yi"],
        .greek: ["el"], .thai: ["th"],
    ]
    /// The tag for names of a script the archive's language is not written in.
    static let defaults: [Script: String] = [
        .han: "zh", .kana: "ja", .hangul: "ko", .cyrillic: "und-Cyrl", .arabic: "und-Arab", .hebrew: "he", .greek: "el", .thai: "th",
        .latin: "und-Latn",
    ]

    /// The tag for `names` in an archive whose language is `archive`, and why, when it is not
    /// the archive's.
    static func tag(for names: [String], archive: String) -> (tag: String, reason: String?) {
        var counts: [Script: Int] = [:]
        for name in names {
            for scalar in name.unicodeScalars { if let script = script(of: scalar) { counts[script, default: 0] += 1 } }
        }
        guard let dominant = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key.rawValue > $1.key.rawValue) })?.key
        else { return (archive, nil) }
        // Any kana at all makes Han names Japanese.
        let script: Script = dominant == .han && counts[.kana] != nil ? .kana : dominant
        let primary = archive.split(separator: "-").first.map { String($0).lowercased() } ?? archive
        let archiveScripts = languages.filter { $0.value.contains(primary) }.map(\.key)
        let fits = script == .latin ? archiveScripts.isEmpty : archiveScripts.contains(script)
        if fits { return (archive, nil) }
        let tag = defaults[script]!
        return (
            tag,
            "names in \(script == .kana ? "Japanese (kana and kanji)" : "\(script.rawValue.capitalized) script"), tagged \(tag): the archive's language is \(archive)"
        )
    }
}
