import FolioCLI
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

// `folio mcp` replaces its process with this one and the same arguments: the whole command line
// is parsed again, and `mcp` serves instead of handing over (see MCPHost).
DescriptorTable.reserve()
MCPHost.install(MCPServe.serve)
ProcessEnd.now(await Folio.run(Array(CommandLine.arguments.dropFirst())))
