import FolioCLI

#if canImport(Glibc)
    import Glibc
#endif

exit(await Folio.run(Array(CommandLine.arguments.dropFirst())))
