import TestSupport
import Testing
import RouteModel

@Suite(.tags(.unit)) struct TimestampTests {
    @Test func formatsUTCByTheGregorianCalendar() {
        #expect(Timestamp.format(0, separators: true) == "1970-01-01T00:00:00Z")
        #expect(Timestamp.format(86399, separators: true) == "1970-01-01T23:59:59Z")
        #expect(Timestamp.format(86400, separators: true) == "1970-01-02T00:00:00Z")
        #expect(Timestamp.format(951782400, separators: true) == "2000-02-29T00:00:00Z")
        #expect(Timestamp.format(951868800, separators: true) == "2000-03-01T00:00:00Z")
        #expect(Timestamp.format(1795341600, separators: true) == "2026-11-22T10:00:00Z")
        #expect(Timestamp.format(4102444799, separators: true) == "2099-12-31T23:59:59Z")
        #expect(Timestamp.format(253402300799, separators: true) == "9999-12-31T23:59:59Z")
        #expect(Timestamp.format(1709164800, separators: true) == "2024-02-29T00:00:00Z")
        #expect(Timestamp.format(68256000, separators: true) == "1972-03-01T00:00:00Z")
        #expect(Timestamp.format(1_795_341_600, separators: false) == "20261122T100000Z")
    }
}
