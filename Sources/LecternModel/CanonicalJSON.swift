import Foundation

/// One encoder for everything that is hashed or published: sorted keys, no escaped slashes,
/// pretty-printed with a trailing newline, so equal values always give equal bytes.
///
/// The bytes are exactly those of Foundation's `JSONEncoder` with `[.sortedKeys, .prettyPrinted,
/// .withoutEscapingSlashes]` and base64 data (keys sorted by their UTF-8 bytes, `" : "` between key and value,
/// two-space indents, `[\n\n]` for an empty array), but written by a small encoder of our own: JSONEncoder's
/// per-value type checks made it the slowest step of the lecture stage. Values it cannot write the same way
/// (dates, URLs, decimals) go to JSONEncoder whole; floating-point numbers are formatted by
/// JSONEncoder one at a time. The elements of the outermost arrays (a lecture's subjects and question pool)
/// are encoded and written on all cores, each with the indentation of its place: the bytes do not change.
public enum CanonicalJSON {
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let root: JSONNode
        do {
            root = try TreeEncoder.node(of: value)
        } catch is NeedsFoundationEncoder {
            return try foundationEncode(value)
        }
        var writer = PrettyJSONWriter()
        writer.bytes.reserveCapacity(1 << 16)
        writer.write(root)
        writer.bytes.append(0x0A)
        return Data(writer.bytes)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .base64
        return try decoder.decode(type, from: data)
    }

    /// The reference encoding, for what `TreeEncoder` leaves to Foundation.
    static func foundationEncode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dataEncodingStrategy = .base64
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }
}

// MARK: - Value tree

/// An encoded value. Containers are boxes so that nested containers can keep filling them after they
/// were attached to their parent (as `Encoder` containers do).
enum JSONNode {
    /// Written as is: a number, `true`, `false` or `null`.
    case literal(String)
    case string(String)
    case object(JSONObjectBox)
    case array(JSONArrayBox)
    /// What a `superEncoder()` received, read when writing (its owner fills it after asking for it).
    case superValue(TreeEncoder)
    /// Already written, with the indentation of its place.
    case written([UInt8])
}

final class JSONObjectBox {
    /// In encoding order; a key encoded twice keeps its last value (as in JSONEncoder's dictionary).
    var entries: [(key: String, value: JSONNode)] = []
}

final class JSONArrayBox {
    var elements: [JSONNode] = []
}

/// Thrown when a value needs JSONEncoder's own handling; `CanonicalJSON.encode` then uses JSONEncoder.
struct NeedsFoundationEncoder: Error {}

// MARK: - Encoder

