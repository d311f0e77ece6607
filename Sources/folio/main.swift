import FolioCLI
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

// Before any thread starts: see DescriptorTable.
DescriptorTable.reserve()
ProcessEnd.now(await Folio.run(Array(CommandLine.arguments.dropFirst())))
