/// `bytes` as a string when they are valid UTF-8, else `nil`: what `String(validating:as:)`
/// answers, which needs macOS 15 / iOS 18, newer than the package's platforms. Decoding puts
/// U+FFFD in place of each invalid sequence, so the string's UTF-8 is `bytes` exactly when
/// nothing was replaced.
package func validUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
}
