// swift-tools-version: 6.1
// folio's libFuzzer executable, kept out of the root package so that `make test` never builds it
// and the root package's executable never meets libFuzzer's `main`. Build and run it with
// `make fuzz` (see scripts/fuzz); it must be built with `-sanitize=fuzzer,address`, which
// instruments every Swift module of folio for coverage and links libFuzzer.
import PackageDescription

let package = Package(
    name: "FolioFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "folio", path: "..")
    ],
    targets: [
        // libFuzzer's entry for programs that keep their own `main`: LLVMFuzzerRunDriver.
        .target(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        .executableTarget(
            name: "folio-fuzz",
            dependencies: ["CLibFuzzer", .product(name: "FuzzTargets", package: "folio")],
            path: "Sources/folio-fuzz",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
    ]
)
