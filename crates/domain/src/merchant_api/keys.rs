//! The cryptography of the merchant API: API keys, the merchant's RSA public key (PEM), the
//! canonical string a merchant signs and the check of its signature. No I/O here.

use aws_lc_rs::digest::{digest, SHA256};
use aws_lc_rs::encoding::AsDer;
use aws_lc_rs::rand::{SecureRandom, SystemRandom};
use aws_lc_rs::rsa::{KeyPair, PublicKey, RsaParameters};
use aws_lc_rs::signature::{UnparsedPublicKey, RSA_PKCS1_2048_8192_SHA256};
use base64::Engine;
use zeroize::Zeroizing;

use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;

/// The purpose the sealed API key is bound to (see [`crate::crypto::SecretBox`]).
pub const API_KEY_PURPOSE: &str = "api-key";
/// Every key id starts so; the API key starts with its key id.
pub const KEY_ID_PREFIX: &str = "ck_";
/// Accepted sizes of the merchant's RSA key, in bits.
pub const MIN_CLIENT_KEY_BITS: u32 = 2048;
pub const MAX_CLIENT_KEY_BITS: u32 = 4096;
/// Longer input cannot be a 4096-bit public key in PEM; refused before any parsing.
const MAX_PEM_CHARS: usize = 8192;

/// A freshly generated API key: `ck_<16 hex>_<64 hex>`, the first part being its public id.
pub struct GeneratedKey {
    pub key_id: String,
    pub secret: Zeroizing<String>,
}

fn random_hex(bytes: usize) -> AppResult<String> {
    let mut buffer = Zeroizing::new(vec![0u8; bytes]);
    SystemRandom::new()
        .fill(&mut buffer)
        .map_err(|_| AppError::internal("random source failed"))?;
    Ok(hex::encode(&*buffer))
}

pub fn generate_api_key() -> AppResult<GeneratedKey> {
    let key_id = format!("{KEY_ID_PREFIX}{}", random_hex(8)?);
    let secret = Zeroizing::new(format!("{key_id}_{}", *Zeroizing::new(random_hex(32)?)));
    Ok(GeneratedKey { key_id, secret })
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(digest(&SHA256, bytes))
}

/// The stored lookup value of an API key: its SHA-256. The key has 256 random bits, so the
/// hash alone is enough to find it and useless for recovering it.
pub fn key_hash(api_key: &str) -> String {
    sha256_hex(api_key.as_bytes())
}

/// The merchant's RSA public key as stored: normalised to SubjectPublicKeyInfo PEM.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientKey {
    pub pem: String,
    /// Lowercase hex SHA-256 of the SubjectPublicKeyInfo DER (what
    /// `openssl pkey -pubin -outform DER | openssl dgst -sha256` prints).
    pub fingerprint: String,
    pub bits: u32,
}

pub fn pem_encode(label: &str, der: &[u8]) -> String {
    let b64 = base64::engine::general_purpose::STANDARD.encode(der);
    let lines: Vec<&str> = b64
        .as_bytes()
        .chunks(64)
        .map(|c| std::str::from_utf8(c).expect("base64 is ASCII"))
        .collect();
    format!(
        "-----BEGIN {label}-----\n{}\n-----END {label}-----\n",
        lines.join("\n")
    )
}

/// One PEM block: (label, DER). None for anything else (several blocks, headers, bad base64).
pub fn pem_decode(text: &str) -> Option<(String, Vec<u8>)> {
    let mut lines = text.trim().lines().map(str::trim);
    let label = lines
        .next()?
        .strip_prefix("-----BEGIN ")?
        .strip_suffix("-----")?
        .to_string();
    let mut body = String::new();
    for line in lines.by_ref() {
        if let Some(end) = line.strip_prefix("-----END ") {
            if end.strip_suffix("-----")? != label || lines.next().is_some() {
                return None;
            }
            let der = base64::engine::general_purpose::STANDARD.decode(&body).ok()?;
            return (!der.is_empty()).then_some((label, der));
        }
        body.push_str(line);
    }
    None
}

fn is_private_key(der: &[u8]) -> bool {
    KeyPair::from_pkcs8(der).is_ok() || KeyPair::from_der(der).is_ok()
}

