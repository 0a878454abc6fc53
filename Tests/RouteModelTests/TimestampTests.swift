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

    /// The years written digit by digit (0 to 9999) and those outside, padded as before.
    @Test func formatsYearsAtTheEdgesOfFourDigits() {
        #expect(Timestamp.format(-1, separators: true) == "1969-12-31T23:59:59Z")
        #expect(Timestamp.format(-62_167_219_200, separators: true) == "0000-01-01T00:00:00Z")
        #expect(Timestamp.format(-62_167_219_201, separators: true) == "00-1-12-31T23:59:59Z")
        #expect(Timestamp.format(253_402_300_800, separators: true) == "10000-01-01T00:00:00Z")
        #expect(Timestamp.format(253_402_300_800, separators: false) == "100000101T000000Z")
    }
}
