/// Types named as SwiftUI's, for a test that an app can `import SwiftUI` and `import RouteModel`
/// in one file and use both without qualifying (SwiftUI cannot be imported on Linux).
public struct NavigationStack {
    public init() {}
}

public struct NavigationPath {
    public init() {}
    public var count: Int { 0 }
}

public struct Tab {
    public init() {}
}

public struct TabView {
    public init() {}
}
