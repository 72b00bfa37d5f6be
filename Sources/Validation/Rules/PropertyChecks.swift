// F4-F8 and O1: each property against its schema entry (FeatureType.schema).

import Foundation
import IMDF

enum PropertyChecks {
    static func check(_ place: FeaturePlace, _ context: ValidationContext, into findings: inout [Finding]) {
        let schema = place.type.schema
        var missing: [String] = []
        for spec in schema {
            guard let value = place.feature.properties[spec.key] else {
                if spec.isRequired {
                    let apple = AppleRules.requiredProperty(place.type, key: spec.key)
                    findings.append(
                        place.finding(
                            .F4, "required property \"\(spec.key)\" is missing", rule: apple?.rule, severity: apple?.severity,
                            fix: fixForRequired(spec, place)))
                } else {
                    missing.append(spec.key)
                }
                continue
            }
            if value.isNull {
                if spec.isRequired {
                    let apple = AppleRules.requiredProperty(place.type, key: spec.key)
                    findings.append(
                        place.finding(
                            .F4, "required property \"\(spec.key)\" is null", rule: apple?.rule, severity: apple?.severity,
                            fix: fixForRequired(spec, place)))
                }
                continue
            }
            checkValue(value, spec, place, into: &findings)
        }
        if !missing.isEmpty {
            findings.append(place.finding(.F5, "property keys missing (IMDF writes them as null): \(missing.joined(separator: ", "))"))
        }
        let unknown = place.feature.properties.keys.filter { key in !schema.contains { $0.key == key } }
        if !unknown.isEmpty {
            findings.append(
                place.finding(.F6, "properties IMDF does not define for \(place.type.rawValue): \(unknown.joined(separator: ", ")) (kept)"))
        }
        checkAltName(place, into: &findings)
        for key in place.feature.properties.duplicateKeys {
            findings.append(place.finding(.F1, "property \"\(key)\" appears more than once; readers see only the first"))
        }
    }

    static func fixForRequired(_ spec: PropertySpec, _ place: FeaturePlace) -> Fix {
        let id = place.feature.id
        switch spec.kind {
        case .category(let list):
            return Fix(
                "set a \(list.rawValue) value",
                repair: .choose(feature: id, key: spec.key, list.values.first.map(ChoiceHint.example) ?? .value))
        case .reference(let target), .referenceArray(let target):
            return Fix("point \(spec.key) at a \(target.rawValue)", repair: .choose(feature: id, key: spec.key, .reference(target)))
        default:
            return Fix("set \(spec.key)", repair: .choose(feature: id, key: spec.key, .value))
        }
    }

    static func wrongType(_ value: JSONValue, _ key: String, _ expected: String, _ place: FeaturePlace) -> Finding {
        place.finding(.F4t, "\"\(key)\" must be \(expected), found \(value.kindName)")
    }

    static func category(_ text: String, in list: CategoryList, key: String, _ place: FeaturePlace) -> Finding? {
        guard !list.contains(text) else { return nil }
        let advice = Suggestion.advice(for: text, in: list)
        let fix = advice.convincing.map {
            Fix("use \"\($0)\"", repair: .set(feature: place.feature.id, key: key, .text($0)))
        }
        return place.finding(
            .F4c, "\(key) \"\(text)\" is not in \(list.rawValue)\(advice.hint)",
            rule: AppleRules.enumeratedValue(place.type, key: key), fix: fix)
    }

    /// The string, or a wrong-type finding.
    static func string(_ value: JSONValue, _ spec: PropertySpec, _ place: FeaturePlace, _ findings: inout [Finding]) -> String? {
        if let text = value.stringValue { return text }
        findings.append(wrongType(value, spec.key, "a string", place))
        return nil
    }