/// Builds a `JSONNode` tree through the `Encoder` protocol. `codingPath` stays empty: nothing in Lectern
/// reads it while encoding.
final class TreeEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private(set) var result: JSONNode?
    /// How deep in the document the encoded value sits (the root is 0): its indentation when written.
    let depth: Int

    init(depth: Int) {
        self.depth = depth
    }

    /// Arrays this close to the root are written element by element on all cores.
    static let concurrentDepth = 1

    static func node<T: Encodable>(of value: T, depth: Int = 0) throws -> JSONNode {
        // Metatype comparisons, not dynamic casts: this runs for every value in the tree.
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return integer(value as! Int) }
        if T.self == Bool.self { return .literal(value as! Bool ? "true" : "false") }
        if T.self == Data.self { return .string((value as! Data).base64EncodedString()) }
        if T.self == Double.self || T.self == Float.self { return .literal(try formattedNumber(value)) }
        if T.self == Date.self || T.self == URL.self || T.self == Decimal.self { throw NeedsFoundationEncoder() }
        if depth <= concurrentDepth, let array = value as? any ConcurrentlyWrittenArray {
            return try array.writtenConcurrently(depth: depth)
        }
        return try encoded(value, depth: depth)
    }

    static func encoded<T: Encodable>(_ value: T, depth: Int) throws -> JSONNode {
        let encoder = TreeEncoder(depth: depth)
        try value.encode(to: encoder)
        // A value that encodes nothing is an empty object in JSONEncoder too.
        return encoder.result ?? .object(JSONObjectBox())
    }

    /// Floating-point numbers exactly as JSONEncoder writes them (and with its errors for NaN and infinity).
    static func formattedNumber<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    static func integer<T: FixedWidthInteger>(_ value: T) -> JSONNode { .literal(String(value)) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: JSONObjectBox
        if case .object(let existing) = result {
            box = existing
        } else {
            box = JSONObjectBox()
            result = .object(box)
        }
        return KeyedEncodingContainer(ObjectContainer<Key>(box: box, depth: depth + 1))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: JSONArrayBox
        if case .array(let existing) = result {
            box = existing
        } else {
            box = JSONArrayBox()
            result = .array(box)
        }
        return ArrayContainer(box: box, depth: depth + 1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueContainer(encoder: self) }

    struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: JSONObjectBox
        /// The depth of the values it holds.
        let depth: Int
        var codingPath: [any CodingKey] { [] }

        private func add(_ node: JSONNode, _ key: Key) { box.entries.append((key.stringValue, node)) }

        mutating func encodeNil(forKey key: Key) throws { add(.literal("null"), key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { add(.literal(value ? "true" : "false"), key) }
        mutating func encode(_ value: String, forKey key: Key) throws { add(.string(value), key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { add(.literal(try TreeEncoder.formattedNumber(value)), key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { add(.literal(try TreeEncoder.formattedNumber(value)), key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { add(TreeEncoder.integer(value), key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { add(TreeEncoder.integer(value), key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { add(TreeEncoder.integer(value), key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { add(TreeEncoder.integer(value), key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { add(TreeEncoder.integer(value), key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { add(TreeEncoder.integer(value), key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { add(TreeEncoder.integer(value), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { add(TreeEncoder.integer(value), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { add(TreeEncoder.integer(value), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { add(TreeEncoder.integer(value), key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { add(try TreeEncoder.node(of: value, depth: depth), key) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                            forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let nested = JSONObjectBox()
            add(.object(nested), key)
            return KeyedEncodingContainer(ObjectContainer<NestedKey>(box: nested, depth: depth + 1))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = JSONArrayBox()
            add(.array(nested), key)
            return ArrayContainer(box: nested, depth: depth + 1)
        }

        mutating func superEncoder() -> any Encoder { superEncoder(forKeyString: "super") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(forKeyString: key.stringValue) }

        private func superEncoder(forKeyString key: String) -> any Encoder {
            let encoder = TreeEncoder(depth: depth)
            box.entries.append((key, .superValue(encoder)))
            return encoder
        }
    }

    struct ArrayContainer: UnkeyedEncodingContainer {
        let box: JSONArrayBox
        /// The depth of the values it holds.
        let depth: Int
        var codingPath: [any CodingKey] { [] }
        var count: Int { box.elements.count }

        private func add(_ node: JSONNode) { box.elements.append(node) }

        mutating func encodeNil() throws { add(.literal("null")) }
        mutating func encode(_ value: Bool) throws { add(.literal(value ? "true" : "false")) }
        mutating func encode(_ value: String) throws { add(.string(value)) }
        mutating func encode(_ value: Double) throws { add(.literal(try TreeEncoder.formattedNumber(value))) }
        mutating func encode(_ value: Float) throws { add(.literal(try TreeEncoder.formattedNumber(value))) }
        mutating func encode(_ value: Int) throws { add(TreeEncoder.integer(value)) }
        mutating func encode(_ value: Int8) throws { add(TreeEncoder.integer(value)) }
        mutating func encode(_ value: Int16) throws { add(TreeEncoder.integer(value)) }
        mutating func encode(_ value: Int32) throws { add(TreeEncoder.integer(value)) }
        mutating func encode(_ value: Int64) throws { add(TreeEncoder.integer(value)) }
        mutating func encode(_ value: UInt) throws { add(TreeEncoder.integer(value)) }
        mutating func encode(_ value: UInt8) throws { add(TreeEncoder.integer(value)) }
        mutating func encode(_ value: UInt16) throws { add(TreeEncoder.integer(value)) }
        mutating func encode(_ value: UInt32) throws { add(TreeEncoder.integer(value)) }
        mutating func encode(_ value: UInt64) throws { add(TreeEncoder.integer(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { add(try TreeEncoder.node(of: value, depth: depth)) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let nested = JSONObjectBox()
            add(.object(nested))
            return KeyedEncodingContainer(ObjectContainer<NestedKey>(box: nested, depth: depth + 1))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = JSONArrayBox()
            add(.array(nested))
            return ArrayContainer(box: nested, depth: depth + 1)
        }

        mutating func superEncoder() -> any Encoder {
            let encoder = TreeEncoder(depth: depth)
            add(.superValue(encoder))
            return encoder
        }
    }

    struct SingleValueContainer: SingleValueEncodingContainer {
        let encoder: TreeEncoder
        var codingPath: [any CodingKey] { [] }

        private func set(_ node: JSONNode) { encoder.result = node }

        mutating func encodeNil() throws { set(.literal("null")) }
        mutating func encode(_ value: Bool) throws { set(.literal(value ? "true" : "false")) }
        mutating func encode(_ value: String) throws { set(.string(value)) }
        mutating func encode(_ value: Double) throws { set(.literal(try TreeEncoder.formattedNumber(value))) }
        mutating func encode(_ value: Float) throws { set(.literal(try TreeEncoder.formattedNumber(value))) }
        mutating func encode(_ value: Int) throws { set(TreeEncoder.integer(value)) }
        mutating func encode(_ value: Int8) throws { set(TreeEncoder.integer(value)) }
        mutating func encode(_ value: Int16) throws { set(TreeEncoder.integer(value)) }
        mutating func encode(_ value: Int32) throws { set(TreeEncoder.integer(value)) }
        mutating func encode(_ value: Int64) throws { set(TreeEncoder.integer(value)) }
        mutating func encode(_ value: UInt) throws { set(TreeEncoder.integer(value)) }
        mutating func encode(_ value: UInt8) throws { set(TreeEncoder.integer(value)) }
        mutating func encode(_ value: UInt16) throws { set(TreeEncoder.integer(value)) }
        mutating func encode(_ value: UInt32) throws { set(TreeEncoder.integer(value)) }
        mutating func encode(_ value: UInt64) throws { set(TreeEncoder.integer(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { set(try TreeEncoder.node(of: value, depth: encoder.depth)) }
    }
}

/// A value that `CanonicalJSON` may encode on another thread when it is an element of an outermost array
/// (the big parts of a bundle).
public protocol ConcurrentlyEncodable: Encodable, Sendable {}

/// An array whose elements can be encoded and written independently of each other.
protocol ConcurrentlyWrittenArray {
    func writtenConcurrently(depth: Int) throws -> JSONNode
}

extension Array: ConcurrentlyWrittenArray where Element: ConcurrentlyEncodable {
    /// The array's node, its elements already written (at `depth + 1`) on all cores.
    func writtenConcurrently(depth: Int) throws -> JSONNode {
        guard count > 1 else { return try TreeEncoder.encoded(self, depth: depth) }
        let results = concurrentMap { element -> Result<[UInt8], any Error> in
            Result {
                var writer = PrettyJSONWriter(indent: depth + 1)
                writer.write(try TreeEncoder.node(of: element, depth: depth + 1))
                return writer.bytes
            }
        }
        let box = JSONArrayBox()
        box.elements = try results.map { .written(try $0.get()) }
        return .array(box)
    }
}

// MARK: - Writer

/// Writes a `JSONNode` tree the way JSONEncoder's pretty, sorted-keys, unescaped-slashes writer does.
struct PrettyJSONWriter {
    var bytes: [UInt8] = []
    private var indent: Int

    /// `indent`: the depth of the value to write.
    init(indent: Int = 0) {
        self.indent = indent
    }

    mutating func write(_ node: JSONNode) {
        switch node {
        case .literal(let text): bytes.append(contentsOf: text.utf8)
        case .string(let text): writeString(text)
        case .array(let box): writeArray(box.elements)
        case .object(let box): writeObject(box.entries)
        case .superValue(let encoder): write(encoder.result ?? .object(JSONObjectBox()))
        case .written(let written): bytes.append(contentsOf: written)
        }
    }

    private mutating func writeArray(_ elements: [JSONNode]) {
        // Elements written beforehand (all of a bundle's big array, none of any other) are copied in: make room once.
        if case .written = elements.first {
            let written = elements.reduce(0) { if case .written(let bytes) = $1 { $0 + bytes.count } else { $0 } }
            bytes.reserveCapacity(bytes.count + written + elements.count * (2 * indent + 4) + 16)
        }
        bytes.append(UInt8(ascii: "["))
        bytes.append(0x0A)
        indent += 1
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")); bytes.append(0x0A) }
            writeIndent()
            write(element)
        }
        bytes.append(0x0A)
        indent -= 1
        writeIndent()
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func writeObject(_ entries: [(key: String, value: JSONNode)]) {
        // Sorted by UTF-8 bytes. Objects have a few keys, so an insertion sort (of positions: moving the
        // entries themselves costs more); it is stable, so of equal keys the last encoded ends its run, and
        // only that one is written.
        var order = Array(entries.indices)
        for i in order.indices.dropFirst() {
            let moving = order[i]
            var j = i
            while j > 0, entries[moving].key.utf8.lexicographicallyPrecedes(entries[order[j - 1]].key.utf8) {
                order[j] = order[j - 1]
                j -= 1
            }
            order[j] = moving
        }
        bytes.append(UInt8(ascii: "{"))
        bytes.append(0x0A)
        indent += 1
        var first = true
        for (index, position) in order.enumerated() {
            let entry = entries[position]
            if index + 1 < order.count, entries[order[index + 1]].key == entry.key { continue }
            if first { first = false } else { bytes.append(UInt8(ascii: ",")); bytes.append(0x0A) }
            writeIndent()
            writeString(entry.key)
            bytes.append(contentsOf: " : ".utf8)
            write(entry.value)
        }
        bytes.append(0x0A)
        indent -= 1
        writeIndent()
        bytes.append(UInt8(ascii: "}"))
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 128)

    private mutating func writeIndent() {
        var remaining = 2 * indent
        while remaining > 0 {
            let run = Swift.min(remaining, Self.spaces.count)
            bytes.append(contentsOf: Self.spaces[0..<run])
            remaining -= run
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func writeString(_ text: String) {
        var text = text
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { utf8 in
            // Copy runs that need no escape in one go.
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: "u00".utf8)
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0x0F)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
