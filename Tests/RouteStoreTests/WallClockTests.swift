import RouteStore
import TestSupport
import Testing

@Suite(.tags(.unit)) struct WallClockTests {
    @Test func nowLooksLikeISO8601() {
        let now = WallClock.now()
        #expect(now.count == 20 && now.hasSuffix("Z") && now.dropFirst(10).first == "T")
    }

    @Test func compactNowLooksLikeAFileNameStamp() {
        let now = WallClock.compactNow()
        #expect(now.count == 16 && now.hasSuffix("Z") && now.dropFirst(8).first == "T")
    }
}
