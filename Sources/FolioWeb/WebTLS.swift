import FolioCore
import Foundation
import NIOSSL

/// The server's side of HTTPS: the user's certificate and key read once at start, checked to be a
/// pair before the server listens (a wrong key would otherwise fail every phone's handshake).
enum WebTLS {
    static func configuration(_ files: TLSFiles) throws(FolioError) -> TLSConfiguration {
        for file in [files.certificate, files.key] where !FileManager.default.isReadableFile(atPath: file.path) {
            throw FolioError(.web(.tlsUnreadable(file: file.path, problem: .missing)))
        }
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(files.certificate.path)
        } catch {
            throw FolioError(.web(.tlsUnreadable(file: files.certificate.path, problem: .notCertificate)))
        }
        guard !chain.isEmpty else { throw FolioError(.web(.tlsUnreadable(file: files.certificate.path, problem: .notCertificate))) }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: files.key.path, format: .pem)
        } catch {
            throw FolioError(.web(.tlsUnreadable(file: files.key.path, problem: .notKey)))
        }
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        do {
            // Made once here so a key that is not the certificate's is said now, not at each handshake.
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw FolioError(.web(.tlsUnreadable(file: files.key.path, problem: .keyMismatch)))
        }
        return configuration
    }
}
