import TestSupport
import Testing
import RouteModel

/// A route setting that holds an integer (the raw value of an `Int`-backed enum, such as a
/// selected tab's) as a pure value: `set <integer>` changes it, a route name is refused, and
/// it holds no more than a string setting does.
@Suite(.tags(.unit)) struct IntegerSettingTests {
    /// Applies `operation`, expecting a refusal of `kind` that leaves the setting as it was.
    func refusal(_ setting: RouteSetting, _ operation: NavigationOperation, kind: NavigatorError.Kind = .cannotApply) -> NavigatorError? {
        var changed = setting
        let error = #expect(throws: NavigatorError.self) { try changed.perform(operation) }
        #expect(error?.kind == kind)
        #expect(changed == setting, "a refused operation changed the setting")
        return error
    }

    @Test func setIntegerWritesItOnAnIntegerOrAnUnsetKeyAndResetUnsets() throws {
        var setting = RouteSetting.unset
        #expect(try setting.perform(.setInteger(2)), "an Int-backed enum's key is missing until the app first changes it")
        #expect(setting == .integer(2))
        #expect(setting.route == nil)
        #expect(try !setting.perform(.setInteger(2)), "the same integer again changes nothing")
        #expect(try setting.perform(.setInteger(-3)), "negative raw values exist")
        #expect(setting == .integer(-3))
        #expect(try setting.perform(.setInteger(Int64.min)))
        #expect(try setting.perform(.setInteger(Int64.max)))
        #expect(setting == .integer(Int64.max))
        #expect(try setting.perform(.reset))
        #expect(setting == .unset)
    }

    @Test func aRouteNameOnAnIntegerIsRefusedNamingTheIntegerItHolds() throws {
        let setting = RouteSetting.integer(2)
        let set = refusal(setting, .set(try Route("home")))
        #expect(set?.message == "holds only an integer (the raw value of an Int-backed enum): 'home' is no integer; set takes one")
        #expect(set?.fact == .onlyAnInteger(operation: "set", value: 2))
        let go = refusal(setting, .go(try RoutePath(parsing: "home")))
        #expect(go?.fact == .onlyAnInteger(operation: "go", value: 2))
        #expect(go?.message.hasPrefix("holds only an integer (the raw value of an Int-backed enum): ") == true)
    }

    @Test func operationsThatNeedMoreAreRefusedAsForAStringSetting() throws {
        let setting = RouteSetting.integer(-1)
        let operations: [NavigationOperation] = [
            .push(try Route("details")), .present(try Route("compose"), .cover), .pop(1), .dismiss, .selectTab("feed"),
            .undo(1), .redo(1), .popTo("home"), .dismissTo("home"), .go(try RoutePath(parsing: "home/details")),
        ]
        for operation in operations {
            let error = refusal(setting, operation)
            #expect(error?.message.hasPrefix("holds only an integer (the raw value of an Int-backed enum): ") == true, "\(operation): \(error?.message ?? "")")
            #expect(error?.fact == .onlyAnInteger(operation: operation.name, value: -1), "\(operation)")
        }
        for operation: NavigationOperation in [.popToRoot, .dismissAll] {
            var unchanged = setting
            #expect(try !unchanged.perform(operation), "\(operation)")
            #expect(unchanged == setting)
        }
    }

    /// A string setting takes route names, and an integer is none: refused as `set 2` always
    /// was, before anything is read.
    @Test func anIntegerOnAStringSettingOrANavigatorStateIsNoRouteName() throws {
        let error = refusal(.value("home"), .setInteger(2), kind: .invalidInput)
        #expect(error?.message == "invalid route name '2': it must start with a letter or '_'")
        var stored = StoredState.navigator(NavigatorState())
        let refused = #expect(throws: NavigatorError.self) { try stored.perform(.setInteger(-2), at: "2026-11-23T10:00:00Z") }
        #expect(refused?.kind == .invalidInput)
        #expect(refused?.message == "invalid route name '-2': it must start with a letter or '_'")
        guard case .navigator(let state) = stored else { Issue.record("\(stored)"); return }
        #expect(state.path == "root")
        #expect(try state.history.entries().isEmpty, "nothing changed, nothing recorded")
    }

    @Test func theOperationIsSetWithTheIntegerAsItsWord() {
        #expect(NavigationOperation.setInteger(-3).name == "set")
        #expect(NavigationOperation.setInteger(-3).arguments == ["-3"])
    }

    @Test func anIntegerSettingHasNoHistoryAndNoNavigator() throws {
        let stored = StoredState.setting(.integer(4))
        let history = #expect(throws: NavigatorError.self) { try stored.history() }
        #expect(history?.fact == .onlyAnInteger(operation: "history", value: 4))
        #expect(history?.message.hasPrefix("holds only an integer (the raw value of an Int-backed enum), and routectl keeps no history for it") == true)
        let links = #expect(throws: NavigatorError.self) { try stored.navigator(for: "links") }
        #expect(links?.fact == .onlyAnInteger(operation: "links", value: 4))
        #expect(links?.message == "holds only an integer (the raw value of an Int-backed enum), which has no room for links")
    }
}
