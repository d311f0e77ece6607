import CX509
import Clibgit2
import Foundation
import Synchronization

/// A TLS server's certificate as libgit2 hands it to the certificate check (DER), and OpenSSL's
/// verdict on it.
///
/// libgit2 1.5 checks certificates with mbedTLS 2.28, which matches a certificate's DNS names but
/// never its IP addresses: a server on a private network reached as `https://192.168.1.5/…`, with a
/// certificate made for that address by the user's own CA, is refused however it was signed. When
/// mbedTLS refuses, folio asks OpenSSL about the same certificate against the same trust, and its
/// answer (with the reason, for the message) is the one that stands. libgit2 hands over only the
/// server's own certificate, not the chain: an intermediate CA must be in the trust itself.
public struct ServerCertificate: Sendable, Hashable {
    /// The certificate, DER-encoded.
    public let der: [UInt8]
    /// The host folio connected to, as the URL names it.
    public let host: String
    /// mbedTLS's verdict during the handshake.
    public let trustedByHandshake: Bool

    public init(der: [UInt8], host: String, trustedByHandshake: Bool) {
        self.der = der
        self.host = host
        self.trustedByHandshake = trustedByHandshake
    }

    /// Why a certificate is not trusted, in the terms a message needs.
    public enum Problem: Sendable, Hashable {
        /// No CA in the trust signed it (or the chain up to one): a private CA, a missing intermediate.
        case unknownIssuer
        /// It signs itself and is not in the trust.
        case selfSigned
        case expired
        case notYetValid
        /// It is made for other names (`names`).
        case otherNames
        case revoked
        /// The CA file or folder could not be read.
        case trustUnreadable
        /// Anything else: OpenSSL's words.
        case other(String)
    }

    /// OpenSSL's verdict against `trust`: nil when trusted.
    public func problem(trust: CertificateTrust) -> Problem? {
        var words = [CChar](repeating: 0, count: 256)
        let code = der.withUnsafeBufferPointer { bytes in
            folio_x509_verify(
                bytes.baseAddress, bytes.count, trust.file, trust.folder, host, Self.isAddress(host) ? 1 : 0, &words, words.count)
        }
        switch Int(code) {
        case FOLIO_X509_OK: return nil
        case FOLIO_X509_UNKNOWN_ISSUER: return .unknownIssuer
        case FOLIO_X509_SELF_SIGNED: return .selfSigned
        case FOLIO_X509_EXPIRED: return .expired
        case FOLIO_X509_NOT_YET_VALID: return .notYetValid
        case FOLIO_X509_OTHER_NAMES: return .otherNames
        case FOLIO_X509_REVOKED: return .revoked
        case FOLIO_X509_TRUST_UNREADABLE: return .trustUnreadable
        case FOLIO_X509_UNREADABLE: return .other("the server's certificate could not be read")
        case FOLIO_X509_OTHER: return .other(Self.text(words))
        default: return .other("OpenSSL could not check it")
        }
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The DNS names and addresses the certificate is for (else its common name).
    public var names: [String] {
        var buffer = [CChar](repeating: 0, count: 4096)
        let code = der.withUnsafeBufferPointer { bytes in folio_x509_names(bytes.baseAddress, bytes.count, &buffer, buffer.count) }
        guard Int(code) == FOLIO_X509_OK else { return [] }
        let text = Self.text(buffer)
        return text.isEmpty ? [] : text.components(separatedBy: ", ")
    }

    /// When the certificate stops being valid.
    public var notAfter: Date? {
        var seconds: Int64 = 0
        let code = der.withUnsafeBufferPointer { bytes in folio_x509_not_after(bytes.baseAddress, bytes.count, &seconds) }
        return Int(code) == FOLIO_X509_OK ? Date(timeIntervalSince1970: TimeInterval(seconds)) : nil
    }

    /// Whether `host` is an IPv4 or IPv6 address (brackets of a URL's IPv6 host removed).
    static func isAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}

/// The CAs a TLS certificate is checked against: a file of certificates, a folder of them (hashed
/// as `c_rehash` names them), or both.
public struct CertificateTrust: Sendable, Hashable {
    public var file: String?
    public var folder: String?

    public init(file: String?, folder: String?) {
        self.file = file
        self.folder = folder
    }

    /// OpenSSL's own on this system (on Debian, `/etc/ssl/certs/ca-certificates.crt` by way of
    /// `/usr/lib/ssl/cert.pem`), which is also what libgit2 loads when it starts.
    public static var system: CertificateTrust {
        CertificateTrust(file: String(cString: folio_x509_default_file()), folder: nil)
    }

    /// The trust libgit2 checks with now, for the whole process: libgit2 keeps one.
    private static let inForce = InForce()

    /// The trust in force, in an object: a static Mutex is not safe in the static release build.
    private final class InForce: Sendable {
        let trust = Mutex<CertificateTrust?>(nil)
    }

    /// Has libgit2 check certificates against this trust from now on (for the whole process; a
    /// process syncs one vault at a time). Reading a CA file costs milliseconds, so the same trust
    /// is not loaded twice.
    public func use() throws {
        try initializeLibrary()
        try Self.inForce.trust.withLock { current in
            guard current != self else { return }
            if let file { try requireNoNUL(file, "git_libgit2_opts") }
            if let folder { try requireNoNUL(folder, "git_libgit2_opts") }
            guard file != nil || folder != nil else { return }
            try check(git_shim_set_ssl_cert_locations(file, folder), "git_libgit2_opts")
            current = self
        }
    }
}
