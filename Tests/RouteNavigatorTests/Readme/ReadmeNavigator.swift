// The Swift code of README's "The navigator an app observes" section, between the markers
// (ReadmeExampleTests holds the two equal, and runs it). It stands in a file of its own, as in
// an app's: it needs nothing from the other README blocks.
// README block 1
import RouteModel
import RouteNavigator

@MainActor func openDetails(inFile path: String) throws -> RouteNavigator {
    let navigator = RouteNavigator(file: path)   // or RouteNavigator(storage:), any store
    navigator.startWatching()                    // reload when routectl changes the file
    try navigator.push(Route("details", parameters: [.init(key: "id", value: "42")]))
    print(navigator.state?.path ?? "")           // root/details?id=42 (on a new file)
    if let error = navigator.readError {         // why the store could not be read at the last look
        print(error.message)
    }
    return navigator
}
// README end
