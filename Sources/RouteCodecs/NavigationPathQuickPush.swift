import JSONText
import RouteModel

/// A push onto a SwiftUI `NavigationPath` document, written straight into its bytes
/// (``NavigationPathCodec/pushed(_:ontoRecognized:)``): one walk over the document
/// (``NavigationPathQuickWalk``) learns what a new element's type and place need, and the new
/// pair goes in front of the others, every byte of the document kept. No route, element or
/// state is made for the elements there.
///
/// The bytes are those decoding the document, pushing the route and encoding the state give
/// (``NavigationPathCodec/encode(_:)``): the element read that shows as the route when there is
/// one (the bottom-most), else a new one of the type ``NavigationPathTypeChoice`` tells from
/// the elements, shaped as it shapes it and checked to read back as the route. `nil` wherever
/// that is not settled in one walk (a document the walk refuses, an empty path, more than
/// eight types, a type the elements do not tell, a type name the app cannot resolve, a route
/// that would not read back, a path past the format's limit), for the full way to write or
/// refuse.
enum NavigationPathQuickPush {
    static func pushed(_ route: Route, onto bytes: [UInt8], maxBytes: Int) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { buffer -> [UInt8]? in
            var walk = NavigationPathQuickWalk(buffer)
            var parts = NavigationPathQuickRoute.Parts()
            var scan = NavigationPathTypeChoice.Scan()
            // By type index (the walk's): the shapes of its values (bits by shape).
            var shapes: [UInt8] = []
            // By type index: the standard library's scalar type it is, if any.
            var scalars: [StandardScalar?] = []
            // The bottom-most element that shows as the route: its two strings, as they stand.
            var same: Range<Int>?
            var first = 0
            while let pair = walk.next(into: &parts) {
                // Up to eight types, each met once: the walk tells every one apart by its bytes.
                // More go the full way, told at the ninth, not after the whole walk.
                guard pair.type < 8 else { return nil }
                if pair.type == shapes.count {
                    shapes.append(0)
                    scalars.append(StandardScalar(typeName: walk.typeName(pair.type).text))
                }
                // A value of the standard library's Int, String... not of its kind: the app cannot
                // decode the document, which the full way refuses.
                if let scalar = scalars[pair.type] {
                    guard parts.name == nil, parts.count == 1, parts[0].key == nil,
                        scalar.holds(type: parts[0].type, value: String(decoding: UnsafeBufferPointer(rebasing: buffer[parts[0].value]), as: UTF8.self), lenient: true)
                    else { return nil }
                }
                shapes[pair.type] |= bit(parts.shape)
                if walk.pairs == 1 { first = pair.typeToken.lowerBound }
                let showsUnderName: Bool
                if let name = parts.name {
                    showsUnderName = equal(UnsafeBufferPointer(rebasing: buffer[name]), route.name)
                } else {
                    showsUnderName = walk.routeName(pair.type) == route.name
                }
                scan.add(walk.typeName(pair.type), parts.shape, showsUnderName: showsUnderName)
                if showsUnderName, sameParameters(parts, in: buffer, as: route) {
                    same = pair.typeToken.lowerBound..<pair.itemToken.upperBound
                }
            }
            guard walk.isDone, walk.pairs > 0 else { return nil }
            // A document the app cannot decode as it stands: the full way refuses it.
            guard !walk.types.names.contains(where: { $0.isPrivate || NavigationPathTypeName.kind(of: $0.text) != .readable }) else { return nil }
            let separator = bytes[walk.firstSeparator]
            let new: [UInt8]
            if let same {
                new = Array(bytes[same])
            } else {
                let types = walk.types.names
                guard let text = scan.type, let index = types.firstIndex(where: { $0.text == text }) else { return nil }
                let type = types[index]
                let seen = Set([NavigationPathElement.Shape.enumValue, .object, .single].filter { shapes[index] & bit($0) != 0 })
                guard let shape = try? NavigationPathTypeChoice.shape(of: route, type: type, seen: seen) else { return nil }
                let item = NavigationPathElement.text(of: route, shape: shape)
                // Never written when it does not read back as the route.
                guard let back = try? NavigationPathElement.route(type: type, text: item), back.0 == route else { return nil }
                var writer = JSONWriter(capacity: type.text.utf8.count + item.utf8.count + 16)
                writer.string(type.text)
                writer.raw(separator)
                writer.string(item)
                new = writer.bytes
            }
            guard bytes.count + new.count + separator.count <= maxBytes else { return nil }
            // In front of the first pair, with what separates the first pair's strings after it.
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + new.count + separator.count)
            output += bytes[..<first]
            output += new
            output += separator
            output += bytes[first...]
            return output
        }
    }

    private static func bit(_ shape: NavigationPathElement.Shape) -> UInt8 {
        switch shape {
        case .enumValue: 1
        case .object: 2
        case .single: 4
        }
    }

    /// Whether the bytes `utf8` are `text`'s.
    private static func equal(_ utf8: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
        guard text.utf8.count == utf8.count else { return false }
        var text = text
        return text.withUTF8 { text in
            for index in 0..<text.count where text[index] != utf8[index] { return false }
            return true
        }
    }

    /// Whether the parameters read into `parts` are `route`'s, as ``Route`` compares them: keys
    /// and types the same, values the same text (the same bytes, or canonically equivalent).
    private static func sameParameters(_ parts: NavigationPathQuickRoute.Parts, in buffer: UnsafeBufferPointer<UInt8>, as route: Route) -> Bool {
        let parameters = route.parameters
        guard parts.count == parameters.count else { return false }
        var index = 0
        for part in parts.parameters {
            let parameter = parameters[index]
            index += 1
            guard part.type == parameter.type else { return false }
            if let key = part.key {
                guard equal(UnsafeBufferPointer(rebasing: buffer[key]), parameter.key) else { return false }
            } else {
                guard parameter.key == "_0" else { return false }
            }
            let value = UnsafeBufferPointer(rebasing: buffer[part.value])
            // Canonically equivalent texts differ in bytes only outside ASCII.
            guard equal(value, parameter.value)
                || (!(value.allSatisfy { $0 < 0x80 } && parameter.value.utf8.allSatisfy { $0 < 0x80 })
                    && String(decoding: value, as: UTF8.self) == parameter.value)
            else { return false }
        }
        return true
    }
}
