// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

/// A static standard library links with `-export-dynamic`, which put every one of folio's forty
/// thousand Swift symbols in the dynamic symbol table: each start then spent about two
/// milliseconds (a fifth of `folio --version`) in the dynamic loader's lookups and in the
/// runtime's `dladdr`, which walks that table. Nothing looks folio's symbols up by name.
let exportingNothing: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]

let package = Package(
    name: "folio",
    // folio is built and tested on Linux (Debian 12) only. The macOS line is the least the code
    // asks for (Synchronization's Mutex needs macOS 15); nothing is built or tested there.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "folio", targets: ["folio"]),
        // `folio mcp`'s server, installed beside folio (see MCPHost in FolioCLI).
        .executable(name: "folio-mcp", targets: ["folio-mcp"]),
        .library(name: "FolioCore", targets: ["FolioCore"]),
        .library(name: "FolioStore", targets: ["FolioStore"]),
        .library(name: "FolioSearch", targets: ["FolioSearch"]),
        // The fuzz harnesses, for the libFuzzer executable of Fuzz/Package.swift (`make fuzz`).
        .library(name: "FuzzTargets", targets: ["FuzzTargets"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The Model Context Protocol's official Swift SDK (`folio mcp`), and SwiftNIO's HTTP/1.1
        // server under its Streamable HTTP transport (the SDK brings none of its own).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `folio serve`: Hummingbird's HTTP server, and multipart-kit's streaming parser for the
        // photos and videos a phone uploads.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // gzip for the app's pages (a home page of 10,000 records is 5.5 MB, 0.96 MB gzipped).
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
    ],
    targets: [
        // C libraries, each behind its own system-library target.
        .systemLibrary(
            name: "Clibyaml", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(
            name: "Clibgit2", pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"])]),
        .systemLibrary(
            name: "Cexif", pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"])]),
        .systemLibrary(
            name: "Ccmark", pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]),

        // ICU's dictionary word break behind a header of plain C types (ICU's own headers clash
        // with Foundation's copy of ICU when a Swift module imports both); libicuuc is opened on
        // the first text cut into words, not linked (see word_break.c).
        .target(name: "CWordBreak"),
        // ICU's transliterations, for the tests that check folio's Traditional/Simplified fold against ICU.
        .target(name: "CTransliterate", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        // libcurl, opened on the first request instead of linked (see its header); only its
        // header is needed to build (libcurl4-openssl-dev).
        .target(name: "Ccurl"),
        // OpenSSL's certificate verifier behind plain C types, for what libgit2's mbedTLS cannot
        // check (a certificate made for an IP address); libgit2 already loads libcrypto.
        .target(name: "CX509", linkerSettings: [.linkedLibrary("crypto")]),

        // simdjson's UTF-8 validation behind a plain C declaration (simdjson is C++): the catalog
        // checks every byte of a vault's records on a first run.
        .target(name: "CUTF8", linkerSettings: [.linkedLibrary("simdjson")]),
        // renameat2(2) (swap two files, or rename without replacing), which glibc hides from Swift.
        .target(name: "CSystemIO"),
        // Whole reads and writes on a file descriptor, and replacing a file only when it is still the
        // one that was read, for every module that writes a file itself.
        .target(name: "SystemIO", dependencies: ["CSystemIO"], swiftSettings: strict),
        // Swift faces of the C libraries; they know nothing about folio.
        .target(name: "YAML", dependencies: ["Clibyaml"], swiftSettings: strict),
        // git's index file and the working tree compared with it, read and written without libgit2
        // for the speed a large vault needs; libgit2 is its oracle (GitIndexTests, `make fuzz`).
        .target(
            name: "GitIndex", dependencies: ["Clibgit2", "SystemIO", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict),
        .target(
            name: "Git",
            dependencies: [
                "Clibgit2", "CX509", "GitIndex", "SystemIO", "FolioSecrets", .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict),
        .target(name: "EXIF", dependencies: ["Cexif"], swiftSettings: strict),
        .target(name: "Markdown", dependencies: ["Ccmark"], swiftSettings: strict),
        .target(name: "HTTP", dependencies: ["Ccurl", "FolioSecrets", "SystemIO"], swiftSettings: strict),

        // What looks like an API key, a token or a private key, and masking it in messages. No I/O.
        .target(name: "FolioSecrets", swiftSettings: strict),
        // The domain: records, kinds, the front matter codec, messages. No I/O.
        .target(
            name: "FolioCore",
            dependencies: ["YAML", "CUTF8", "FolioSecrets", .product(name: "Mustache", package: "swift-mustache")],
            swiftSettings: strict),
        // Full-text engine over plain documents, and word boundaries; knows no record.
        .target(name: "FolioSearch", dependencies: ["CWordBreak", "SystemIO"], swiftSettings: strict),
        // What a media file is, from its first bytes: type, format, size in pixels, duration, EXIF.
        .target(name: "FolioMedia", dependencies: ["EXIF"], swiftSettings: strict),
        // The vault on disk: scanning, atomic writes, the writer lock, use cases.
        .target(
            name: "FolioStore",
            dependencies: [
                "FolioCore", "FolioSecrets", "FolioSearch", "FolioMedia", "LFSStore", "Markdown", "YAML", "SystemIO",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict),
        // AI providers' wire protocols: the OpenAI-compatible HTTP API, server-sent events. Knows no record.
        .target(
            name: "FolioAI",
            dependencies: [
                "FolioCore", "FolioSecrets", "HTTP", .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict),
        // The AI companion: providers behind one protocol, their settings and keys, prompts.
        .target(
            name: "FolioCompanion",
            dependencies: ["FolioCore", "FolioSecrets", "FolioStore", "FolioSearch", "FolioMedia", "FolioAI", "HTTP", "YAML"],
            swiftSettings: strict),
        // git-crypt's key file and encryption, and its clean and smudge as a libgit2 filter, alone or
        // chained before LFS's (media of an encrypted vault kept through LFS). Knows no record.
        .target(
            name: "FolioCrypt",
            dependencies: [
                "Git", "FolioLFS", "LFSStore", "SystemIO", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: strict),
        // Git LFS's files as git-lfs keeps them: pointers, `.gitattributes` rules and the local object
        // store. No git, no network: the vault's media use it (FolioStore).
        .target(
            name: "LFSStore", dependencies: ["SystemIO", .product(name: "Crypto", package: "swift-crypto")], swiftSettings: strict),
        // Git LFS over git and the network: clean and smudge as a libgit2 filter, endpoints and the
        // batch API with its basic transfers. Knows no record.
        .target(
            name: "FolioLFS",
            dependencies: ["LFSStore", "Git", "HTTP", "SystemIO", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict),
        // History and sync: the vault's git repository through libgit2.
        .target(
            name: "FolioSync",
            dependencies: [
                "FolioCore", "FolioSecrets", "FolioStore", "FolioExchange", "Git", "FolioCrypt", "FolioLFS", "LFSStore", "HTTP", "SystemIO",
                "YAML",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict),
        // Import from jrnl, Day One, Markdown folders and folio's own JSON; export as JSON and Markdown.
        .target(
            name: "FolioExchange",
            dependencies: ["FolioCore", "FolioStore", "Markdown", "YAML", "SystemIO", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict),
        // The journal as a static site that opens from disk: pages, calendar, in-page search, thumbnails.
        .target(
            name: "FolioSite",
            dependencies: [
                "FolioCore", "FolioStore", "FolioSearch", "FolioMedia", "Markdown", "YAML", "SystemIO",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict),
        // The application layer the three faces (the command line, `folio serve`, `folio mcp`)
        // call: one function opens a vault, with one policy for its warnings, secrets, the
        // watcher, the language and a change written but not committed.
        .target(
            name: "FolioApp", dependencies: ["FolioCore", "FolioSecrets", "FolioStore", "FolioSync", "FolioCompanion", "SystemIO"],
            swiftSettings: strict),
        // What folio's two HTTP servers (`folio serve`, `folio mcp --http`) share on Hummingbird:
        // a refusal that ends the connection without reading the rest of a body. Knows no record.
        .target(
            name: "HTTPServing",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict),
        // `folio mcp`: the journal as a Model Context Protocol server (stdio, or Streamable HTTP on
        // loopback, on Hummingbird as `folio serve` is); its tools are wiring over the same use
        // cases the command line calls.
        .target(
            name: "FolioMCP",
            dependencies: [
                "FolioApp", "FolioCore", "FolioSecrets", "FolioStore", "FolioSync", "FolioSearch", "FolioCompanion", "Git", "SystemIO",
                "YAML", "HTTPServing", .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strict),
        // `folio serve`: the journal as a local web app. Its pages are the export's (FolioSite);
        // each route is wiring over a use case the command line calls, one commit per change.
        .target(
            name: "FolioWeb",
            dependencies: [
                "FolioApp", "FolioCore", "FolioSecrets", "FolioStore", "FolioSync", "FolioSite", "FolioMedia", "FolioCompanion",
                "HTTPServing", "SystemIO", "YAML", .product(name: "Hummingbird", package: "hummingbird"),
                // HTTPS for a phone that keeps the app offline (a service worker needs it).
                .product(name: "HummingbirdTLS", package: "hummingbird"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // The home-screen icons are files drawn from icon.svg (`make icons`), built into the binary.
            exclude: ["Icons/icon.svg"],
            resources: [.embedInCode("Icons/icon-192.png"), .embedInCode("Icons/icon-512.png")],
            swiftSettings: strict),
        // The command line as a library, so tests can parse commands in-process.
        .target(
            name: "FolioCLI",
            dependencies: [
                "FolioApp", "FolioCore", "FolioSecrets", "FolioStore", "FolioSync", "FolioSearch", "FolioCompanion", "FolioExchange",
                "FolioSite", "FolioLFS", "LFSStore", "FolioWeb", "YAML", "SystemIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "folio", dependencies: ["FolioCLI", "SystemIO"], swiftSettings: strict, linkerSettings: exportingNothing),
        // The MCP server in an executable of its own: the MCP SDK links libcurl and its thirty
        // libraries, which `folio` would otherwise load on every start.
        .executableTarget(
            name: "folio-mcp", dependencies: ["FolioCLI", "FolioCore", "FolioMCP", "SystemIO"], swiftSettings: strict,
            linkerSettings: exportingNothing),

        .testTarget(
            name: "YAMLTests", dependencies: ["YAML"],
            resources: [.copy("Fixtures")], swiftSettings: strict),
        // Servers and scratch folders the tests start for real: git daemon, sshd, an HTTP server.
        .target(name: "TestSupport", dependencies: ["Git", "FolioCore"], path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(
            name: "HTTPServingTests",
            dependencies: [
                "HTTPServing", "SystemIO", "TestSupport", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "FolioSecrets", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "GitTests", dependencies: ["Git", "GitIndex", "Clibgit2", "FolioSecrets", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "GitIndexTests", dependencies: ["GitIndex", "Git", "SystemIO", "TestSupport", "FuzzTargets"], swiftSettings: strict),
        .testTarget(name: "SystemIOTests", dependencies: ["SystemIO", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "FolioCoreTests", dependencies: ["FolioCore", "YAML"], swiftSettings: strict),
        .testTarget(name: "FolioSecretsTests", dependencies: ["FolioSecrets", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "FolioSearchTests", dependencies: ["CTransliterate", "FolioSearch", "SystemIO", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "FolioMediaTests", dependencies: ["FolioMedia", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "EXIFTests", dependencies: ["EXIF", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"], swiftSettings: strict),
        .testTarget(
            name: "FolioExchangeTests", dependencies: ["FolioExchange", "FolioStore", "FolioCore", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "FolioMCPTests",
            dependencies: [
                "FolioMCP", "FolioStore", "FolioCore", "SystemIO", "TestSupport", .product(name: "MCP", package: "swift-sdk"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "FolioStoreTests", dependencies: ["FolioStore", "FolioCore", "FolioSearch", "SystemIO", "TestSupport"],
            // The judged query set of search (JudgedSearchTests, `make search-quality`).
            resources: [.copy("Resources")], swiftSettings: strict),
        .testTarget(
            name: "FolioSiteTests",
            dependencies: [
                "FolioSite", "FolioStore", "FolioCore", "Markdown", "YAML", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "FolioSyncTests",
            dependencies: [
                "FolioSync", "FolioStore", "FolioCore", "FolioCrypt", "Git", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "LFSStoreTests", dependencies: ["LFSStore", "TestSupport", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict),
        .testTarget(
            name: "FolioLFSTests",
            dependencies: ["FolioLFS", "LFSStore", "Git", "HTTP", "TestSupport", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict),
        .testTarget(
            name: "FolioCryptTests",
            dependencies: [
                "FolioCrypt", "FolioCore", "FolioLFS", "LFSStore", "Git", "TestSupport", .product(name: "Crypto", package: "swift-crypto"),
            ], swiftSettings: strict),
        .testTarget(
            name: "FolioCompanionTests", dependencies: ["FolioCompanion", "FolioCore", "FolioStore", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "FolioAppTests",
            dependencies: ["FolioApp", "FolioCompanion", "FolioCore", "FolioStore", "FolioSync", "SystemIO", "TestSupport"],
            swiftSettings: strict),
        .testTarget(name: "FolioAITests", dependencies: ["FolioAI", "FolioCore", "SystemIO", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "FolioCLITests",
            dependencies: [
                "FolioApp", "FolioCLI", "folio", "FolioCore", "FolioStore", "FolioSync", "SystemIO", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Fixtures", "Transcripts", "Browser"], swiftSettings: strict),
        .testTarget(
            name: "FolioWebTests",
            dependencies: [
                "FolioWeb", "FolioSite", "FolioCompanion", "FolioCore", "FolioStore", "FolioSync", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "NIOCore", package: "swift-nio"),
                // The app's routes answered in-process, with the Host a browser sends.
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOEmbedded", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(name: "FaultTests", dependencies: ["folio", "FolioCore", "TestSupport"], swiftSettings: strict),

        // Every reader of untrusted bytes with the promises it keeps on any input: driven by
        // libFuzzer in Fuzz/ (`make fuzz`), and replayed on saved findings by FuzzTargetsTests.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "YAML", "FolioCore", "FolioSearch", "FolioStore", "FolioMedia", "FolioAI", "FolioSync", "FolioCompanion", "FolioExchange",
                "Markdown", "FolioCrypt", "FolioMCP", "FolioSite", "Git", "GitIndex", "SystemIO", "Clibgit2",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/FuzzTargets", swiftSettings: strict),
        .testTarget(
            name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "FolioSearch"],
            resources: [.copy("FuzzRegressions")], swiftSettings: strict),
    ],
    // simdjson's header asks for C++17.
    cxxLanguageStandard: .cxx17
)
