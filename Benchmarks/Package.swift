// swift-tools-version: 6.1
// Micro-benchmarks for folio's hot paths, kept out of the root package so `make test`
// never builds them. Run them with `scripts/bench-micro`.
import PackageDescription

let package = Package(
    name: "FolioBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "folio", path: ".."),
        // Only the malloc-counting trait (it brings in ordo-one/malloc-interposer): the default
        // traits also add ordo-one/swift-runtime-interposer on Linux with Swift 6.3, which only
        // ARC metrics need and which folio's builds cannot fetch, so resolution would fail.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "FolioBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FolioCore", package: "folio"),
                .product(name: "FolioSearch", package: "folio"),
            ],
            path: "Benchmarks/FolioBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
