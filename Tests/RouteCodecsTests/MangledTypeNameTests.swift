import Testing
import RouteCodecs
import TestSupport

/// Types of this module, mangled by the Swift runtime itself.
enum MangledScreen: Codable, Hashable { case home }
struct MangledHome {
    enum Screen: Codable, Hashable { case details(Int) }
    struct HomeView: Codable, Hashable { let id: Int }
    final class Box {}
}
struct ScreenScreen {}
struct MangledGeneric<T> {}
private struct MangledPrivate {}

/// Swift's mangled type names as `_mangledTypeName` gives them (NavigationBackport 0.11,
/// swift-navigation 2.x's UINavigationPath and FlowStacks' FlowPath write them; their decoders
/// resolve them with `_typeByName`): read into readable names, and written so that
/// `_typeByName` resolves them to the same type (the app would decode the element).
@Suite(.tags(.unit)) struct MangledTypeNameTests {
    static let module = "RouteCodecsTests"

    static let named: [(Any.Type, String)] = [
        (Int.self, "Swift.Int"), (String.self, "Swift.String"), (Bool.self, "Swift.Bool"), (Double.self, "Swift.Double"),
        (Float.self, "Swift.Float"), (UInt.self, "Swift.UInt"), (Character.self, "Swift.Character"), (Substring.self, "Swift.Substring"),
        (Int64.self, "Swift.Int64"), (Int8.self, "Swift.Int8"), (UInt32.self, "Swift.UInt32"),
        (MangledScreen.self, "\(module).MangledScreen"), (MangledHome.Screen.self, "\(module).MangledHome.Screen"),
        (MangledHome.HomeView.self, "\(module).MangledHome.HomeView"), (MangledHome.Box.self, "\(module).MangledHome.Box"),
        (ScreenScreen.self, "\(module).ScreenScreen"),
        (NavigationPathMirror.Screen.self, "TestSupport.NavigationPathMirror.Screen"),
    ]

    @Test func theRuntimesNamesReadAsTheirReadableNames() throws {
        for (type, readable) in Self.named {
            let mangled = try #require(_mangledTypeName(type))
            #expect(MangledTypeName.readable(mangled) == readable, "\(mangled)")
            #expect(MangledTypeName.readable(mangled) == _typeName(type, qualified: true), "\(mangled)")
        }
        // The notes' and the issue's own names.
        for (mangled, readable) in [
            ("Si", "Swift.Int"), ("SS", "Swift.String"), ("Sb", "Swift.Bool"), ("Sd", "Swift.Double"),
            ("5MyApp6ScreenO", "MyApp.Screen"), ("5MyApp4HomeV6ScreenO", "MyApp.Home.Screen"), ("5MyApp6RecipeV", "MyApp.Recipe"),
            ("5MyApp5OuterO5InnerV", "MyApp.Outer.Inner"), ("s5Int64V", "Swift.Int64"),
        ] {
            #expect(MangledTypeName.readable(mangled) == readable, "\(mangled)")
        }
    }

    @Test func whatRoutectlWritesTheRuntimeResolvesToTheSameType() throws {
        for (type, readable) in Self.named {
            let mangled = try #require(_mangledTypeName(type))
            let kinds = try #require(MangledTypeName.components(mangled)).dropFirst().map { $0.kind! }
            let written = try #require(MangledTypeName.mangled(readable: readable, kinds: kinds), "\(readable)")
            let resolved: Any.Type? = _typeByName(written)
            #expect(resolved.map { ObjectIdentifier($0) } == ObjectIdentifier(type), "\(written) resolves to \(readable)")
        }
        #expect(MangledTypeName.mangled(readable: "Swift.Int", kinds: []) == "Si")
        #expect(MangledTypeName.mangled(readable: "MyApp.Home.Screen", kinds: [.structure, .enumeration]) == "5MyApp4HomeV6ScreenO")
        #expect(MangledTypeName.mangled(readable: "MyApp.Screen", kinds: []) == nil, "kinds must match")
        #expect(MangledTypeName.mangled(readable: "Swift.Array<Swift.Int>", kinds: [.structure]) == nil)
    }

    @Test func namesRoutectlCannotReadAreNotRead() throws {
        let generic = try #require(_mangledTypeName(MangledGeneric<Int>.self))
        let hidden = try #require(_mangledTypeName(MangledPrivate.self))
        for name in [generic, hidden, "SaySiG", "SiSg", "4main0011ncode_BpaIkV", "So8NSObjectC", "5MyApp6Hidden33_0123456789ABCDEF0123456789ABCDEFLLV",
                     "", "S", "5MyApp", "5MyApp6ScreenX", "5MyApp9ScreenO", "0", "0A", "5MyApp0Z6ScreenO", "99999MyApp"] {
            #expect(MangledTypeName.readable(name) == nil, "\(name)")
        }
    }

    /// Never a trap, whatever the bytes; each name read once (a long one is refused).
    @Test func hostileNamesNeverCrash() {
        var random = FuzzRandom(seed: FuzzSettings.seed(for: "MangledTypeNameTests"))
        let alphabet = Array("0123456789abcABCOVCSsiLP_$0A0B".utf8)
        for _ in 0..<FuzzSettings.cases(20_000, factor: 100) {
            let count = Int(random.next() % 48)
            let bytes = (0..<count).map { _ in random.chance(0.05) ? UInt8(truncatingIfNeeded: random.next()) : random.pick(alphabet) }
            let name = String(decoding: bytes, as: UTF8.self)
            if let readable = MangledTypeName.readable(name) {
                #expect(readable.contains("."), "\(name)")
            }
        }
        #expect(MangledTypeName.readable(String(repeating: "0a", count: 100_000)) == nil)
        #expect(MangledTypeName.readable("4main2ab" + String(repeating: "0a", count: 400)) == nil)
    }
}
