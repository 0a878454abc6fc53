import RouteModel
import JSONText
import PlainText

/// Reads the JSON shapes of a navigation tree, as the navigator file and `show --json` write
/// them: routes (`{"name", "params"}`), flows' stacks, presentations
/// (`{"style", "root", "stack"}`), tabs (`{"name", "stack", "presented"}`), tab container
/// declarations (`{"home": ["feed", "profile"]}`) and links (`{"url", "path"}`). Every name
/// and value is validated, and members this build does not know are kept in the value's ``Preserved``.
package enum TreeReader {
    /// Reads `{"name": ..., "params": {...}}`, validating both.
    package static func route(_ scanner: inout JSONScanner, depth: Int) throws -> Route {
        let start = scanner.position
        var name: String?
        var parameters: [Route.Parameter] = []
        let unknown = try members(&scanner, depth: depth) { scanner, key in
            switch key {
            case "name":
                name = try scanner.readString()
            case "params":
                var keys = UniqueNames()
                try scanner.readObject(depth: depth + 1) { scanner, parameterKey in
                    guard keys.insert(parameterKey) else {
                        throw scanner.error("duplicate parameter \(quoted(parameterKey))")
                    }
                    let valueStart = scanner.position
                    do {
                        if let byte = scanner.peek(), byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                            let range = try scanner.skipValue(depth: depth + 2)
                            parameters.append(try Route.Parameter(key: parameterKey, json: String(decoding: scanner.bytes[range], as: UTF8.self)))
                            return
                        }
                        let (kind, text) = try scanner.readScalar()
                        parameters.append(
                            Route.ValueType(kind) == .string
                                ? try Route.Parameter(key: parameterKey, value: text)
                                : try Route.Parameter(key: parameterKey, json: text))
                    } catch let error as NavigatorError {
                        throw scanner.error(error.message, at: valueStart)
                    }
                }
            default:
                return false
            }
            return true
        }
        guard let name else { throw scanner.error("route without a \"name\"", at: start) }
        do {
            var route = try Route(name, parameters: parameters)
            if !unknown.isEmpty { route.preserved = Preserved(unknown) }
            return route
        } catch let error as NavigatorError {
            throw scanner.error(error.message, at: start)
        }
    }

    /// Reads `[route, ...]`.
    package static func routes(_ scanner: inout JSONScanner, depth: Int) throws -> [Route] {
        var routes: [Route] = []
        try scanner.readArray(depth: depth) { routes.append(try route(&$0, depth: depth + 1)) }
        return routes
    }

    /// Reads `[{"style": "sheet", "root": {...}, "stack": [...]}, ...]`.
    package static func presentations(_ scanner: inout JSONScanner, depth: Int) throws -> [Presentation] {
        var presentations: [Presentation] = []
        try scanner.readArray(depth: depth) { scanner in
            let start = scanner.position
            var style: PresentationStyle?
            var root: Route?
            var stack: [Route] = []
            let unknown = try members(&scanner, depth: depth + 1) { scanner, key in
                switch key {
                case "style":
                    let valueStart = scanner.position
                    let text = try scanner.readString()
                    guard let value = PresentationStyle(rawValue: text) else {
                        throw scanner.error("presentation style \(quoted(text)) is neither \"sheet\" nor \"cover\"", at: valueStart)
                    }
                    style = value
                case "root": root = try route(&scanner, depth: depth + 2)
                case "stack": stack = try routes(&scanner, depth: depth + 2)
                default: return false
                }
                return true
            }
            guard let style, let root else {
                throw scanner.error("a presentation needs \"style\" and \"root\"", at: start)
            }
            var presentation = Presentation(style, RouteStack(root: root, pushed: stack))
            if !unknown.isEmpty { presentation.preserved = Preserved(unknown) }
            presentations.append(presentation)
        }
        return presentations
    }

    /// Reads `[{"name": "feed", "stack": [...], "presented": [...]}, ...]`; each tab's base is
    /// the route named like it, or its own `root` (the tabs of a container that is no route).
    package static func tabs(_ scanner: inout JSONScanner, depth: Int) throws -> [(tab: RouteTab, hasOwnRoot: Bool)] {
        var tabs: [(tab: RouteTab, hasOwnRoot: Bool)] = []
        var names = UniqueNames()
        try scanner.readArray(depth: depth) { scanner in
            let start = scanner.position
            var name: String?
            var root: Route?
            var stack: [Route] = []
            var presented: [Presentation] = []
            let unknown = try members(&scanner, depth: depth + 1) { scanner, key in
                switch key {
                case "name":
                    let valueStart = scanner.position
                    let text = try scanner.readString()
                    guard Route.isValidName(text) else { throw scanner.error("invalid tab name \(quoted(text))", at: valueStart) }
                    guard names.insert(text) else { throw scanner.error("duplicate tab \(quoted(text))", at: valueStart) }
                    name = text
                case "root": root = try route(&scanner, depth: depth + 2)
                case "stack": stack = try routes(&scanner, depth: depth + 2)
                case "presented": presented = try presentations(&scanner, depth: depth + 2)
                default: return false
                }
                return true
            }
            guard let name else { throw scanner.error("a tab needs a \"name\"", at: start) }
            let base = RouteStack(root: root ?? RouteTab.baseRoute(name), pushed: stack)
            var tab = RouteTab(name: name, chain: NavigationChain(base: base, presented: presented))
            if !unknown.isEmpty { tab.preserved = Preserved(unknown) }
            tabs.append((tab, root != nil))
        }
        return tabs
    }

    /// Reads `{"home": ["feed", "profile"], ...}`, in the order written.
    package static func tabContainers(_ scanner: inout JSONScanner, depth: Int) throws -> [TabContainer] {
        var containers: [TabContainer] = []
        var names = Set<String>()
        try scanner.readObject(depth: depth) { scanner, name in
            let start = scanner.position
            guard names.insert(name).inserted else { throw scanner.error("duplicate tab container \(quoted(name))") }
            var tabs: [String] = []
            try scanner.readArray(depth: depth + 1) { tabs.append(try $0.readString()) }
            do {
                containers.append(try TabContainer(name: name, tabs: tabs))
            } catch let error as NavigatorError {
                throw scanner.error(error.message, at: start)
            }
        }
        return containers
    }

    /// Reads `[{"url": "myapp://item/{id}", "path": "home/details?id={id}"}, ...]`, in the order
    /// written; each link's patterns are parsed (whether they fit the declarations is
    /// ``NavigatorState/validate()``'s to check).
    package static func links(_ scanner: inout JSONScanner, depth: Int) throws -> LinkTable {
        var links: [DeepLink] = []
        try scanner.readArray(depth: depth) { scanner in
            let start = scanner.position
            var url: String?
            var path: String?
            let unknown = try members(&scanner, depth: depth + 1) { scanner, key in
                switch key {
                case "url": url = try scanner.readString()
                case "path": path = try scanner.readString()
                default: return false
                }
                return true
            }
            guard let url, let path else { throw scanner.error("a link needs \"url\" and \"path\"", at: start) }
            do {
                var link = try DeepLink(url: url, path: path)
                if !unknown.isEmpty { link.preserved = Preserved(unknown) }
                links.append(link)
            } catch let error as NavigatorError {
                throw scanner.error(error.message, at: start)
            }
        }
        return LinkTable(links)
    }

    /// Reads an object's members: `known` reads a member's value and returns `true`, or returns
    /// `false` without reading for a key it does not know, whose value is then kept as it is.
    /// Duplicate keys are refused.
    private static func members(
        _ scanner: inout JSONScanner, depth: Int, _ known: (inout JSONScanner, String) throws -> Bool
    ) throws -> [JSONMember] {
        var unknown: [JSONMember] = []
        var seen = UniqueNames()
        try scanner.readObject(depth: depth) { scanner, key in
            guard seen.insert(key) else { throw scanner.error("duplicate key \(quoted(key))") }
            guard try known(&scanner, key) else {
                let range = try scanner.skipValue(depth: depth + 1)
                unknown.append(JSONMember(key: key, value: scanner.bytes[range]))
                return
            }
        }
        return unknown
    }
}
