// An example SwiftUI app whose navigation is routectl's state: typed routes (TypedRoute), the
// observable navigator (RouteNavigator) and its SwiftUI bindings. `routectl push details 42
// -f <its state file>` moves the running app; see README.md beside this file.
//
// Never compiled on the Linux machine the package is built on (no SwiftUI there); the typed
// routes and the navigator calls it makes are the ones README's compiled example and the tests
// use. Targets iOS 18 (TabView(selection:) with Tab values); not macOS, which has no
// .fullScreenCover. CI builds it for the iOS simulator (Package.swift beside it).
import RouteModel
import RouteNavigator
import RouteStore
import SwiftUI

/// The app's routes: synthesized Codable. `Identifiable` for `.sheet(item:)`.
enum Screen: TypedRoute, Hashable, Identifiable {
    case list
    case details(Int)
    case profile(id: Int, name: String?)
    case compose
    var id: Self { self }
}

/// The root's tabs, by name: `routectl tab settings` selects the second.
enum AppTab: TypedRoute, Hashable {
    case feed, settings
}

@main
struct ExampleApp: App {
    @State private var navigator = ExampleApp.makeNavigator()

    var body: some Scene {
        WindowGroup {
            RootView(navigator: navigator)
                .task { navigator.startWatching() }   // reload when routectl changes the file
        }
    }

    /// The navigator over a file in Application Support, made once with the root `home` and
    /// its two tabs (what `routectl init --initial home --tabs home=feed,settings` makes).
    static func makeNavigator() -> RouteNavigator {
        let folder = URL.applicationSupportDirectory
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("navigation.json").path
        if !FileManager.default.fileExists(atPath: path), let home = try? Route("home"),
            let tabs = try? TabContainer(name: "home", tabs: ["feed", "settings"]) {
            let state = NavigatorState(initial: home, tabContainers: [tabs])
            _ = try? NavigatorStore(path: path).createState(state, replace: false)
        }
        print("routectl show -f '\(path)'")   // the command that shows this app's state
        return RouteNavigator(file: path)
    }
}

/// Each binding reads the navigator's state as the app's types and writes each change back
/// through the store (a push, pop, present, dismiss or tab), where routectl sees it.
struct RootView: View {
    let navigator: RouteNavigator

    var body: some View {
        TabView(selection: navigator.selection(AppTab.self, fallback: .feed)) {
            Tab("Feed", systemImage: "list.bullet", value: AppTab.feed) {
                NavigationStack(path: navigator.path(Screen.self, tab: "feed")) {
                    FeedView(navigator: navigator)
                        .navigationDestination(for: Screen.self) { ScreenView(screen: $0) }
                }
                .sheet(item: navigator.sheet(Screen.self, tab: "feed")) { screen in
                    NavigationStack(path: navigator.path(Screen.self, tab: "feed", level: 1)) {
                        ScreenView(screen: screen)
                            .navigationDestination(for: Screen.self) { ScreenView(screen: $0) }
                    }
                }
            }
            Tab("Settings", systemImage: "gear", value: AppTab.settings) {
                NavigationStack(path: navigator.path(Screen.self, tab: "settings")) {
                    Text("Settings")
                        .navigationDestination(for: Screen.self) { ScreenView(screen: $0) }
                }
            }
        }
        .fullScreenCover(item: navigator.fullScreenCover(Screen.self)) { screen in
            ScreenView(screen: screen)
        }
        .overlay(alignment: .bottom) {
            if let error = navigator.readError { Text(error.message).font(.footnote) }
        }
    }
}

struct FeedView: View {
    let navigator: RouteNavigator

    var body: some View {
        List(1..<20) { id in
            NavigationLink("Item \(id)", value: Screen.details(id))   // a push, saved
        }
        .toolbar {
            Button("Compose") { try? navigator.present(Screen.compose, style: .sheet) }
        }
    }
}

struct ScreenView: View {
    let screen: Screen

    var body: some View {
        switch screen {
        case .list: Text("List")
        case .details(let id): Text("Details \(id)")
        case .profile(let id, let name): Text("Profile \(id) \(name ?? "")")
        case .compose: Text("Compose")
        }
    }
}
