// SHA-256 through OpenSSL's libcrypto (the EVP digest API), for the journal's archive and
// document hashes and the digests an import records. libcrypto is a system library (Debian's
// libssl-dev), so the build compiles no cryptography of its own.

import COpenSSL
import Foundation

/// A SHA-256 digest fed in pieces: `update` with each piece, then `finalize` once. A failure of
/// libcrypto (it allocates the digest's context) makes `finalize` answer nil; nothing traps.
struct SHA256Digest: ~Copyable {
    /// The digest's size in bytes.
    static let byteCount = 32

    private let context: OpaquePointer?
    /// Set once libcrypto has refused a call: the digest can no longer be right.
    private var failed: Bool

    /// libcrypto set up without its clean-up at exit: the journal hashes an archive on a thread
    /// of its own, and a process ending meanwhile (an archive another imdf holds, end of input)
    /// would free the digest's tables under that thread - a crash at exit. The operating system
    /// frees everything at exit anyway.
    private static let setUp: Bool = OPENSSL_init_crypto(imdf_openssl_init_no_atexit, nil) == 1

    init() {
        _ = Self.setUp
        context = EVP_MD_CTX_new()
        failed = context == nil || EVP_DigestInit_ex(context, EVP_sha256(), nil) != 1
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds `bytes` to the message.
    mutating func update(_ bytes: some ContiguousBytes) {
        guard !failed else { return }
        let context = context
        let accepted = bytes.withUnsafeBytes { buffer in
            buffer.isEmpty || EVP_DigestUpdate(context, buffer.baseAddress, buffer.count) == 1
        }
        if !accepted { failed = true }
    }

    /// The digest of everything added, 32 bytes, or nil when libcrypto failed.
    consuming func finalize() -> [UInt8]? {
        guard !failed else { return nil }
        var digest = [UInt8](repeating: 0, count: Self.byteCount)
        var length: UInt32 = 0
        let status = digest.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context, $0.baseAddress, &length) }
        return status == 1 && length == Self.byteCount ? digest : nil
    }

    /// SHA-256 of `bytes` in lowercase hexadecimal (as `sha256sum` prints it), or nil when
    /// libcrypto failed.
    static func hexDigest(of bytes: some ContiguousBytes) -> String? {
        var digest = SHA256Digest()
        digest.update(bytes)
        return digest.finalize().map { hex($0) }
    }

    /// `bytes` in lowercase hexadecimal, two digits a byte.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
