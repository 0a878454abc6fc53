import RouteModel
import RouteNavigator
import RouteStore
import TestSupport
import Testing

/// What the SwiftUI bindings do, through the plain functions they wrap: typed reads, and each
/// set saved through the store as the one operation it is.
@Suite(.tags(.unit)) @MainActor struct TypedNavigatorTests {
    enum Screen: TypedRoute, Hashable {
        case list, edit
        case details(Int)
    }

    @Test func aStackSetAsSwiftUISetsItIsSavedAsAPopOrAPush() throws {
        let box = Sandbox()
        let navigator = RouteNavigator(file: box.file)
        try navigator.push(Screen.list)
        try navigator.setStack([Screen.list, .details(42)])
        #expect(navigator.stack(of: Screen.self) == [.list, .details(42)])
        #expect(try NavigatorStore(path: box.file).read().path == "root/list/details?_0:=42")
        // The value SwiftUI already shows writes nothing.
        let entries = navigator.state?.history.count
        try navigator.setStack([Screen.list, .details(42)])
        #expect(navigator.state?.history.count == entries)
        try navigator.setStack([Screen.list])
        let read = try NavigatorStore(path: box.file).read()
        #expect(read.path == "root/list")
        #expect(try read.history.entries(last: 1).first?.op == "pop")
    }

    @Test func aSheetSetAndClearedIsAPresentAndADismiss() throws {
        let box = Sandbox()
        let navigator = RouteNavigator(file: box.file)
        try navigator.setPresented(Screen.edit, style: .sheet)
        #expect(navigator.presented(Screen.self, style: .sheet) == .edit)
        #expect(navigator.presented(Screen.self, style: .cover) == nil)
        try navigator.setStack([Screen.details(1)], level: 1)
        #expect(navigator.state?.path == "root/sheet:edit/details?_0:=1")
        try navigator.setPresented(Screen?.none, style: .sheet)
        #expect(try NavigatorStore(path: box.file).read().path == "root")
        // A tab where the root has none is refused as routectl refuses it, changing nothing.
        #expect(throws: NavigatorError.self) { try navigator.setSelectedTab(Screen.list) }
        #expect(throws: NavigatorError.self) { try navigator.setSelectedTab(Screen.details(1)) }
        #expect(navigator.selectedTab(Screen.self) == nil)
    }
}
