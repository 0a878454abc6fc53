import Foundation
import Testing
import TestSupport

/// A type generic over another: its mangled name (`…VySiG`) is one routectl cannot read.
struct MangledBox<T: Codable & Hashable>: Codable, Hashable {
    var home: [String: T] = [:]
}

/// NavigationBackport 0.11's and swift-navigation 2.x's `UINavigationPath`'s paths, end to end:
/// SwiftUI's pairs with each type named as `_mangledTypeName` gives it, last pushed first.
/// The mirror is the libraries' own code (NavigationBackport
/// `Sources/NavigationBackport/CodableRepresentation.swift`: `container.encode(_mangledTypeName(type(of:
/// element)))`, decoded with `_typeByName(typeName) as? any (Hashable & Decodable).Type` then
/// `JSONDecoder().decode(type, from: Data(encodedValue.utf8))`, inserted at 0;
/// swift-navigation `Sources/SwiftNavigation/UINavigationPath.swift` the same): Swift's runtime
/// resolves what routectl wrote, so the app would decode it.
@Suite(.tags(.endToEnd), .slowLayer) struct MangledTypeNameCommandTests {
    typealias M = NavigationPathMirror
    static let key = "path"

    /// The mirror of NavigationBackport's encoder: reversed pairs of mangled name and JSON.
    static func encode(_ elements: [any (Codable & Hashable)]) -> [UInt8] {
        var strings: [String] = []
        for element in elements.reversed() {
            strings.append(_mangledTypeName(type(of: element))!)
            strings.append(String(decoding: try! JSONEncoder().encode(element), as: UTF8.self))
        }
        return Array(try! JSONEncoder().encode(strings))
    }

    /// The mirror of NavigationBackport's decoder.
    static func decode(_ bytes: [UInt8]) throws -> [AnyHashable] {
        let strings = try JSONDecoder().decode([String].self, from: Data(bytes))
        var elements: [AnyHashable] = []
        var index = 0
        while index + 1 < strings.count {
            guard let type = _typeByName(strings[index]) as? any (Hashable & Decodable).Type else {
                throw CocoaError(.coderReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: "\(strings[index]) is not decodable"])
            }
            let value = try JSONDecoder().decode(type, from: Data(strings[index + 1].utf8))
            elements.insert(AnyHashable(value), at: 0)
            index += 2
        }
        return elements
    }

    static var start: [AnyHashable] { [M.Screen.home, M.Recipe(id: 42), 7] }

    /// Every change on a mangled path in `box` (`store` names the file or the key), read back
    /// with the mirror after each.
    static func everyChange(_ box: Sandbox, store: [String], stored: () throws -> [UInt8]) throws {
        func check(_ expected: [AnyHashable], _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws {
            let result = box.run(store + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(try decode(stored()) == expected, "\(arguments)", sourceLocation: sourceLocation)
        }
        #expect(box.run(store + ["show", "--path"]).stdout == "/home/Recipe?id:=42/Int?_0:=7\n")
        // A type of the path, a standard scalar, a readable name of a type the path holds, a
        // readable name mangled from the kinds the path's names tell, and a mangled name.
        try check(start + [8], "push", "Int", "_0:=8")
        try check(start + [8, "a/b"], "push", "String", "_0=a/b", "--type", "Swift.String")
        try check(start + [8, "a/b", M.Screen.details(4)], "push", "details", "_0:=4", "--type", "TestSupport.NavigationPathMirror.Screen")
        try check(start + [8, "a/b", M.Screen.details(4), M.Feature.item(3)], "push", "item", "_0:=3", "--type", "TestSupport.NavigationPathMirror.Feature")
        try check(start + [8, "a/b", M.Screen.details(4), M.Feature.item(3), true], "push", "Bool", "_0:=true", "--type", "Sb")
        #expect(try String(decoding: stored(), as: UTF8.self).hasPrefix(#"["Sb","true","11TestSupport20NavigationPathMirrorO7FeatureO","{\"item\":{\"_0\":3}}","11TestSupport20NavigationPathMirrorO6ScreenO","#))
        #expect(_mangledTypeName(M.Feature.self) == "11TestSupport20NavigationPathMirrorO7FeatureO", "as the runtime mangles it")
        try check(start, "pop", "5")
        try check([M.Screen.home, M.Recipe(id: 1)], "go", "/home/Recipe?id:=1")
        // A struct's kind is told by no enum value: its mangled name is asked for.
        let refused = box.run(store + ["push", "Article", "title=x", "tags:=[]", "--type", "TestSupport.NavigationPathMirror.Article"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.errorLines.first?.contains("cannot tell whether 'TestSupport.NavigationPathMirror.Article' is an enum, a struct or a class") == true, "\(refused.stderr)")
        try check([M.Screen.home, M.Recipe(id: 1), M.Article(title: "x", tags: [])], "push", "Article", "title=x", "tags:=[]", "--type", _mangledTypeName(M.Article.self)!)
    }

    @Test func aMangledPathInAFileIsShownByReadableNamesAndChangedAsTheLibraryDecodes() throws {
        let box = Sandbox(holding: Self.encode([M.Screen.home, M.Recipe(id: 42), 7]))
        let show = box.run("show")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("format  navigation-path"), "\(show.stdout)")
        try Self.everyChange(box, store: []) { Array(box.contents()!) }
    }

    @Test(arguments: VAPNFixtures.PlistFormat.allCases, VAPNFixtures.StoredAs.allCases)
    func aMangledPathUnderAKeyIsChangedAsTheLibraryDecodes(_ format: VAPNFixtures.PlistFormat, _ storedAs: VAPNFixtures.StoredAs) throws {
        guard !format.needsPython || VAPNFixtures.python3 != nil else { return }
        let box = try Sandbox.preferences(Self.key, Self.encode([M.Screen.home, M.Recipe(id: 42), 7]), format, storedAs)
        try Self.everyChange(box, store: ["--key", Self.key]) { try VAPNFixtures.storedValue(path: box.file, key: Self.key).json }
        #expect(try VAPNFixtures.storedValue(path: box.file, key: Self.key).storedAs == storedAs, "data stays data, a string a string")
        #expect(try VAPNFixtures.describeOtherPreferences(path: box.file, key: Self.key) == VAPNFixtures.otherPreferencesDescription)
    }

    /// A name routectl cannot demangle (a generic's) is shown as stored and kept; a change is
    /// refused, saying so, with no hint that would remove the app's path.
    @Test func aNameRoutectlCannotReadIsShownAndNoChangeIsMade() throws {
        let generic = _mangledTypeName(MangledBox<Int>.self)!
        let document = Self.encode([M.Screen.home, 7]).dropLast() + Array(",\"\(generic)\",\"{\\\"home\\\":{}}\"]".utf8)
        let box = Sandbox(holding: Array(document))
        #expect(try Self.decode(Array(document)).count == 3, "the app decodes it")
        let show = box.run("show", "--path")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout == "/home/home/Int?_0:=7\n")
        #expect(box.run("go", "/home/home/Int?_0:=7").status == 0, "the path as read writes nothing")
        for arguments in [["push", "Int", "_0:=1"], ["pop"], ["go", "/home"]] {
            let result = box.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.errorLines.first?.contains("at [4], '\(generic)' is a mangled type name routectl cannot read") == true, "\(result.stderr)")
            #expect(!result.stderr.contains("reset"), "\(result.stderr)")
            #expect(box.contents().map(Array.init) == Array(document), "\(arguments) leaves every byte")
        }
    }

    /// FlowPath's triples under a key: a readable --type is written mangled, and FlowStacks'
    /// decoder (a mirror, `_typeByName`) reads the screen back.
    @Test(arguments: [VAPNFixtures.PlistFormat.binary, .xml], VAPNFixtures.StoredAs.allCases)
    func aFlowPathUnderAKeyTakesAReadableTypeWrittenMangled(_ format: VAPNFixtures.PlistFormat, _ storedAs: VAPNFixtures.StoredAs) throws {
        let elements: [FlowStacksMirror.FlowPath.Element] = [.init(.push, AppScreen.details(42))]
        let box = try Sandbox.preferences(Self.key, FlowStacksFixtures.encode(flowPath: elements), format, storedAs)
        let pushed = box.run("--key", Self.key, "push", "home", "--type", "TestSupport.AppScreen")
        #expect(pushed.status == 0, "\(pushed.stderr)")
        let stored = try VAPNFixtures.storedValue(path: box.file, key: Self.key)
        let back = try FlowStacksFixtures.decode(flowPath: stored.json)
        #expect(back.elements.map { "\($0)" } == ["push AppScreen details(42)", "push AppScreen home"])
        #expect(String(decoding: stored.json, as: UTF8.self).contains(#""\#(_mangledTypeName(AppScreen.self)!)","{\"home\":{}}""#))
        #expect(stored.storedAs == storedAs)
    }

    /// FlowStacks' FlowPath names screens mangled too: a readable --type is written mangled.
    @Test func aFlowPathScreenOfAReadableTypeIsWrittenMangled() throws {
        let flowPath = Sandbox(holding: Array(FlowStacksFixtures.Notes.flowPath.utf8))
        let pushed = flowPath.run("push", "settings", "--type", "MyApp.Screen")
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(flowPath.text().hasPrefix(#"[{"push":{}},"5MyApp6ScreenO","{\"settings\":{}}","#), "\(flowPath.text())")
        let generic = Sandbox(holding: Array(#"[{"push":{}},"5MyApp3BoxVySiG","{\"home\":{}}"]"#.utf8))
        #expect(generic.run("show", "--path").stdout == "/home\n")
        let refused = generic.run("push", "home")
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.errorLines.first?.contains("at [1], '5MyApp3BoxVySiG' is a mangled type name routectl cannot read") == true, "\(refused.stderr)")
    }
}
