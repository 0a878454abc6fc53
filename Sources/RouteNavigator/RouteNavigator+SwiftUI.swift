#if canImport(SwiftUI)
import RouteModel
import SwiftUI

// SwiftUI bindings over a RouteNavigator, for `NavigationStack(path:)`, `.sheet(item:)`,
// `.fullScreenCover(item:)` and `TabView(selection:)`. Each binding reads and writes through
// the plain functions of RouteNavigator+Typed.swift (tested on Linux); this file only wraps
// them, and has never been compiled here (Linux has no SwiftUI). Signatures checked against
// Apple's documentation: Binding.init(get:set:) takes `@isolated(any) @Sendable` closures;
// NavigationStack.init(path:root:) a `Binding<Data>` of Hashable elements; sheet and
// fullScreenCover(item:onDismiss:content:) a `Binding<Item?>` of an Identifiable item;
// TabView.init(selection:content:) a `Binding<SelectionValue>` of a Hashable value. The app's
// types are asked to be Sendable (an app's own enum of Sendable values is, implicitly) so that
// the @Sendable closures may use them.
extension RouteNavigator {
    /// A binding for `NavigationStack(path:)`: the routes pushed on the flow at `level` of
    /// `tab`'s chain as `Screen`s. A change the store refuses leaves the state as it was and is
    /// passed to `onError`.
    public func path<Screen: Codable & Hashable & Sendable>(
        _ type: Screen.Type, tab: String? = nil, level: Int = 0,
        onError: @escaping @MainActor @Sendable (NavigatorError) -> Void = { _ in }
    ) -> Binding<[Screen]> {
        Binding(
            get: { @MainActor in self.stack(of: Screen.self, tab: tab, level: level) },
            set: { @MainActor screens in
                do { try self.setStack(screens, tab: tab, level: level) } catch { onError(Self.navigatorError(error)) }
            })
    }

    /// A binding for `.sheet(item:)`: the sheet presented over the flow at `level` of `tab`'s
    /// chain, as a `Screen`.
    public func sheet<Screen: Codable & Identifiable & Sendable>(
        _ type: Screen.Type, tab: String? = nil, level: Int = 0,
        onError: @escaping @MainActor @Sendable (NavigatorError) -> Void = { _ in }
    ) -> Binding<Screen?> {
        presentation(type, style: .sheet, tab: tab, level: level, onError: onError)
    }

    /// A binding for `.fullScreenCover(item:)`: the cover presented over the flow at `level`
    /// of `tab`'s chain, as a `Screen`.
    public func fullScreenCover<Screen: Codable & Identifiable & Sendable>(
        _ type: Screen.Type, tab: String? = nil, level: Int = 0,
        onError: @escaping @MainActor @Sendable (NavigatorError) -> Void = { _ in }
    ) -> Binding<Screen?> {
        presentation(type, style: .cover, tab: tab, level: level, onError: onError)
    }

    /// A binding for `TabView(selection:)`: the selected tab as a `Tab`, or `fallback` when
    /// there are no tabs or the selected one is no `Tab`.
    public func selection<Tab: Codable & Hashable & Sendable>(
        _ type: Tab.Type, fallback: Tab,
        onError: @escaping @MainActor @Sendable (NavigatorError) -> Void = { _ in }
    ) -> Binding<Tab> {
        Binding(
            get: { @MainActor in self.selectedTab(Tab.self) ?? fallback },
            set: { @MainActor tab in
                do { try self.setSelectedTab(tab) } catch { onError(Self.navigatorError(error)) }
            })
    }

    private func presentation<Screen: Codable & Sendable>(
        _ type: Screen.Type, style: PresentationStyle, tab: String?, level: Int,
        onError: @escaping @MainActor @Sendable (NavigatorError) -> Void
    ) -> Binding<Screen?> {
        Binding(
            get: { @MainActor in self.presented(Screen.self, style: style, tab: tab, level: level) },
            set: { @MainActor screen in
                do { try self.setPresented(screen, style: style, tab: tab, level: level) } catch { onError(Self.navigatorError(error)) }
            })
    }
}
#endif
