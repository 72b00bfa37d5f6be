extension CategoryList {
    private static let valueSets: [CategoryList: Set<String>] = Dictionary(
        uniqueKeysWithValues: CategoryList.allCases.map { ($0, Set($0.values)) })

    public func contains(_ value: String) -> Bool {
        CategoryList.valueSets[self]?.contains(value) ?? false
    }
}