/// Checks a merchant's upload: one RSA public key, SubjectPublicKeyInfo (`BEGIN PUBLIC KEY`)
/// or PKCS#1 (`BEGIN RSA PUBLIC KEY`), 2048 to 4096 bits. A private key is refused with a
/// message saying so; it is neither kept nor logged.
pub fn parse_client_key(text: &str) -> AppResult<ClientKey> {
    let invalid = || AppError::Invalid(MsgKey::ClientKeyInvalid);
    if text.len() > MAX_PEM_CHARS {
        return Err(invalid());
    }
    if text.contains("PRIVATE KEY") {
        return Err(AppError::Invalid(MsgKey::ClientKeyPrivate));
    }
    let (label, der) = pem_decode(text).ok_or_else(invalid)?;
    if label != "PUBLIC KEY" && label != "RSA PUBLIC KEY" {
        return Err(invalid());
    }
    let key = match PublicKey::from_der(&der) {
        Ok(key) => key,
        Err(_) if is_private_key(&der) => return Err(AppError::Invalid(MsgKey::ClientKeyPrivate)),
        Err(_) => return Err(invalid()),
    };
    // `as_ref` is the PKCS#1 RSAPublicKey, whatever the upload's form was.
    let bits = RsaParameters::public_modulus_len(key.as_ref()).map_err(|_| invalid())?;
    if !(MIN_CLIENT_KEY_BITS..=MAX_CLIENT_KEY_BITS).contains(&bits) {
        return Err(AppError::Invalid(MsgKey::ClientKeySize));
    }
    let spki = key.as_der().map_err(|_| invalid())?;
    Ok(ClientKey {
        pem: pem_encode("PUBLIC KEY", spki.as_ref()),
        fingerprint: sha256_hex(spki.as_ref()),
        bits,
    })
}

/// What the merchant signs: method, path (with the query, as sent), timestamp and nonce as
/// sent, and the hex SHA-256 of the raw body, joined by `\n`.
pub fn canonical_string(method: &str, path: &str, timestamp: &str, nonce: &str, body: &[u8]) -> String {
    format!(
        "{}\n{path}\n{timestamp}\n{nonce}\n{}",
        method.to_ascii_uppercase(),
        sha256_hex(body)
    )
}

