import Foundation

/// The OpenAPI document a server serves at `/openapi.json`: `docs/openapi.json` (this module's resource) as it is
/// with `--review`; without, less the review paths (that server answers them 404, like any unknown path), the links
/// to their operations and the components only they use, so that a client or a fuzzer reading it is promised
/// nothing the server does not do.
enum Contract {
    static func document(review: Bool) -> Data? {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"), let data = try? Data(contentsOf: url) else {
            return nil
        }
        guard !review else { return data }
        guard var document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              var paths = document["paths"] as? [String: Any],
              var components = document["components"] as? [String: Any],
              var schemas = components["schemas"] as? [String: Any] else { return nil }
        paths = paths.filter { !$0.key.hasPrefix("/v1/reviews") }
        let operations = Set(paths.values.flatMap { ($0 as? [String: Any] ?? [:]).values }
            .compactMap { ($0 as? [String: Any])?["operationId"] as? String })
        paths = paths.mapValues { dropLinks(in: $0, keeping: operations) }
        document["paths"] = paths
        // Schemas refer to schemas: keep what the paths reach, directly or through other schemas.
        var reached = Set<String>()
        var next = references(in: paths)
        while let name = next.popFirst() {
            if reached.insert(name).inserted { next.formUnion(references(in: schemas[name] ?? [:])) }
        }
        schemas = schemas.filter { reached.contains($0.key) }
        components["schemas"] = schemas
        if !mentions("security", in: paths) { components["securitySchemes"] = nil }
        document["components"] = components
        return try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    /// `value` without the links whose `operationId` is not among `operations`.
    static func dropLinks(in value: Any, keeping operations: Set<String>) -> Any {
        if let array = value as? [Any] { return array.map { dropLinks(in: $0, keeping: operations) } }
        guard var object = value as? [String: Any] else { return value }
        for (key, child) in object {
            if key == "links", let links = child as? [String: Any] {
                let kept = links.filter { operations.contains(($0.value as? [String: Any])?["operationId"] as? String ?? "") }
                object[key] = kept.isEmpty ? nil : kept
            } else {
                object[key] = dropLinks(in: child, keeping: operations)
            }
        }
        return object
    }

    /// The names of the component schemas `value` refers to (`$ref: #/components/schemas/NAME`).
    static func references(in value: Any) -> Set<String> {
        if let array = value as? [Any] { return array.reduce(into: []) { $0.formUnion(references(in: $1)) } }
        guard let object = value as? [String: Any] else { return [] }
        var names = Set<String>()
        for (key, child) in object {
            if key == "$ref", let reference = child as? String, reference.hasPrefix("#/components/schemas/") {
                names.insert(String(reference.dropFirst("#/components/schemas/".count)))
            } else {
                names.formUnion(references(in: child))
            }
        }
        return names
    }

    static func mentions(_ key: String, in value: Any) -> Bool {
        if let array = value as? [Any] { return array.contains { mentions(key, in: $0) } }
        guard let object = value as? [String: Any] else { return false }
        return object.keys.contains(key) || object.values.contains { mentions(key, in: $0) }
    }
}
