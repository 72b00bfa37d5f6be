// F4-F9 and O1: each property against its schema entry (FeatureType.schema), with Apple's rules
// for each feature type whose schema has the property.

import Foundation
import IMDF

extension FindingCode {
    public static let F4 = FindingCode(
        "F4", .error, "required property missing or null",
        explanation: """
            a required property is missing or null (e.g. a detail's `level_id`, a footprint's `building_ids`; Apple: \
            `DetailMustReferenceLevel`, `FootprintMustReferenceBuilding`, ...); a warning for the venue's `display_point`, as Apple's \
            `VenueHasNoDisplayPoint`; an address without a province in a country ISO 3166-2 divides (`AddressMustHaveProvinceCode`); a \
            geofence with neither `level_ids` nor `building_ids` (`GeofenceMustHaveLevelOrBuildingReference`); a required reference that \
            names no feature of its type (an occupant's `anchor_id` that resolves to nothing: `OccupantMustReferenceAnchor`, beside R1's \
            `ReferencedFeatureIDMustBeResolvable`)
            """,
        repair: "`set REF key=...`")
    public static let F4c = FindingCode(
        "F4c", .error, "category not in the IMDF enumeration",
        explanation: """
            a category (or door type or material, a relationship's direction, or other enumerated value) is not in the IMDF enumeration \
            (Apple: `UnitCategoryMustBeValid`, `AccessibilityMustBeValid`, `RestrictionCategoryMustBeValid`, ..., all Violations); the \
            message names a valid value only where the value is a misspelling or a dotted refinement of it (`foodservice.coffee` -> \
            `foodservice`), and says when the value belongs to another IMDF enumeration (`classroom` on an occupant is a unit category)
            """,
        repair: "`set REF category=...`")
    public static let F4t = FindingCode(
        "F4t", .error, "property value of the wrong type",
        explanation: """
            a property value has the wrong JSON type (a plain string where LABELS belong: Apple's `NameMustBeString`, \
            `AltNameMustBeString`; a string where an enumerated value or array belongs: the enumeration's rule, such as \
            `AccessibilityMustBeValid`); other types are a check of ours against the IMDF schema, which Apple's list does not name
            """)
    public static let F5 = FindingCode(
        "F5", .warning, "property keys of the type missing",
        explanation: """
            keys of the feature type are absent (IMDF writes them as null); a check of ours: Apple's list has no rule on absent keys, \
            which readers take as null
            """)
    public static let F6 = FindingCode(
        "F6", .warning, "property keys IMDF does not define",
        explanation: """
            properties the feature type does not define (kept on save); a check of ours: Apple's list has no rule on keys beyond the \
            IMDF schema
            """)
    public static let F7 = FindingCode(
        "F7", .error, "LABELS malformed or empty",
        explanation: """
            LABELS malformed: empty `{}` where a name is required (a warning for an optional one, which says no more than null; no rule of \
            Apple's names it), a non-string value (Apple: `NameMustBeString`, `AltNameMustBeString`), a key that is not a language tag \
            (`InvalidLanguageTag`), a blank label (`LabelMustNotBeBlank`)
            """)
    public static let F8 = FindingCode(
        "F8", .warning, "hours, phone, website or code malformed",
        explanation: """
            a DATE-TIME (`validity`) malformed (a check of ours); an error where Apple has a rule: a blank `hours` \
            (`HoursMustNotBeBlank`), a phone not E.164 (`PhoneMustBeValid`), a website not http(s) (`WebsiteMustBeValid`), a country or \
            province code (`InvalidCountryCode`, `InvalidIsoProvinceCode`), a `correlation_id` not a version 4 UUID \
            (`InvalidCorrelationID`); country and province codes are checked against ISO 3166 (Debian's iso-codes), a province of another \
            country (`InvalidISOCountryAndISOProvinceCodeCombination`); an address's `unit`, postal codes, `address` or `locality` blank \
            (`AddressUnitMustNotBeBlank`, `PostalCodeMustNotBeBlank`, ..., `LabelMustNotBeBlank`)
            """,
        repair:
            "`set REF key=null` for a blank value; a phone written with its country code and separators (`+353 1 704-7783`) is set to the E.164 number (`+35317047783`)"
    )
    public static let F9 = FindingCode(
        "F9", .warning, "alt_name without a name in its language",
        explanation: """
            an `alt_name` without a `name`, or in a language the name lacks (Apple: `HasOnlyAltName`, \
            `AltNameLangTagHasNoCorrespondingNameLangTag`)
            """)
    public static let O1 = FindingCode(
        "O1", .error, "ordinal is not an integer",
        explanation: "a level's `ordinal` is not an integer")
}

