import JSONText
import RouteModel
import TestSupport
import Testing

/// One state, one path (issue 34, item 4): an encoder writes an enum value's members in no
/// fixed order (Foundation's `JSONEncoder` varies it between processes), so parameters print in
/// one order and the order of JSON members makes no state differ.
@Suite(.tags(.unit)) struct ParameterOrderTests {
    func route(_ json: String) throws -> Route { try Route(codableValue: try JSONValue(parsing: Array(json.utf8))) }

    @Test func positionalValuesPrintFirstThenLabelsInByteOrder() throws {
        #expect(try route(#"{"profile":{"name":"Ann","id":7}}"#).description == "profile?id:=7&name=Ann")
        #expect(try route(#"{"profile":{"id":7,"name":"Ann"}}"#).description == "profile?id:=7&name=Ann")
        #expect(try route(#"{"x":{"b":1,"_10":2,"Z":3,"_2":4,"a":5,"_1x":6}}"#).description == "x?_2:=4&_10:=2&Z:=3&_1x:=6&a:=5&b:=1")
        let given = try Route(name: "search", arguments: ["q=a", "_1=b", "exact:=true"])
        #expect(given.description == "search?_1=b&exact:=true&q=a")
        #expect(RoutePath.render(root: given, stack: [given]) == "search?_1=b&exact:=true&q=a/search?_1=b&exact:=true&q=a")
    }

    @Test func theMemberOrderMakesNoRouteDiffer() throws {
        let a = try route(#"{"profile":{"id":7,"name":"Ann"}}"#)
        let b = try route(#"{"profile":{"name":"Ann","id":7}}"#)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(try route(#"{"profile":{"id":7,"name":"Bob"}}"#) != a)
        #expect(try route(#"{"profile":{"id":"7","name":"Ann"}}"#) != a, "text 7 is not the number 7")
        #expect(try route(#"{"profile":{"id":7}}"#) != a)
        var tree = NavigationTree(chain: NavigationChain(root: a))
        tree.chain.push(b)
        var other = NavigationTree(chain: NavigationChain(root: b))
        other.chain.push(a)
        #expect(tree == other && RoutePath(tree).description == RoutePath(other).description)
    }

    /// A typed value holding JSON objects: their members' order makes no difference either,
    /// at any depth, and they print in the same order as parameters.
    @Test func theMemberOrderInsideAValueMakesNoRouteDiffer() throws {
        let a = try route(#"{"box":{"_0":{"b":1,"a":{"d":[{"y":1,"x":2}],"c":3}}}}"#)
        let b = try route(#"{"box":{"_0":{"a":{"c":3,"d":[{"x":2,"y":1}]},"b":1}}}"#)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a.description == b.description)
        #expect(a.description == "box?_0:=" + PercentEncoding.encoded(#"{"a":{"c":3,"d":[{"x":2,"y":1}]},"b":1}"#))
        #expect(try route(#"{"box":{"_0":{"b":1,"a":{"d":[{"y":2,"x":1}],"c":3}}}}"#) != a, "values still count")
        #expect(try route(#"{"box":{"_0":[1,2]}}"#) != (try route(#"{"box":{"_0":[2,1]}}"#)), "an array's order counts")
        #expect(a.codableValue.text == #"{"box":{"_0":{"b":1,"a":{"d":[{"y":1,"x":2}],"c":3}}}}"#, "written as it was read")
    }

    /// A value a codec kept as it was stored (with spaces) is the same as its compact form.
    @Test func aValueKeptWithSpacesIsTheSameAsItsCompactForm() throws {
        let compact = try route(#"{"box":{"_0":{"a":[2],"b":1}}}"#)
        for stored in [#"{"a": [2], "b": 1}"#, #"{"b": 1, "a": [2]}"#] {
            let spaced = Route(checkedName: "box", parameters: [Route.Parameter(checkedKey: "_0", value: stored, type: .object)])
            #expect(spaced == compact && compact == spaced && spaced.hashValue == compact.hashValue, "\(stored)")
            #expect(spaced.description == compact.description, "\(stored)")
        }
    }

    /// With a schema that declares the route, its declaration order.
    @Test func aDeclaredOrderWinsForTheRoutesItDeclares() throws {
        let order = ParameterOrder(declared: ["profile": ["name", "id"]])
        let profile = try route(#"{"profile":{"id":7,"name":"Ann"}}"#)
        let other = try route(#"{"other":{"name":"Ann","id":7}}"#)
        #expect(order.parameters(of: profile).map(\.key) == ["name", "id"])
        #expect(order.parameters(of: other).map(\.key) == ["id", "name"])
        var state = NavigatorState(initial: profile)
        try state.apply(.push(other))
        #expect(state.path(order: order) == "profile?name=Ann&id:=7/other?id:=7&name=Ann")
        #expect(state.path == "profile?id:=7&name=Ann/other?id:=7&name=Ann")
    }

    /// Whether a path said straight from stored bytes may print otherwise: an object in a
    /// value, or a route's keys out of order; one pass, keys compared where they stand.
    @Test func aPathMayOrderItsParametersOnlyWhenItsKeysAreOutOfOrderOrItHoldsAnObject() {
        let inOrder = ["", "/", "home", "home/details?_0:=1", "profile?id:=7&name=Ann/details?_0:=1&_1=x",
                       "a?_2=x&_10=y&b=z/c?a=1&b=2", "x?q=a%26b&r=1", "/details?_0:=1"]
        for path in inOrder { #expect(!RoutePath.mayOrderParameters(path), "\(path)") }
        let outOfOrder = ["profile?name=Ann&id:=7", "a?_10=y&_2=x", "a?b=z&_0=x", "home/b?y=1&x=2",
                          "a?v:=%7B%22b%22:1%7D", "a?x=1/b?b=2&a=1"]
        for path in outOfOrder { #expect(RoutePath.mayOrderParameters(path), "\(path)") }
        // Linear in the path's length: 100,000 routes of two keys each.
        let long = String(repeating: "r?a=1&b=2/", count: 100_000) + "r?b=1&a=2"
        #expect(RoutePath.mayOrderParameters(long))
    }
}
