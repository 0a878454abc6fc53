/// The kinds of JSON scalar: what ``JSONScanner/readScalar()`` found.
package enum JSONScalarKind: Hashable, Sendable {
    case string
    case number
    /// `true` or `false`.
    case boolean
    case null
}
