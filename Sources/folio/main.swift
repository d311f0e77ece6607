import FolioCLI

#if canImport(Glibc)
    import Glibc
#endif

exit(Folio.run(Array(CommandLine.arguments.dropFirst())))