    static func checkValue(_ value: JSONValue, _ spec: PropertySpec, _ place: FeaturePlace, into findings: inout [Finding]) {
        let key = spec.key
        switch spec.kind {
        case .category(let list):
            if let text = string(value, spec, place, &findings), let finding = category(text, in: list, key: key, place) {
                findings.append(finding)
            }
        case .categoryArray(let list):
            guard let items = value.arrayValue else { return findings.append(wrongType(value, key, "an array of strings", place)) }
            for item in items {
                guard let text = item.stringValue else { return findings.append(wrongType(item, key, "an array of strings", place)) }
                if let finding = category(text, in: list, key: key, place) { findings.append(finding) }
            }
        case .oneOf(let values):
            if let text = string(value, spec, place, &findings), !values.contains(text) {
                let rule = place.type == .relationship && key == PropertyKey.direction.rawValue ? StructureRules.direction.name : nil
                findings.append(place.finding(.F4c, "\(key) \"\(text)\" must be one of \(values.joined(separator: ", "))", rule: rule))
            }
        case .labels:
            checkLabels(value, spec, place, into: &findings)
        case .string:
            _ = string(value, spec, place, &findings)
        case .boolean:
            if value.boolValue == nil { findings.append(wrongType(value, key, "true or false", place)) }
        case .integer:
            guard let number = value.numberValue else { return findings.append(wrongType(value, key, "an integer", place)) }
            if !number.isIntegral { findings.append(place.finding(.O1, "\(key) \(number.text) is not an integer")) }
        case .displayPoint, .reference, .referenceArray, .featureReference, .featureReferenceArray:
            break  // GeometryChecks and ReferenceChecks
        case .uuid:
            // Apple asks a version 4 UUID of a correlation_id, as of an id.
            if let text = string(value, spec, place, &findings), !Formats.isVersion4UUID(text) {
                findings.append(
                    place.finding(.F8, "\(key) \"\(text)\" is not a version 4 UUID", rule: AppleRules.format(spec.kind), severity: .error))
            }
        case .hours:
            if let text = string(value, spec, place, &findings), Formats.isBlank(text, newlines: false) {
                findings.append(place.finding(.F8, "hours is blank", rule: AppleRules.format(spec.kind), severity: .error))
            }
        case .phone:
            if let text = string(value, spec, place, &findings), !Formats.isPhone(text) {
                findings.append(
                    place.finding(
                        .F8, "phone \"\(text)\" is not E.164 (+ and up to 15 digits)", rule: AppleRules.format(spec.kind), severity: .error)
                )
            }
        case .website:
            if let text = string(value, spec, place, &findings), !Formats.isWebsite(text) {
                findings.append(
                    place.finding(.F8, "website \"\(text)\" is not an http(s) URL", rule: AppleRules.format(spec.kind), severity: .error))
            }
        case .countryCode:
            if let text = string(value, spec, place, &findings), !Formats.isCountryCode(text) {
                findings.append(
                    place.finding(
                        .F8, "country \"\(text)\" is not an ISO 3166 alpha-2 code", rule: AppleRules.format(spec.kind), severity: .error))
            }
        case .subdivisionCode:
            if let text = string(value, spec, place, &findings), !Formats.isSubdivisionCode(text) {
                findings.append(
                    place.finding(
                        .F8, "province \"\(text)\" is not an ISO 3166-2 code (e.g. US-CA)", rule: AppleRules.format(spec.kind),
                        severity: .error))
            }
        case .door:
            guard let door = value.objectValue else { return findings.append(wrongType(value, key, "an object", place)) }
            if let type = door["type"]?.stringValue, let finding = category(type, in: .doorType, key: "door.type", place) {
                findings.append(finding)
            }
            if let material = door["material"], !material.isNull {
                if let text = material.stringValue {
                    if !StructureRules.doorMaterials.contains(text) {
                        findings.append(
                            place.finding(
                                .F4c, "door.material \"\(text)\" must be one of \(StructureRules.doorMaterials.joined(separator: ", "))",
                                rule: StructureRules.doorMaterial.name))
                    }
                } else {
                    findings.append(wrongType(material, "door.material", "a string", place))
                }
            }
            if let automatic = door["automatic"], !automatic.isNull, automatic.boolValue == nil {
                findings.append(wrongType(automatic, "door.automatic", "true or false", place))
            }
        case .temporality:
            guard let validity = value.objectValue else { return findings.append(wrongType(value, key, "an object", place)) }
            for member in ["start", "end", "modified"] {
                if let text = validity[member]?.stringValue, Formats.dateTimeForm(text) == .invalid {
                    findings.append(place.finding(.F8, "validity.\(member) \"\(text)\" is not a DATE-TIME"))
                }
            }
        }
    }

    /// F9: an alt_name goes with a name, in each of its languages.
    static func checkAltName(_ place: FeaturePlace, into findings: inout [Finding]) {
        guard place.type.spec(forKey: .altName) != nil, let alternative = place.feature.labels(.altName), !alternative.labels.isEmpty else {
            return
        }
        let named = Set(place.feature.labels(.name)?.labels.map(\.language) ?? [])
        if named.isEmpty {
            findings.append(place.finding(.F9, "alt_name is given without a name", rule: AppleRules.onlyAltName))
            return
        }
        let unmatched = alternative.labels.map(\.language).filter { !named.contains($0) }
        if !unmatched.isEmpty {
            findings.append(
                place.finding(
                    .F9, "alt_name in \(unmatched.joined(separator: ", ")) has no name in that language", rule: AppleRules.altNameLanguage))
        }
    }

    static func checkLabels(_ value: JSONValue, _ spec: PropertySpec, _ place: FeaturePlace, into findings: inout [Finding]) {
        guard let object = value.objectValue else {
            // A plain string where LABELS belong: Apple's NameMustBeString / AltNameMustBeString.
            return findings.append(
                place.finding(
                    .F4t, "\"\(spec.key)\" must be LABELS (an object of language: text), found \(value.kindName)",
                    rule: AppleRules.labelIsString(spec.key)))
        }
        if object.isEmpty {
            // No rule of Apple's names an empty LABELS object; a required one is a name missing
            // (an error), an optional one says no more than null does (a warning).
            if spec.isRequired {
                findings.append(place.finding(.F7, "\(spec.key) is an empty LABELS object {}", fix: Fix("give it a label")))
            } else {
                findings.append(
                    place.finding(
                        .F7, "\(spec.key) is an empty LABELS object {} (IMDF writes null)", severity: .warning,
                        fix: Fix("set it to null", repair: .set(feature: place.feature.id, key: spec.key, .null))))
            }
            return
        }
        for entry in object {
            if let text = entry.value.stringValue {
                if !Formats.isLanguageTag(entry.key) {
                    findings.append(
                        place.finding(.F7, "\(spec.key) key \"\(entry.key)\" is not a language tag", rule: AppleRules.languageTag))
                }
                if Formats.isBlank(text, newlines: true) {
                    findings.append(place.finding(.F7, "\(spec.key).\(entry.key) is blank", rule: AppleRules.labelNotBlank))
                }
            } else {
                findings.append(
                    place.finding(
                        .F7, "\(spec.key).\(entry.key) must be a string, found \(entry.value.kindName)",
                        rule: AppleRules.labelIsString(spec.key)))
            }
        }
    }
}
