/// A size in bytes as messages say it: whole mebibytes as `16 MiB`, whole kibibytes as
/// `512 KiB`, any other size as `1000 bytes`.
package func byteSize(_ count: Int) -> String {
    if count > 0, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
    if count > 0, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
    return count == 1 ? "1 byte" : "\(count) bytes"
}
