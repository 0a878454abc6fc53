import RouteModel

/// The type a command names for a new element (`push --type <Module.Type>`), for a format that
/// writes each element's type beside its value (SwiftUI's `NavigationPath`). It rides in the
/// pushed route's ``Route/preserved`` until the codec writes the route; a format that names no
/// types never looks at it (the command line refuses `--type` there: see
/// ``NavigatorCodec/namesElementTypes``).
public struct GivenElementType: Sendable, Equatable {
    /// The type's name, as the format writes it, such as `MyApp.Screen`.
    public let name: String

    /// `route`, to be written as a value of the type `name`.
    public static func route(_ route: Route, ofType name: String) -> Route {
        var route = route
        route.preserved = Preserved(GivenElementType(name: name))
        return route
    }

    /// Throws `invalidInput` unless `name` is a type name routectl writes for a new element:
    /// module-qualified (`MyApp.Screen`) or mangled as `_mangledTypeName` gives it
    /// (`5MyApp6ScreenO`); no private type's either way (whose name holds a memory address of
    /// one run of the app). Each codec writes it in the kind its document's names are
    /// (``MangledTypeName/stored(_:mangled:known:enumValue:)``). Reasons leave out the name.
    public static func check(_ name: String) throws {
        switch NavigationPathTypeName.kind(of: name) {
        case .mangled?:
            try checkMangled(name)
        case .readable?:
            try NavigationPathTypeName.checkWritable(name)
        default:
            // Neither kind: both are named.
            throw NavigatorError(
                .invalidInput,
                NavigationPathTypeName.expectedReadable + " (or, for FlowStacks' FlowPath, the mangled name it writes, such as 5MyApp6ScreenO)")
        }
    }

    /// Throws `invalidInput` unless `name` is a type name routectl writes for a new element of
    /// SwiftUI's `NavigationPath` (module-qualified, no private type's): `store.type`'s kind.
    public static func checkReadable(_ name: String) throws {
        try NavigationPathTypeName.checkWritable(name)
    }

    /// Throws `invalidInput` unless `name` is a mangled type name routectl writes for a new
    /// screen of FlowStacks' `FlowPath`: one without a memory address (a private type's
    /// `4main13$559efc90c3d8yXZ6HiddenV`, which no later run resolves).
    static func checkMangled(_ name: String) throws {
        guard NavigationPathTypeName.kind(of: name) == .mangled else {
            throw NavigatorError(
                .invalidInput,
                "expected a type name as FlowStacks' FlowPath writes it: mangled, as _mangledTypeName gives it, such as 5MyApp6ScreenO or Si")
        }
        guard !name.contains("$") else {
            throw NavigatorError(
                .invalidInput,
                "a private type's name holds a memory address of one run of the app, and no later run can restore a value of it")
        }
    }
}

/// The fact behind the refusal of a new element whose type cannot be told (exit 64), for a
/// caller to advise on (``NavigatorError/detail``): a format that names each element's type
/// needs one (see ``NavigatorCodec/namesElementTypes``).
public struct ElementTypeNeeded: ErrorDetail, Equatable {
    /// The new element's route, as command-line words (`details`, `_0:=42`).
    public let route: [String]
    /// The types already in the state that could hold it, most likely first; empty when none
    /// could (then no whole command can be offered).
    public let types: [String]
    /// The route names the state's enum values show, when no schema checked the route: a
    /// name close to one of them is likely a typo of it.
    public let names: [String]
    /// Whether `--type` can name the type (SwiftUI's NavigationPath, FlowStacks' FlowPath);
    /// `false` where nothing but the app's routes, declared in the project file, tell it.
    public let canName: Bool
    /// Whether the format's type names are mangled (FlowStacks' FlowPath: `5MyApp6ScreenO`),
    /// not readable (SwiftUI's `MyApp.Screen`).
    public let mangled: Bool

    public init(route: [String], types: [String], names: [String] = [], canName: Bool = true, mangled: Bool = false) {
        self.route = route
        self.types = types
        self.names = names
        self.canName = canName
        self.mangled = mangled
    }
}
