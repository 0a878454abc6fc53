// The Swift code of README's "Typed routes" section, block by block, between the markers
// (ReadmeExampleTests holds the two equal, and runs it).
// README block 1
import RouteModel
import RouteNavigator

/// The app's own routes: synthesized Codable; Identifiable for .sheet(item:) and
/// .fullScreenCover(item:).
enum Screen: TypedRoute, Hashable, Identifiable {
    case list
    case details(Int)
    case profile(id: Int, name: String?)
    case compose
    var id: Self { self }
}
// README end
// README block 2
@MainActor func openProfile(_ navigator: RouteNavigator) throws -> [Screen] {
    let route = try Route(Screen.profile(id: 7, name: "Ann"))
    print(route)                              // profile?id:=7&name=Ann
    print(try Screen(route))                  // profile(id: 7, name: Optional("Ann"))

    try navigator.push(Screen.list)           // as `routectl push list`
    try navigator.push(Screen.details(42))    // as `routectl push details _0:=42`
    try navigator.setStack([Screen.list])     // what NavigationStack(path:) sets on "Back": a pop
    try navigator.present(Screen.profile(id: 7, name: nil), style: .sheet)
    return navigator.stack(of: Screen.self)   // [.list]; a route that is no Screen ends the list
}
// README end
