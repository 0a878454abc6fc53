import Testing

import RouteDefaults
import TestSupport

/// What `DefaultsDomainStore` runs and how it names itself, without running anything.
@Suite(.tags(.unit)) struct DefaultsDomainStoreTests {
    @Test func aDomainRunsDefaultsItself() {
        let store = DefaultsDomainStore(domain: "com.example.app")
        #expect(store.command(["export", "com.example.app", "-"]) == ["defaults", "export", "com.example.app", "-"])
        #expect(store.name == "domain 'com.example.app'")
        #expect(store.timeout == DefaultsDomainStore.defaultTimeout)
    }

    @Test func aSimulatorRunsDefaultsInsideItThroughSimctl() {
        let store = DefaultsDomainStore(domain: "com.example.app", simulator: "booted", timeout: 2)
        #expect(store.command(["import", "com.example.app", "-"])
            == ["xcrun", "simctl", "spawn", "booted", "defaults", "import", "com.example.app", "-"])
        #expect(store.name == "domain 'com.example.app' on simulator 'booted'")
        #expect(store.timeout == 2)
    }
}

/// What `SimulatorApps` runs and reads, without running anything.
@Suite(.tags(.unit)) struct SimulatorAppsTests {
    @Test func listappsOfTheDevice() {
        #expect(SimulatorApps.command(device: "booted") == ["xcrun", "simctl", "listapps", "booted"])
    }

    @Test func theAppsWithTheirNamesAndTypes() throws {
        let text = #"{ "a.b" = { ApplicationType = User; CFBundleName = B; }; "c.d" = { CFBundleDisplayName = "D d"; CFBundleName = D; ApplicationType = System; }; e = { }; }"#
        #expect(try SimulatorApps.parse(Array(text.utf8), name: "it") == [
            InstalledApp(bundleID: "a.b", name: "B", type: "User"), InstalledApp(bundleID: "c.d", name: "D d", type: "System"),
            InstalledApp(bundleID: "e", name: "", type: ""),
        ])
    }

    @Test func anEntryThatIsNoDictionaryIsRefused() {
        #expect(throws: (any Error).self) { try SimulatorApps.parse(Array(#"{ "a.b" = User; }"#.utf8), name: "it") }
        #expect(throws: (any Error).self) { try SimulatorApps.parse(Array("( a )".utf8), name: "it") }
        #expect(throws: (any Error).self) { try SimulatorApps.parse(Array("{".utf8), name: "it") }
    }
}
