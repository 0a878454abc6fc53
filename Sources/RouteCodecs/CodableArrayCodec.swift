import JSONText
import RouteModel

/// An array of the app's route enum values (format `codable-array`): what TCA's `StackState`
/// encodes (a plain array of its elements), and what apps keep of a `[Route]` in `@AppStorage`
/// (a JSON string) or in a file, bottom first: `[{"home":{}},{"details":{"_0":42}}]`.
///
/// Read: a stack without a root of its own (the app's root view is its code), each element a
/// route (``Route/init(codableValue:)``); an element that is no enum value is refused with its
/// coding path (`[3]`). Written: the same array with each element that is still the route it
/// was written back byte for byte, new ones as synthesized `Codable` writes them, laid out as
/// the elements read (``JSONArrayText``). Presentations and tabs cannot be held.
public struct CodableArrayCodec: NavigatorCodec {
    /// A codec for arrays of enum values.
    public init() {}

    public var name: String { "codable-array" }

    public var summary: String? { "a JSON array of the app's route enum values (TCA's StackState, or [Route] kept as JSON)" }

    public var maxBytes: Int { 8 << 20 }

    /// Whether `bytes` are a JSON array that is empty or starts with an object, and not
    /// FlowStacks' routes (see ``StackArrayShape``).
    public func recognizes(_ bytes: [UInt8]) -> Bool {
        StackArrayShape(bytes).isCodableArray
    }

    /// What the codec keeps of the array it read: its text and each element's route.
    struct Read: Sendable {
        let text: JSONArrayText
        let routes: [Route]
    }

    public func decode(_ bytes: [UInt8]) throws -> NavigatorState {
        var routes: [Route] = []
        let text: JSONArrayText
        do {
            text = try JSONArrayText(bytes) { scanner, index in
                let value = try JSONValue(&scanner, depth: 1)
                do {
                    routes.append(try Route(codableValue: value))
                } catch let error as NavigatorError {
                    // A value the app reads that routectl cannot hold (long text, a control
                    // character) is never said to be rejected by it.
                    throw Self.invalid(error.reason, at: "[\(index)]", appRejects: !(error.detail is ValueBeyondRoutectl))
                }
            }
        } catch let error as JSONSyntaxError {
            throw NavigatorError(
                .invalidFile, "is not an array of the app's enum values: \(error.reason)",
                detail: FormatFact.foreignStateUnreadable(format: name, appRejects: !error.isTooDeep))
        }
        var state = NavigatorState()
        state.resetRule = .closeToRoots
        state.tree = NavigationTree(stack: routes)
        state.preserved = Preserved(Read(text: text, routes: routes))
        return state
    }

    public func checkWritable(_ state: NavigatorState) throws {}

    public func encode(_ state: inout NavigatorState) throws -> EncodedState {
        let tree = state.tree
        guard tree.tabs == nil else { throw Self.cannotHold("tabs") }
        guard !tree.hasRoot else {
            throw Self.cannotHold("a root of its own: the app's root view is its code; to show one route, run go /\(tree.root)")
        }
        guard !tree.chain.isPresenting else { throw Self.cannotHold("a sheet or cover: it is one stack of pushed routes") }
        let old = state.preserved?.payload as? Read
        let text = try old?.text ?? JSONArrayText(Array("[]".utf8)) { scanner, _ in try scanner.skipValue(depth: 1) }
        var reuse = ElementReuse(old?.routes ?? [])
        let elements = tree.chain.base.pushed.enumerated().map { index, route -> JSONArrayText.Element in
            if let kept = reuse.take(route, at: index) { return .old(kept) }
            var writer = JSONWriter(capacity: 64)
            writer.value(route.codableValue)
            return .new(writer.bytes)
        }
        let bytes = text.written(elements)
        guard bytes.count <= maxBytes else {
            throw NavigatorError(.cannotApply, "the stack would be \(bytes.count) bytes of JSON, more than the \(maxBytes) routectl writes for an array of enum values")
        }
        // Never write what this codec could not read back as the state it shows.
        guard let again = try? decode(bytes), again.tree == tree else {
            throw Self.cannotHold("this stack: it would not read back as the same routes (nested too deep?)")
        }
        return EncodedState(bytes: bytes)
    }

    private static func cannotHold(_ what: String) -> NavigatorError {
        NavigatorError(.cannotApply, "an array of the app's enum values (format 'codable-array') cannot hold \(what)")
    }

    /// The refusal of an array, naming where: `at [3], ...`; `appRejects`: whether the app's
    /// decoder rejects it too.
    private static func invalid(_ reason: String, at path: String, appRejects: Bool = true) -> NavigatorError {
        let reason = reason.count > 300 ? reason.prefix(300) + "…" : reason
        return NavigatorError(
            .invalidFile, "is not an array of the app's enum values routectl can read: at \(path), \(reason)",
            detail: FormatFact.foreignStateUnreadable(format: "codable-array", appRejects: appRejects))
    }

}

/// Which element read before a value written now is the same value, so that its text is
/// written back as it was: the one at the same place when it is, else the first unused one
/// equal to it.
struct ElementReuse<Value: Hashable> {
    private let old: [Value]
    private var used: [Bool]
    /// The unused places of each value, built on the first miss.
    private var places: [Value: [Int]]?

    init(_ old: [Value]) {
        self.old = old
        self.used = Array(repeating: false, count: old.count)
    }

    /// The place of an unused element read equal to `value`, preferring `index`; it is used from
    /// now on.
    mutating func take(_ value: Value, at index: Int) -> Int? {
        if index < old.count, !used[index], old[index] == value {
            used[index] = true
            return index
        }
        if places == nil {
            places = [:]
            for (place, element) in old.enumerated().reversed() { places![element, default: []].append(place) }
        }
        while let place = places![value]?.popLast() {
            if !used[place] {
                used[place] = true
                return place
            }
        }
        return nil
    }
}

extension CodableArrayCodec {
    /// Every route by its index in the array, bottom first: `[0]`, `[1]`...
    public func routePlaces(in state: NavigatorState) -> [RoutePlace] {
        state.tree.chain.base.pushed.enumerated().map { RoutePlace("[\($0)]", $1) }
    }
}
