/// A value that may be encoded on another thread when it is an element of a bundle's outermost array (a
/// lecture's subjects and pool, a word list's entries and tests): `CanonicalJSON` writes those on all cores.
public protocol ConcurrentlyEncodable: Encodable, Sendable {}