enum PropertyChecks {
    /// F4: Apple's rule that a required property is there, by key, for each type that requires it.
    static let requiredRules: [String: AppleRuleFamily] = [
        // Apple has no rule that a footprint has a category.
        PropertyKey.category.rawValue: required(.category, except: .footprint) { "\($0)MustHaveCategory" },
        PropertyKey.levelID.rawValue: required(.levelID) { "\($0)MustReferenceLevel" },
        PropertyKey.unitIDs.rawValue: required(.unitIDs) { "\($0)MustReferenceUnit" },
        PropertyKey.unitID.rawValue: required(.unitID) { "\($0)MustReferenceUnit" },
        PropertyKey.anchorID.rawValue: required(.anchorID) { "\($0)MustReferenceAnchor" },
        PropertyKey.buildingIDs.rawValue: required(.buildingIDs) { "\($0)MustReferenceBuilding" },
        PropertyKey.name.rawValue: required(.name) { "\($0)MustHaveName" },
        PropertyKey.shortName.rawValue: required(.shortName) { "\($0)MustHaveShortName" },
        PropertyKey.ordinal.rawValue: required(.ordinal) { "\($0)MustHaveOrdinal" },
        PropertyKey.address.rawValue: required(.address) { "\($0)MustHaveAddressLine" },
        PropertyKey.country.rawValue: required(.country) { "\($0)MustHaveCountryCode" },
        PropertyKey.locality.rawValue: required(.locality) { "\($0)MustHaveLocality" },
        PropertyKey.addressID.rawValue: required(.addressID) { "\($0)MustHaveAddress" },
        // Of the venue's display point Apple only warns.
        PropertyKey.displayPoint.rawValue: required(.displayPoint) { "\($0)HasNoDisplayPoint" },
    ]

    /// Apple's rule for each type that requires `key`, named after the type (`Unit`).
    private static func required(_ key: PropertyKey, except: FeatureType? = nil, _ name: (String) -> String) -> AppleRuleFamily {
        AppleRuleFamily(.F4, over: FeatureType.having(key, required: true).filter { $0 != except }) { name($0.appleName) }
    }

    /// F4c: Apple's rule that an enumerated value is one of IMDF's, by key.
    static let enumeratedRules = enumerated(.F4c)
    /// A value of the wrong JSON type where an enumerated value belongs (`"accessibility":
    /// "wheelchair"`, not an array): no valid value either, so the same rules (F4t).
    static let enumeratedOfTheWrongType = enumerated(.F4t)

    private static func enumerated(_ code: FindingCode) -> [String: AppleRuleFamily] {
        [
            PropertyKey.category.rawValue: AppleRuleFamily(code, over: FeatureType.having(.category)) {
                "\($0.appleName)CategoryMustBeValid"
            },
            PropertyKey.accessibility.rawValue: AppleRuleFamily(code, over: FeatureType.having(.accessibility)) { _ in
                "AccessibilityMustBeValid"
            },
            PropertyKey.restriction.rawValue: AppleRuleFamily(code, over: FeatureType.having(.restriction)) { _ in
                "RestrictionCategoryMustBeValid"
            },
            PropertyKey.accessControl.rawValue: AppleRuleFamily(code, over: FeatureType.having(.accessControl)) { _ in
                "AccessControlMustBeValid"
            },
            "door.type": AppleRuleFamily(code, over: FeatureType.having(.door)) { "\($0.appleName)DoorTypeMustBeValid" },
        ]
    }
    static let doorMaterial = AppleRule("Opening", "OpeningDoorMaterialMustBeValid", .F4c)
    static let direction = AppleRule("Relationship", "RelationshipDirectionMustBeValid", .F4c)

    /// F7: LABELS, for each type with labels.
    static let languageTag = AppleRuleFamily(.F7, over: FeatureType.having(kind: .labels)) { _ in "InvalidLanguageTag" }
    static let blankLabel = AppleRuleFamily(.F7, over: FeatureType.having(kind: .labels)) { _ in "LabelMustNotBeBlank" }
    /// A label that is not a string (`{"en": 7}`), by key.
    static let labelNotAString = stringLabels(.F7)
    /// A plain string where LABELS belong: the same rules, for a value of the wrong type (F4t).
    static let labelsNotAnObject = stringLabels(.F4t)
    /// Apple lists `NameMustBeString` for the whole archive too.
    static let nameIsAString = AppleRule("N/A", "NameMustBeString", .F7)

