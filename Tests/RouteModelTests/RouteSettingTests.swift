import TestSupport
import Testing
import RouteModel

/// A route setting (the raw value of an app's route enum under a preferences key) as a pure
/// value: what each operation does to it, and what it refuses.
@Suite(.tags(.unit)) struct RouteSettingTests {
    func route(_ name: String, _ parameters: String...) throws -> Route {
        try Route(name: name, arguments: parameters)
    }

    /// Applies `operation`, expecting a refusal that leaves the setting as it was.
    func refusal(_ setting: RouteSetting, _ operation: NavigationOperation) -> NavigatorError? {
        var changed = setting
        let error = #expect(throws: NavigatorError.self) { try changed.perform(operation) }
        #expect(error?.kind == .cannotApply)
        #expect(error?.message.hasPrefix("holds only a root route (a string): ") == true)
        #expect(changed == setting, "a refused operation changed the setting")
        return error
    }

    @Test func setWritesTheNameAndResetUnsets() throws {
        var setting = RouteSetting.unset
        #expect(try setting.perform(.set(route("home"))))
        #expect(setting == .value("home"))
        #expect(setting.route == (try route("home")))
        #expect(try !setting.perform(.set(route("home"))), "the same name again changes nothing")
        #expect(try setting.perform(.reset))
        #expect(setting == .unset)
        #expect(setting.route == nil)
        #expect(try !setting.perform(.reset), "resetting an unset setting changes nothing")
    }

    @Test func goToASingleRouteIsSetAndAnythingLongerIsRefused() throws {
        var setting = RouteSetting.value("onboarding")
        #expect(try setting.perform(.go(RoutePath(parsing: "home"))))
        #expect(setting == .value("home"))
        let error = refusal(setting, .go(try RoutePath(parsing: "home/details?id=42")))
        #expect(error?.message.contains("'home/details?id=42' needs a whole navigator state") == true)
        _ = refusal(setting, .go(try RoutePath(parsing: "home?id=1")))
    }

    @Test func operationsThatNeedAStackAreRefusedWithTheirRoute() throws {
        let setting = RouteSetting.value("home")
        #expect(refusal(setting, .push(try route("details")))?.fact == .onlyARootRoute(operation: "push", route: "details"))
        #expect(refusal(setting, .present(try route("compose"), .sheet))?.fact == .onlyARootRoute(operation: "present", route: "compose"))
        #expect(refusal(setting, .set(try route("details", "id=42")))?.fact == .onlyARootRoute(operation: "set", route: "details"))
        #expect(refusal(setting, .pop(1))?.fact == .onlyARootRoute(operation: "pop", route: nil))
        #expect(refusal(setting, .dismiss)?.fact == .onlyARootRoute(operation: "dismiss", route: nil))
        #expect(refusal(setting, .selectTab("feed"))?.fact == .onlyARootRoute(operation: "tab", route: nil))
        #expect(refusal(setting, .undo(1))?.message.contains("keeps no history") == true)
        #expect(refusal(setting, .popTo("details"))?.message.contains("'details' is not the route it holds") == true)
        _ = refusal(.unset, .dismissTo("home"))
    }

    @Test func operationsWithNothingToDoChangeNothing() throws {
        for operation: NavigationOperation in [.popToRoot, .dismissAll, .popTo("home"), .dismissTo("home")] {
            var setting = RouteSetting.value("home")
            #expect(try !setting.perform(operation), "\(operation)")
            #expect(setting == .value("home"))
        }
    }

    /// The app's enum may allow raw values routectl would not write: kept and shown, never
    /// given out as a route, and replaced by set like any value.
    @Test func aValueThatIsNoRouteNameIsKeptUntilSet() throws {
        var setting = RouteSetting.value("Home Screen")
        #expect(setting.route == nil)
        #expect(try setting.perform(.set(route("home"))))
        #expect(setting == .value("home"))
    }

    @Test func storedStatePerformsOnEitherAndOnlyANavigatorHasHistory() throws {
        var stored = StoredState.setting(.unset)
        #expect(try stored.perform(.set(route("home")), at: "2026-11-23T10:00:00Z"))
        guard case .setting(.value("home")) = stored else { Issue.record("\(stored)"); return }
        let error = #expect(throws: NavigatorError.self) { try stored.history() }
        #expect(error?.fact == .onlyARootRoute(operation: "history", route: nil))

        var navigator = StoredState.navigator(NavigatorState())
        #expect(try navigator.perform(.push(route("details")), at: "2026-11-23T10:00:00Z"))
        #expect(try navigator.history().entries().map(\.op) == ["push"])
        guard case .navigator(let state) = navigator else { Issue.record("\(navigator)"); return }
        #expect(state.path == "root/details")
    }
}
