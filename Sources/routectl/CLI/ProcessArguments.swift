#if os(Linux) && canImport(Glibc) && compiler(>=6.3)
/// Where the process's arguments are, as glibc hands them to each function of `.init_array`
/// at start, for Swift's `CommandLine` (``CommandArguments`` reads it). Linux with glibc only:
/// musl calls those functions with nothing (its module is `Musl`, so it is left out), and the
/// BSDs, whose module is also `Glibc`, find the arguments otherwise.
///
/// Swift's runtime finds them otherwise by a static initializer of its own that reads
/// `/proc/self/maps` to find the stack and walks back from `environ` (the runtime's
/// `CommandLine.cpp`): 56,000 instructions and a read of a file the kernel writes out, some
/// 15 microseconds of every command. Defining the one function the standard library asks for
/// here keeps that object, and its initializer, out of a static link (`-static-executable`,
/// as the install builds; `-static-stdlib` too); a dynamic link keeps the runtime's own (its
/// symbol is not exported), and reads the same arguments. Should the standard library stop
/// asking for this name, the runtime's object comes back: slower, never wrong
/// (`scripts/bench.sh` says which a binary has).
enum ProcessArguments {
    nonisolated(unsafe) static var count: Int32 = 0
    nonisolated(unsafe) static var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
    /// What `argv` is before the capture below ran (never, for `main`): empty, as the runtime's,
    /// in memory of its own that lives as long as the process (not an array's storage, whose
    /// address may not outlive the closure that lends it).
    nonisolated(unsafe) static let empty: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let pointer = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
        pointer.initialize(to: nil)
        return pointer
    }()
}

@used @section(".init_array")
private let captureProcessArguments: @convention(c) (
    Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Void = { count, vector, _ in
    ProcessArguments.count = count
    ProcessArguments.vector = vector
}

/// The standard library's `_swift_stdlib_getUnsafeArgvArgc` (Swift's calling convention, as it
/// declares it), answered from what glibc handed over.
@_silgen_name("_swift_stdlib_getUnsafeArgvArgc")
public func routectlUnsafeArgvArgc(_ count: UnsafeMutablePointer<Int32>) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
    if let vector = ProcessArguments.vector {
        count.pointee = ProcessArguments.count
        return vector
    }
    count.pointee = 0
    return ProcessArguments.empty
}
#endif
