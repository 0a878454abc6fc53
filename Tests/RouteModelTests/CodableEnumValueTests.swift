import JSONText
import RouteModel
import TestSupport
import Testing

/// Routes as the app's enum values, as synthesized `Codable` writes them (SE-0295).
@Suite(.tags(.unit)) struct CodableEnumValueTests {
    func value(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    @Test func enumValuesAreRoutesBothWays() throws {
        for (json, path) in [
            (#"{"main":{}}"#, "main"),
            (#"{"details":{"_0":42}}"#, "details?_0:=42"),
            (#"{"profile":{"id":7,"name":"Ann"}}"#, "profile?id:=7&name=Ann"),
            (#"{"search":{"q":null,"exact":true,"_1":"a b"}}"#, "search?_1=a%20b&exact:=true&q:=null"),
        ] {
            let route = try Route(codableValue: value(json))
            #expect(route.description == path, "\(json)")
            #expect(route.codableValue.text == json, "\(json): member order and values are kept")
        }
    }

    @Test func nestedEnumsAndArraysAreTypedValuesBothWays() throws {
        let json = #"{"feature":{"_0":{"item":{"_0":3}},"tags":["a","b"]}}"#
        let route = try Route(codableValue: value(json))
        #expect(route.description == "feature?_0:=%7B%22item%22%3A%7B%22_0%22%3A3%7D%7D&tags:=%5B%22a%22%2C%22b%22%5D")
        #expect(route.codableValue.text == json)
    }

    @Test func valuesThatAreNoEnumCaseAreRefusedSayingWhy() throws {
        for (json, reason) in [
            ("[1]", "an enum value is an object with one member, its case, not [1]"),
            (#"{"a":{},"b":{}}"#, "an enum value is an object with one member"),
            (#"{"a":1}"#, "the case 'a' holds 1, not an object of its associated values"),
            (#"{"not a name":{}}"#, ""),
        ] {
            let error = #expect(throws: NavigatorError.self, "\(json)") { try Route(codableValue: value(json)) }
            #expect(error?.kind == .invalidInput, "\(json)")
            #expect(reason.isEmpty || error?.message.contains(reason) == true, "\(json): \(error?.message ?? "")")
        }
    }

    /// A refusal shows a value it quotes only in part: an app's state can hold a value of
    /// megabytes, and the message stays one short line.
    @Test func aLongValueIsQuotedInPart() throws {
        let long = "[" + (0..<10_000).map(String.init).joined(separator: ",") + "]"
        for json in [long, #"{"a":"# + long + "}", #"{"a":{},"b":"# + long + "}"] {
            let error = #expect(throws: NavigatorError.self) { try Route(codableValue: value(json)) }
            #expect((error?.message.count ?? .max) < 200, "\(error?.message.prefix(300) ?? "")")
        }
        let error = #expect(throws: NavigatorError.self) { try Route(codableValue: value(long)) }
        #expect(error?.message.contains("not [0,1,2,3,") == true && error?.message.contains("…") == true, "\(error?.message.prefix(300) ?? "")")
    }
}