/// RSASSA-PKCS1-v1_5 with SHA-256 (`openssl dgst -sha256 -sign`) by the stored key.
pub fn verify_signature(client_key_pem: &str, message: &[u8], signature: &[u8]) -> bool {
    let Some((_, der)) = pem_decode(client_key_pem) else {
        return false;
    };
    UnparsedPublicKey::new(&RSA_PKCS1_2048_8192_SHA256, der)
        .verify(message, signature)
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use aws_lc_rs::rsa::KeySize;
    use aws_lc_rs::signature::{KeyPair as _, RSA_PKCS1_SHA256};

    /// The sample key of docs/merchant-api.md (never use it for anything real).
    const SAMPLE_PUBLIC_KEY: &str = include_str!("testdata/sample_public_key.pem");
    /// docs/merchant-api.md, "A worked example": the request, its canonical string and the
    /// signature `openssl dgst -sha256 -sign sample.key` made of it.
    const SAMPLE_BODY: &str = r#"{"chainId":1337,"openId":"user-42"}"#;
    const SAMPLE_CANONICAL: &str = "POST\n/merchant/v1/address\n1795334400000\n8f14e45fceea167a5a36dedd4bea2543\n154a958dad433bf094eac60de4768a2df54b813a5366b5f541e9e5971b6132d2";
    const SAMPLE_SIGNATURE: &str = include_str!("testdata/sample_signature.b64");

    fn pair(size: KeySize) -> KeyPair {
        KeyPair::generate(size).unwrap()
    }

    fn public_pem(pair: &KeyPair) -> String {
        pem_encode("PUBLIC KEY", pair.public_key().as_der().unwrap().as_ref())
    }

    #[test]
    fn api_keys_start_with_their_id_and_are_random() {
        let a = generate_api_key().unwrap();
        let b = generate_api_key().unwrap();
        assert!(
            a.key_id.starts_with("ck_") && a.key_id.len() == 19,
            "{}",
            a.key_id
        );
        assert!(a.secret.starts_with(&format!("{}_", a.key_id)));
        assert_eq!(a.secret.len(), 19 + 1 + 64);
        assert_ne!(*a.secret, *b.secret);
        assert_eq!(key_hash(&a.secret).len(), 64);
        assert_ne!(key_hash(&a.secret), key_hash(&b.secret));
    }

    #[test]
    fn public_keys_are_accepted_in_both_forms_and_normalised() {
        let pair = pair(KeySize::Rsa2048);
        let spki = public_pem(&pair);
        let parsed = parse_client_key(&format!("\n  {spki}\n")).unwrap();
        assert_eq!(parsed.bits, 2048);
        assert_eq!(parsed.pem, spki);
        let pkcs1 = pem_encode("RSA PUBLIC KEY", pair.public_key().as_ref());
        let from_pkcs1 = parse_client_key(&pkcs1.replace('\n', "\r\n")).unwrap();
        assert_eq!(from_pkcs1, parsed, "same key, same fingerprint, stored as SPKI");
    }

    #[test]
    fn garbage_private_keys_and_wrong_sizes_are_refused() {
        let invalid = AppError::Invalid(MsgKey::ClientKeyInvalid).to_string();
        for garbage in [
            "",
            "hello",
            "-----BEGIN PUBLIC KEY-----\nnot base64!\n-----END PUBLIC KEY-----",
            "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----",
            "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----",
        ] {
            assert_eq!(
                parse_client_key(garbage).unwrap_err().to_string(),
                invalid,
                "{garbage:?}"
            );
        }
        let pair = pair(KeySize::Rsa2048);
        let pkcs8 = pair.as_der().unwrap();
        let private = AppError::Invalid(MsgKey::ClientKeyPrivate).to_string();
        for text in [
            pem_encode("PRIVATE KEY", pkcs8.as_ref()),
            // A private key under a public label is still recognised.
            pem_encode("PUBLIC KEY", pkcs8.as_ref()),
            "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaA==\n-----END OPENSSH PRIVATE KEY-----".into(),
        ] {
            assert_eq!(parse_client_key(&text).unwrap_err().to_string(), private);
        }
        let big = include_str!("testdata/sample_4608_public_key.pem");
        assert_eq!(
            parse_client_key(big).unwrap_err().to_string(),
            AppError::Invalid(MsgKey::ClientKeySize).to_string()
        );
        let small = include_str!("testdata/sample_1024_public_key.pem");
        assert_eq!(
            parse_client_key(small).unwrap_err().to_string(),
            AppError::Invalid(MsgKey::ClientKeySize).to_string()
        );
    }

    #[test]
    fn signatures_verify_only_for_their_message_and_key() {
        let pair = pair(KeySize::Rsa2048);
        let key = parse_client_key(&public_pem(&pair)).unwrap();
        let message = canonical_string("post", "/merchant/v1/address", "1", "n", b"{}");
        assert!(message.starts_with("POST\n/merchant/v1/address\n1\nn\n"));
        let mut signature = vec![0; pair.public_modulus_len()];
        pair.sign(
            &RSA_PKCS1_SHA256,
            &SystemRandom::new(),
            message.as_bytes(),
            &mut signature,
        )
        .unwrap();
        assert!(verify_signature(&key.pem, message.as_bytes(), &signature));
        assert!(!verify_signature(&key.pem, b"another message", &signature));
        let other = parse_client_key(&public_pem(&self::pair(KeySize::Rsa2048))).unwrap();
        assert!(!verify_signature(&other.pem, message.as_bytes(), &signature));
        assert!(!verify_signature("garbage", message.as_bytes(), &signature));
    }

    #[test]
    fn the_documented_example_verifies() {
        let key = parse_client_key(SAMPLE_PUBLIC_KEY).unwrap();
        let canonical = canonical_string(
            "POST",
            "/merchant/v1/address",
            "1795334400000",
            "8f14e45fceea167a5a36dedd4bea2543",
            SAMPLE_BODY.as_bytes(),
        );
        assert_eq!(canonical, SAMPLE_CANONICAL);
        let signature = base64::engine::general_purpose::STANDARD
            .decode(SAMPLE_SIGNATURE.trim())
            .unwrap();
        assert!(verify_signature(&key.pem, canonical.as_bytes(), &signature));
    }
}
