import RouteModel
import SwiftUIStandIn
import TestSupport
import Testing

/// An app imports SwiftUI and RouteModel in the same file. If RouteModel declared any of
/// SwiftUI's navigation names, the unqualified uses below would be ambiguous and this file
/// would not compile.
@Suite(.tags(.unit)) struct NameClashTests {
    @Test func swiftUINamesStayUnambiguousBesideRouteModel() throws {
        _ = NavigationStack()
        _ = TabView()
        _ = Tab()
        #expect(NavigationPath().count == 0)
        var state = NavigatorState(initial: try Route("home"))
        try state.apply(.push(try Route("details")))
        let stack: RouteStack = state.tree.chain.base
        let tab: RouteTab? = nil
        #expect(stack.pushed.count == 1 && tab == nil)
    }
}
