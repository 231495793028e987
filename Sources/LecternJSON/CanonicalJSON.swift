import Foundation
import LecternBytes
import LecternModel

/// One encoder for everything that is hashed or published: sorted keys, no escaped slashes,
/// pretty-printed with a trailing newline, so equal values always give equal bytes.
///
/// The bytes are exactly those of Foundation's `JSONEncoder` with `[.sortedKeys, .prettyPrinted,
/// .withoutEscapingSlashes]` and base64 data (keys sorted by their UTF-8 bytes, `" : "` between key and value,
/// two-space indents, `[\n\n]` for an empty array), written by a small encoder that streams bytes as values
/// encode, with no tree in between, and writes the elements of a bundle's outermost arrays on all cores
/// (`ConcurrentlyEncodable`). An object whose keys arrive out of order has its entries put in order when it
/// closes, so model types declare their keys as they like. Values it cannot write the same way (dates, URLs,
/// decimals, super-encoders, containers written to after their value finished) go to JSONEncoder whole.
/// Why not JSONEncoder itself: measured on the lecture benchmark it took the stage from 3.4x to 5.4x xmllint's
/// parse time (docs/LECTURES.md), over the 5x budget.
public enum CanonicalJSON {
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = StreamingJSONEncoder()
        do {
            try encoder.encodeValue(value, depth: 0)
            try encoder.finish()
        } catch is NeedsFoundationEncoder {
            return try foundationEncode(value)
        }
        encoder.stream.bytes.append(0x0A)
        return Data(encoder.stream.bytes)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .base64
        return try decoder.decode(type, from: data)
    }

    /// The reference encoding, for what `StreamingJSONEncoder` leaves to Foundation.
    static func foundationEncode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dataEncodingStrategy = .base64
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }
}

/// Thrown when a value needs JSONEncoder's own handling; `CanonicalJSON.encode` then uses JSONEncoder.
struct NeedsFoundationEncoder: Error {}

// MARK: - Encoder

