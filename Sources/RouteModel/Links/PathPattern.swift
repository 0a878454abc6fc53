/// The path side of a deep link: a path (see ``RoutePath``) whose parameter values may be named
/// placeholders, such as `home/tab:feed/details?id={id}` or `home/item?n:={n}`.
///
/// A placeholder is a whole parameter value, named by the route-name rule, and appears once.
/// `key={name}` takes text; `key:={name}` a typed value, which must be a JSON number, `true`,
/// `false` or `null` (a JSON string would be text, and `key={name}` says that). Everything else
/// is the path grammar itself, parsed by ``RoutePath``.
///
/// A path matches when it is the pattern with each placeholder standing for one value of its
/// kind: the same segments, routes, keys in the same order, and literal values equal.
public struct PathPattern: Hashable, Sendable, CustomStringConvertible {
    /// Where a placeholder stands: a parameter of a segment.
    package struct Slot: Hashable, Sendable {
        /// The segment's index in the path.
        var segment: Int
        /// The parameter's index in the segment's route.
        var parameter: Int
        /// The placeholder's name.
        var name: String
        /// Whether it takes a typed value (`key:={name}`).
        var typed: Bool
    }

    /// The path, with a stand-in value where each placeholder stands (text `""`, or the number
    /// `0`), and the pattern's columns: what the declarations are checked against.
    package let path: RoutePath
    /// Where the placeholders stand, in the order written.
    package let slots: [Slot]

    /// Parses a path pattern.
    ///
    /// - Throws: `invalidInput` as ``RoutePath/init(parsing:)`` does (the column included), and
    ///   for a `{` or `}` that is not one whole parameter value, or a placeholder named twice.
    public init(parsing text: String) throws {
        (path, slots) = try RoutePath.parse(text, pattern: true)
    }

    /// The placeholders' names, in the order they stand.
    public var placeholders: [String] { slots.map(\.name) }

    /// The names of the placeholders that take typed values.
    public var typedPlaceholders: [String] { slots.filter(\.typed).map(\.name) }

    /// The names of every route the pattern holds.
    package var routeNames: [String] { path.routeNames }

    /// The pattern in its normal form, placeholders written `{name}`.
    public var description: String { path.rendered(placing: slots) }

    /// The placeholders' values when `path` matches, by name (a typed value as its JSON text);
    /// `nil` when it does not.
    public func match(_ path: RoutePath) -> [String: String]? {
        // A stack without a root of its own (`/details`) is another path than one rooted there.
        guard path.segments.count == self.path.segments.count, path.withoutRoot == self.path.withoutRoot else { return nil }
        var values: [String: String] = [:]
        let slotted = Dictionary(grouping: slots, by: \.segment)  // not a scan of every slot per segment
        for (index, (pattern, segment)) in zip(self.path.segments, path.segments).enumerated() {
            let slots = slotted[index] ?? []
            guard !slots.isEmpty else {
                guard pattern == segment else { return nil }
                continue
            }
            guard let (patternRoute, route) = PathPattern.routes(pattern, segment), patternRoute.name == route.name,
                patternRoute.parameters.count == route.parameters.count
            else { return nil }
            for (parameterIndex, (expected, given)) in zip(patternRoute.parameters, route.parameters).enumerated() {
                guard let slot = slots.first(where: { $0.parameter == parameterIndex }) else {
                    guard expected == given else { return nil }
                    continue
                }
                guard expected.key == given.key, slot.typed == (given.type != .string) else { return nil }
                values[slot.name] = given.value
            }
        }
        return values
    }

    /// The path with every placeholder filled from `values`; `nil` when a value is missing or a
    /// typed placeholder's value is not a JSON number, `true`, `false` or `null`.
    ///
    /// - Throws: `invalidInput` for a value no parameter may hold (a control character, more
    ///   than 1024 bytes), naming the placeholder.
    public func fill(_ values: [String: String]) throws -> RoutePath? {
        var segments = path.segments
        for slot in slots {
            guard let value = values[slot.name] else { return nil }
            if slot.typed, TypedValue.parse(value).map({ [.string, .array, .object].contains($0.0) }) ?? true { return nil }
            guard let (_, route) = PathPattern.routes(segments[slot.segment], segments[slot.segment]) else { return nil }
            var parameters = route.parameters
            let key = parameters[slot.parameter].key
            do {
                parameters[slot.parameter] = try slot.typed ? Route.Parameter(key: key, json: value) : Route.Parameter(key: key, value: value)
            } catch let error as NavigatorError {
                throw error.about("the value for '{\(slot.name)}':")
            }
            let filled = try Route(route.name, parameters: parameters)
            switch segments[slot.segment] {
            case .presented(let style, _): segments[slot.segment] = .presented(style, filled)
            default: segments[slot.segment] = .route(filled)
            }
        }
        return RoutePath(segments: segments, withoutRoot: path.withoutRoot)
    }

    /// The routes of two segments of the same kind (and presentation style); `nil` otherwise.
    private static func routes(_ a: RoutePath.Segment, _ b: RoutePath.Segment) -> (Route, Route)? {
        switch (a, b) {
        case (.route(let first), .route(let second)): return (first, second)
        case (.presented(let style, let first), .presented(let other, let second)) where style == other: return (first, second)
        default: return nil
        }
    }
}