    private static func stringLabels(_ code: FindingCode) -> [String: AppleRuleFamily] {
        [
            PropertyKey.name.rawValue: AppleRuleFamily(code, over: FeatureType.having(.name)) { _ in "NameMustBeString" },
            PropertyKey.altName.rawValue: AppleRuleFamily(code, over: FeatureType.having(.altName)) { _ in "AltNameMustBeString" },
        ]
    }

    /// F8: malformed values of the kinds Apple has a rule for (all Violations). A DATE-TIME and
    /// the hours' syntax are checks of ours.
    static let correlationIDFormat = AppleRuleFamily(.F8, over: FeatureType.having(kind: .uuid)) { _ in "InvalidCorrelationID" }
    static let blankHours = AppleRuleFamily(.F8, over: FeatureType.having(kind: .hours)) { _ in "HoursMustNotBeBlank" }
    static let phoneFormat = AppleRuleFamily(.F8, over: FeatureType.having(kind: .phone)) { _ in "PhoneMustBeValid" }
    static let websiteFormat = AppleRuleFamily(.F8, over: FeatureType.having(kind: .website)) { _ in "WebsiteMustBeValid" }
    static let countryCode = AppleRuleFamily(.F8, over: FeatureType.having(kind: .countryCode)) { _ in "InvalidCountryCode" }
    static let provinceCode = AppleRuleFamily(.F8, over: FeatureType.having(kind: .subdivisionCode)) { _ in "InvalidIsoProvinceCode" }

    /// F9: an alt_name goes with a name, for each type with an alt_name.
    static let onlyAltName = AppleRuleFamily(.F9, over: FeatureType.having(.altName)) { _ in "HasOnlyAltName" }
    static let altNameLanguage = AppleRuleFamily(.F9, over: FeatureType.having(.altName)) { _ in
        "AltNameLangTagHasNoCorrespondingNameLangTag"
    }

    static let ordinalNotInteger = AppleRule("Level", "LevelOrdinalMustBeInteger", .O1)

    static let declarations = RuleDeclarations(
        codes: [.F4, .F4c, .F4t, .F5, .F6, .F7, .F8, .F9, .O1],
        rules: [doorMaterial, direction, nameIsAString, ordinalNotInteger],
        // F7 before F4t: the coverage table shows a label that is not a string as F7.
        families: requiredRules.inKeyOrder + enumeratedRules.inKeyOrder + [languageTag, blankLabel] + labelNotAString.inKeyOrder
            + labelsNotAnObject.inKeyOrder + enumeratedOfTheWrongType.inKeyOrder
            + [correlationIDFormat, blankHours, phoneFormat, websiteFormat, countryCode, provinceCode, onlyAltName, altNameLanguage])

    /// IMDF's door materials.
    static let doorMaterials = ["wood", "glass", "metal", "gate"]

