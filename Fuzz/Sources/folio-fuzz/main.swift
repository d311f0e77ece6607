// folio-fuzz HARNESS [libFuzzer flags and corpus folders]  — fuzz one harness of FuzzTargets
//                                                           (or FOLIO_FUZZ_HARNESS=HARNESS folio-fuzz [flags…])
// folio-fuzz list                                           — the harnesses, one per line
// folio-fuzz seeds HARNESS FOLDER                           — write the harness's generated seeds
//
// SwiftPM gives an executable its own `main`, so libFuzzer's cannot be used; the harness runs
// through LLVMFuzzerRunDriver instead, with the harness name taken off the arguments.
import CLibFuzzer
import Foundation
import FuzzTargets

#if canImport(Glibc)
    import Glibc
#endif

/// The harness LLVMFuzzerRunDriver's callback (a C function, which cannot capture) runs.
/// Written once before the driver starts, read only after.
nonisolated(unsafe) var selected: FuzzTarget?

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    fail(
        "usage: folio-fuzz HARNESS [libFuzzer flags] [corpus…] | list | seeds HARNESS FOLDER\nharnesses: "
            + FuzzTarget.all.map(\.name).joined(separator: " "))
}

switch arguments[1] {
case "list":
    for target in FuzzTarget.all { print(target.name + "\t" + target.summary) }
    exit(0)
case "seeds":
    guard arguments.count == 4, let target = FuzzTarget.named(arguments[2]) else { fail("usage: folio-fuzz seeds HARNESS FOLDER") }
    let folder = URL(fileURLWithPath: arguments[3])
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (n, seed) in target.generatedSeeds().enumerated() {
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("generated-\(n)").path, contents: Data(seed))
    }
    exit(0)
default:
    break
}

// libFuzzer sees argv[0] followed by its own flags. When it runs itself again (-minimize_crash,
// -merge, -fork) it passes only those, so the harness also travels in the environment.
var flags = Array(arguments.dropFirst())
if let target = FuzzTarget.named(arguments[1]) {
    selected = target
    flags.removeFirst()
    setenv("FOLIO_FUZZ_HARNESS", target.name, 1)
} else if let name = ProcessInfo.processInfo.environment["FOLIO_FUZZ_HARNESS"], let target = FuzzTarget.named(name) {
    selected = target
} else {
    fail("unknown harness \(arguments[1]); harnesses: " + FuzzTarget.all.map(\.name).joined(separator: " "))
}
var driverArguments: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + flags).map { strdup($0) } + [nil]
var count = CInt(driverArguments.count - 1)
let status = driverArguments.withUnsafeMutableBufferPointer { buffer -> CInt in
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
    return LLVMFuzzerRunDriver(&count, &argv) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        do {
            try selected?.run(bytes)
        } catch {
            // A broken promise is a finding like a crash: libFuzzer saves the input on abort.
            FileHandle.standardError.write(Data("==folio-fuzz== invariant failure in \(selected?.name ?? "?"): \(error)\n".utf8))
            abort()
        }
        return 0
    }
}
exit(status)
