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