    static func check(_ place: FeaturePlace, _ context: ValidationContext, into findings: inout [Finding]) {
        let schema = place.type.schema
        var missing: [String] = []
        for spec in schema {
            guard let value = place.feature.properties[spec.key] else {
                if spec.isRequired {
                    findings.append(
                        place.finding(
                            .F4, "required property \"\(spec.key)\" is missing", rule: requiredRules[spec.key]?[place.type],
                            fix: fixForRequired(spec, place)))
                } else {
                    missing.append(spec.key)
                }
                continue
            }
            if value.isNull {
                if spec.isRequired {
                    findings.append(
                        place.finding(
                            .F4, "required property \"\(spec.key)\" is null", rule: requiredRules[spec.key]?[place.type],
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
        place.finding(.F4t, "\"\(key)\" must be \(expected), found \(value.kindName)", rule: enumeratedOfTheWrongType[key]?[place.type])
    }

    static func category(_ text: String, in list: CategoryList, key: String, _ place: FeaturePlace) -> Finding? {
        guard !list.contains(text) else { return nil }
        let advice = Suggestion.advice(for: text, in: list)
        let fix = advice.convincing.map {
            Fix("use \"\($0)\"", repair: .set(feature: place.feature.id, key: key, .text($0)))
        }
        return place.finding(
            .F4c, "\(key) \"\(text)\" is not in \(list.rawValue)\(advice.hint)",
            rule: enumeratedRules[key]?[place.type], fix: fix)
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
                let rule = place.type == .relationship && key == PropertyKey.direction.rawValue ? direction : nil
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
            if !number.isIntegral { findings.append(place.finding(ordinalNotInteger, "\(key) \(number.text) is not an integer")) }
        case .displayPoint, .reference, .referenceArray, .featureReference, .featureReferenceArray:
            break  // GeometryChecks and ReferenceChecks
        case .uuid:
            // Apple asks a version 4 UUID of a correlation_id, as of an id.
            if let text = string(value, spec, place, &findings), !Formats.isVersion4UUID(text) {
                findings.append(place.finding(.F8, "\(key) \"\(text)\" is not a version 4 UUID", rule: correlationIDFormat[place.type]))
            }
        case .hours:
            if let text = string(value, spec, place, &findings), Formats.isBlank(text, newlines: false) {
                findings.append(place.finding(.F8, "hours is blank", rule: blankHours[place.type]))
            }
        case .phone:
            if let text = string(value, spec, place, &findings), !Formats.isPhone(text) {
                // Written for people with its country code: the same number without separators.
                let fix = Formats.e164(written: text).map { number in
                    Fix("write it as \(number)", repair: .set(feature: place.feature.id, key: key, .text(number)))
                }
                findings.append(
                    place.finding(
                        .F8, "phone \"\(text)\" is not E.164 (+ and up to 15 digits)", rule: phoneFormat[place.type], fix: fix))
            }
        case .website:
            if let text = string(value, spec, place, &findings), !Formats.isWebsite(text) {
                findings.append(place.finding(.F8, "website \"\(text)\" is not an http(s) URL", rule: websiteFormat[place.type]))
            }
        case .countryCode:
            if let text = string(value, spec, place, &findings), !Formats.isCountryCode(text) {
                findings.append(
                    place.finding(.F8, "country \"\(text)\" is not an ISO 3166 alpha-2 code", rule: countryCode[place.type]))
            }
        case .subdivisionCode:
            if let text = string(value, spec, place, &findings), !Formats.isSubdivisionCode(text) {
                findings.append(
                    place.finding(.F8, "province \"\(text)\" is not an ISO 3166-2 code (e.g. US-CA)", rule: provinceCode[place.type]))
            }
        case .door:
            guard let door = value.objectValue else { return findings.append(wrongType(value, key, "an object", place)) }
            if let type = door["type"]?.stringValue, let finding = category(type, in: .doorType, key: "door.type", place) {
                findings.append(finding)
            }
            if let material = door["material"], !material.isNull {
                if let text = material.stringValue {
                    if !doorMaterials.contains(text) {
                        findings.append(
                            place.finding(doorMaterial, "door.material \"\(text)\" must be one of \(doorMaterials.joined(separator: ", "))")
                        )
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
            findings.append(place.finding(.F9, "alt_name is given without a name", rule: onlyAltName[place.type]))
            return
        }
        let unmatched = alternative.labels.map(\.language).filter { !named.contains($0) }
        if !unmatched.isEmpty {
            findings.append(
                place.finding(
                    .F9, "alt_name in \(unmatched.joined(separator: ", ")) has no name in that language",
                    rule: altNameLanguage[place.type]))
        }
    }

    static func checkLabels(_ value: JSONValue, _ spec: PropertySpec, _ place: FeaturePlace, into findings: inout [Finding]) {
        guard let object = value.objectValue else {
            // A plain string where LABELS belong: Apple's NameMustBeString / AltNameMustBeString.
            return findings.append(
                place.finding(
                    .F4t, "\"\(spec.key)\" must be LABELS (an object of language: text), found \(value.kindName)",
                    rule: labelsNotAnObject[spec.key]?[place.type]))
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
                        place.finding(.F7, "\(spec.key) key \"\(entry.key)\" is not a language tag", rule: languageTag[place.type]))
                }
                if Formats.isBlank(text, newlines: true) {
                    findings.append(place.finding(.F7, "\(spec.key).\(entry.key) is blank", rule: blankLabel[place.type]))
                }
            } else {
                findings.append(
                    place.finding(
                        .F7, "\(spec.key).\(entry.key) must be a string, found \(entry.value.kindName)",
                        rule: labelNotAString[spec.key]?[place.type]))
            }
        }
    }
}