/// Writes JSON while `Encodable` values encode themselves (see `JSONStream` for the bytes).
/// `codingPath` stays empty: nothing in Lectern reads it while encoding.
final class StreamingJSONEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    @exclusivity(unchecked) var stream = JSONStream()
    /// The value being encoded now and its depth.
    private var currentOwner = -1
    private var currentDepth = 0
    /// Set by the non-throwing `Encoder` calls when they meet what this writer cannot stream.
    private var unsupported = false

    /// Arrays this close to the root are written element by element on all cores.
    static let concurrentDepth = 1

    func finish() throws {
        if unsupported { throw NeedsFoundationEncoder() }
        stream.closeAll()
    }

    func encodeValue<T: Encodable>(_ value: T, depth: Int) throws {
        // A value that throws may have written part of itself (a key, an open bracket): if the error is caught
        // and encoding goes on, the stream is no longer what JSONEncoder would write, so JSONEncoder takes over.
        do {
            try write(value, depth: depth)
        } catch {
            unsupported = true
            throw error
        }
    }

    private func write<T: Encodable>(_ value: T, depth: Int) throws {
        // Metatype comparisons, not dynamic casts: this runs for every value in the tree.
        if T.self == String.self { return stream.writeString(value as! String) }
        if T.self == Int.self { return stream.writeLiteral(String(value as! Int)) }
        if T.self == Bool.self { return stream.writeLiteral(value as! Bool ? "true" : "false") }
        if T.self == Data.self { return stream.writeString((value as! Data).base64EncodedString()) }
        if T.self == Double.self || T.self == Float.self { return stream.writeLiteral(try Self.formattedNumber(value)) }
        if T.self == Date.self || T.self == URL.self || T.self == Decimal.self { throw NeedsFoundationEncoder() }
        if depth <= Self.concurrentDepth, let array = value as? any ConcurrentlyWrittenArray {
            return try array.writeConcurrently(into: self, depth: depth)
        }
        let savedOwner = currentOwner, savedDepth = currentDepth
        defer {
            currentOwner = savedOwner
            currentDepth = savedDepth
        }
        let mark = stream.mark
        currentOwner = stream.newID()
        currentDepth = depth
        try value.encode(to: self)
        if unsupported { throw NeedsFoundationEncoder() }
        stream.finishValue(from: mark, depth: depth)
    }

    /// Floating-point numbers exactly as JSONEncoder writes them (and with its errors for NaN and infinity).
    static func formattedNumber<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ObjectContainer<Key>(encoder: self, frame: ownFrame(isObject: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ArrayContainer(encoder: self, frame: ownFrame(isObject: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self, depth: currentDepth)
    }

    /// The container the current value already has, or a new one.
    private func ownFrame(isObject: Bool) -> Int {
        guard let frame = stream.frame(isObject: isObject, owner: currentOwner, depth: currentDepth) else {
            unsupported = true
            return -1
        }
        return frame
    }

    fileprivate func literal(_ text: String, in frame: Int, key: String?) throws {
        _ = try stream.beginElement(of: frame, key: key)
        stream.writeLiteral(text)
    }

    fileprivate func string(_ text: String, in frame: Int, key: String?) throws {
        _ = try stream.beginElement(of: frame, key: key)
        stream.writeString(text)
    }

    fileprivate func value<T: Encodable>(_ value: T, in frame: Int, key: String?) throws {
        try encodeValue(value, depth: try stream.beginElement(of: frame, key: key))
    }

    /// A container opened as an element of `frame` (`nestedContainer`); it belongs to no value, so it is closed
    /// with its parent, when the parent is written to again, or when the parent's value asks for its container again.
    fileprivate func nested(isObject: Bool, in frame: Int, key: String?) -> Int {
        do {
            let depth = try stream.beginElement(of: frame, key: key)
            let owner = stream.newID()
            return stream.open(isObject: isObject, depth: depth, owner: owner)
        } catch {
            unsupported = true
            return -1
        }
    }

    fileprivate func count(of frame: Int) -> Int? { stream.count(of: frame) }

    /// Super-encoders share a value's place with its subclass: left to JSONEncoder.
    fileprivate func unsupportedEncoder() -> any Encoder {
        unsupported = true
        return self
    }

    struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: StreamingJSONEncoder
        let frame: Int
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { try encoder.literal("null", in: frame, key: key.stringValue) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try encoder.literal(value ? "true" : "false", in: frame, key: key.stringValue) }
        mutating func encode(_ value: String, forKey key: Key) throws { try encoder.string(value, in: frame, key: key.stringValue) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try encoder.literal(try StreamingJSONEncoder.formattedNumber(value), in: frame, key: key.stringValue) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try encoder.literal(try StreamingJSONEncoder.formattedNumber(value), in: frame, key: key.stringValue) }
        mutating func encode(_ value: Int, forKey key: Key) throws { try encoder.literal(String(value), in: frame, key: key.stringValue) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try encoder.literal(String(value), in: frame, key: key.stringValue) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try encoder.literal(String(value), in: frame, key: key.stringValue) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try encoder.literal(String(value), in: frame, key: key.stringValue) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try encoder.literal(String(value), in: frame, key: key.stringValue) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try encoder.literal(String(value), in: frame, key: key.stringValue) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try encoder.literal(String(value), in: frame, key: key.stringValue) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try encoder.literal(String(value), in: frame, key: key.stringValue) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try encoder.literal(String(value), in: frame, key: key.stringValue) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try encoder.literal(String(value), in: frame, key: key.stringValue) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encoder.value(value, in: frame, key: key.stringValue) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                            forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(ObjectContainer<NestedKey>(
                encoder: encoder, frame: encoder.nested(isObject: true, in: frame, key: key.stringValue)))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            ArrayContainer(encoder: encoder, frame: encoder.nested(isObject: false, in: frame, key: key.stringValue))
        }

        mutating func superEncoder() -> any Encoder { encoder.unsupportedEncoder() }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.unsupportedEncoder() }
    }

    struct ArrayContainer: UnkeyedEncodingContainer {
        let encoder: StreamingJSONEncoder
        let frame: Int
        /// Elements this container added, for when its frame is closed.
        private var added = 0
        var codingPath: [any CodingKey] { [] }
        var count: Int { encoder.count(of: frame) ?? added }

        init(encoder: StreamingJSONEncoder, frame: Int) {
            self.encoder = encoder
            self.frame = frame
        }

        private mutating func literal(_ text: String) throws { try encoder.literal(text, in: frame, key: nil); added += 1 }

        mutating func encodeNil() throws { try literal("null") }
        mutating func encode(_ value: Bool) throws { try literal(value ? "true" : "false") }
        mutating func encode(_ value: String) throws { try encoder.string(value, in: frame, key: nil); added += 1 }
        mutating func encode(_ value: Double) throws { try literal(try StreamingJSONEncoder.formattedNumber(value)) }
        mutating func encode(_ value: Float) throws { try literal(try StreamingJSONEncoder.formattedNumber(value)) }
        mutating func encode(_ value: Int) throws { try literal(String(value)) }
        mutating func encode(_ value: Int8) throws { try literal(String(value)) }
        mutating func encode(_ value: Int16) throws { try literal(String(value)) }
        mutating func encode(_ value: Int32) throws { try literal(String(value)) }
        mutating func encode(_ value: Int64) throws { try literal(String(value)) }
        mutating func encode(_ value: UInt) throws { try literal(String(value)) }
        mutating func encode(_ value: UInt8) throws { try literal(String(value)) }
        mutating func encode(_ value: UInt16) throws { try literal(String(value)) }
        mutating func encode(_ value: UInt32) throws { try literal(String(value)) }
        mutating func encode(_ value: UInt64) throws { try literal(String(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.value(value, in: frame, key: nil); added += 1 }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            added += 1
            return KeyedEncodingContainer(ObjectContainer<NestedKey>(
                encoder: encoder, frame: encoder.nested(isObject: true, in: frame, key: nil)))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            added += 1
            return ArrayContainer(encoder: encoder, frame: encoder.nested(isObject: false, in: frame, key: nil))
        }

        mutating func superEncoder() -> any Encoder { encoder.unsupportedEncoder() }
    }

    struct SingleValueContainer: SingleValueEncodingContainer {
        let encoder: StreamingJSONEncoder
        /// The depth of the value it holds.
        let depth: Int
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { encoder.stream.writeLiteral("null") }
        mutating func encode(_ value: Bool) throws { encoder.stream.writeLiteral(value ? "true" : "false") }
        mutating func encode(_ value: String) throws { encoder.stream.writeString(value) }
        mutating func encode(_ value: Double) throws { encoder.stream.writeLiteral(try StreamingJSONEncoder.formattedNumber(value)) }
        mutating func encode(_ value: Float) throws { encoder.stream.writeLiteral(try StreamingJSONEncoder.formattedNumber(value)) }
        mutating func encode(_ value: Int) throws { encoder.stream.writeLiteral(String(value)) }
        mutating func encode(_ value: Int8) throws { encoder.stream.writeLiteral(String(value)) }
        mutating func encode(_ value: Int16) throws { encoder.stream.writeLiteral(String(value)) }
        mutating func encode(_ value: Int32) throws { encoder.stream.writeLiteral(String(value)) }
        mutating func encode(_ value: Int64) throws { encoder.stream.writeLiteral(String(value)) }
        mutating func encode(_ value: UInt) throws { encoder.stream.writeLiteral(String(value)) }
        mutating func encode(_ value: UInt8) throws { encoder.stream.writeLiteral(String(value)) }
        mutating func encode(_ value: UInt16) throws { encoder.stream.writeLiteral(String(value)) }
        mutating func encode(_ value: UInt32) throws { encoder.stream.writeLiteral(String(value)) }
        mutating func encode(_ value: UInt64) throws { encoder.stream.writeLiteral(String(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value, depth: depth) }
    }
}

/// An array whose elements can be encoded and written independently of each other.
protocol ConcurrentlyWrittenArray {
    func writeConcurrently(into encoder: StreamingJSONEncoder, depth: Int) throws
}

extension Array: ConcurrentlyWrittenArray where Element: ConcurrentlyEncodable {
    /// Encodes the elements (at `depth + 1`) on all cores, then copies them into `encoder` in order.
    func writeConcurrently(into encoder: StreamingJSONEncoder, depth: Int) throws {
        let written = try concurrentMap { element -> Result<[UInt8], any Error> in
            Result {
                let elementEncoder = StreamingJSONEncoder()
                try elementEncoder.encodeValue(element, depth: depth + 1)
                try elementEncoder.finish()
                return elementEncoder.stream.bytes
            }
        }.map { try $0.get() }
        encoder.stream.bytes.reserveCapacity(encoder.stream.bytes.count + written.reduce(0) { $0 + $1.count }
                                             + written.count * (2 * depth + 4) + 16)
        encoder.stream.writeArray(written, depth: depth) { stream, element, _ in stream.bytes.append(contentsOf: element) }
    }
}

// MARK: - Bytes

/// The bytes of a JSON document being written, and its open containers. Containers are frames on a stack:
/// a frame is closed (its bracket written, its keys put in order) when the value that opened it has finished
/// encoding. A struct, so that writing costs one exclusivity check per call, not one per byte array access.
struct JSONStream {
    var bytes: [UInt8] = []

    private struct Frame {
        let id: Int
        let isObject: Bool
        /// The depth of the container's own value: its closing bracket's indentation.
        let depth: Int
        /// The value that opened it (a second request for a container by the same value gets the same one).
        let owner: Int
        var count = 0
        /// Where this frame's entries start in `entries` (objects only).
        let firstEntry: Int
        /// The keys so far arrived in strictly increasing order: nothing to move at the close.
        var inOrder = true
    }

    /// An object's entry: its key and where its indentation starts in `bytes`.
    private var entries: [(key: String, start: Int)] = []
    private var frames: [Frame] = []
    private var lastID = 0

    mutating func newID() -> Int {
        lastID += 1
        return lastID
    }

    /// Where a value starts: see `finishValue`.
    var mark: (frames: Int, bytes: Int) { (frames.count, bytes.count) }

    /// Closes what the value begun at `mark` opened; a value that wrote nothing is an empty object, as in
    /// JSONEncoder.
    mutating func finishValue(from mark: (frames: Int, bytes: Int), depth: Int) {
        while frames.count > mark.frames { close() }
        if bytes.count == mark.bytes {
            openBracket(UInt8(ascii: "{"))
            closeBracket(UInt8(ascii: "}"), depth: depth)
        }
    }

    mutating func closeAll() {
        while !frames.isEmpty { close() }
    }

    /// The open container of `owner`, or a new one at `depth`; nil when the owner already has one of the
    /// other kind.
    mutating func frame(isObject: Bool, owner: Int, depth: Int) -> Int? {
        if let index = frames.lastIndex(where: { $0.owner == owner }) {
            while frames.count > index + 1 { close() }
            return frames[index].isObject == isObject ? frames[index].id : nil
        }
        return open(isObject: isObject, depth: depth, owner: owner)
    }

    mutating func open(isObject: Bool, depth: Int, owner: Int) -> Int {
        let id = newID()
        frames.append(Frame(id: id, isObject: isObject, depth: depth, owner: owner, firstEntry: entries.count))
        openBracket(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return id
    }

    func count(of frame: Int) -> Int? {
        frames.last(where: { $0.id == frame })?.count
    }

    /// Starts the next element of the container `id`: closes the containers a nested one left open, writes the
    /// separator and indentation (and the key, for an object), and returns the depth of the element's value.
    /// Throws when the container was closed already (written to after its value finished).
    mutating func beginElement(of id: Int, key: String?) throws -> Int {
        guard let index = frames.lastIndex(where: { $0.id == id }) else { throw NeedsFoundationEncoder() }
        while frames.count > index + 1 { close() }
        let isFirst = frames[index].count == 0
        frames[index].count += 1
        let depth = frames[index].depth + 1
        if let key {
            // Canonically equal keys with different bytes ("e\u{301}", "\u{E9}") are one key to JSONEncoder's
            // dictionary: sorting keeps the last.
            if entries.count > frames[index].firstEntry,
               !Self.precedes(entries[entries.count - 1].key, key) || entries[entries.count - 1].key == key {
                frames[index].inOrder = false
            }
            // The entry starts after the separator: moving entries writes separators anew.
            entries.append((key, bytes.count + (isFirst ? 0 : 2)))
        }
        writeElementStart(isFirst: isFirst, depth: depth, key: key)
        return depth
    }

    /// What comes before a container's element at `depth`: `,` and a line break unless it is the first, the
    /// indentation, and in an object the key and ` : `.
    mutating func writeElementStart(isFirst: Bool, depth: Int, key: String?) {
        if !isFirst { bytes.append(UInt8(ascii: ",")); bytes.append(0x0A) }
        writeIndent(depth)
        if let key {
            writeString(key)
            bytes.append(contentsOf: " : ".utf8)
        }
    }

    private mutating func close() {
        let frame = frames.removeLast()
        if frame.isObject {
            if !frame.inOrder { sortEntries(from: frame.firstEntry) }
            entries.removeSubrange(frame.firstEntry...)
        }
        closeBracket(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"), depth: frame.depth)
    }

    /// `{` or `[` and the line break after it.
    /// `[…]` at `depth`, each element on its own line (`[\n\n]` when empty, as JSONEncoder writes it).
    mutating func writeArray<Element>(_ elements: [Element], depth: Int,
                                      element write: (inout JSONStream, Element, Int) -> Void) {
        openBracket(UInt8(ascii: "["))
        // Elements are passed in place, not copied out by a `for … in` (a block holds a dozen references).
        for index in elements.indices {
            writeElementStart(isFirst: index == 0, depth: depth + 1, key: nil)
            write(&self, elements[index], depth + 1)
        }
        closeBracket(UInt8(ascii: "]"), depth: depth)
    }

    mutating func openBracket(_ bracket: UInt8) {
        bytes.append(bracket)
        bytes.append(0x0A)
    }

    /// The line break, indentation and `}` or `]` that close a container at `depth` (`{\n\n}` when empty).
    mutating func closeBracket(_ bracket: UInt8, depth: Int) {
        bytes.append(0x0A)
        writeIndent(depth)
        bytes.append(bracket)
    }

    /// Rewrites an object's entries (from `entries[first]` to the end of `bytes`) in the order of their keys'
    /// UTF-8 bytes; of equal keys, the last encoded is kept (as in JSONEncoder's dictionary).
    private mutating func sortEntries(from first: Int) {
        let regionStart = entries[first].start
        let region = Array(bytes[regionStart...])
        let spans = (first..<entries.count).map { i -> Range<Int> in
            let end = i + 1 < entries.count ? entries[i + 1].start - 2 : bytes.count
            return (entries[i].start - regionStart)..<(end - regionStart)
        }
        // Objects have a few keys: a stable insertion sort of positions.
        var order = Array(first..<entries.count)
        for i in order.indices.dropFirst() {
            let moving = order[i]
            var j = i
            while j > 0, Self.precedes(entries[moving].key, entries[order[j - 1]].key) {
                order[j] = order[j - 1]
                j -= 1
            }
            order[j] = moving
        }
        bytes.removeSubrange(regionStart...)
        var firstWritten = true
        for (rank, position) in order.enumerated() {
            if rank + 1 < order.count, entries[order[rank + 1]].key == entries[position].key { continue }
            if firstWritten { firstWritten = false } else { bytes.append(UInt8(ascii: ",")); bytes.append(0x0A) }
            bytes.append(contentsOf: region[spans[position - first]])
        }
    }

    /// `a` sorts before `b` by their UTF-8 bytes (JSONEncoder's order of sorted keys).
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                return order != 0 ? order < 0 : x.count < y.count
            }
        }
    }

    mutating func writeLiteral(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func writeIndent(_ depth: Int) {
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The index of the first control character, `"` or `\` at or after `start`, or `utf8.count`. Bundles are
    /// megabytes of text with few escapes: eight bytes are tested at a time, then the flagged eight one by one.
    @inline(__always)
    static func firstByteToEscape(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index + 8 <= utf8.count {
            let x = UTF8Bytes.load8(utf8, index)
            if UTF8Bytes.hasByteBelow(x, 0x20) | UTF8Bytes.bytesEqual(x, UInt8(ascii: "\"")) | UTF8Bytes.bytesEqual(x, UInt8(ascii: "\\")) != 0 { break }
            index += 8
        }
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return index
    }

    mutating func writeString(_ text: String) {
        var text = text
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { utf8 in
            // Copy runs that need no escape in one go.
            var runStart = 0
            var index = Self.firstByteToEscape(in: utf8, from: 0)
            while index < utf8.count {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                let byte = utf8[index]
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
                runStart = index + 1
                index = Self.firstByteToEscape(in: utf8, from: runStart)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
