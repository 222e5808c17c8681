//! Secrets at rest: AES-256-GCM under the master key. A sealed value is
//! base64(nonce || ciphertext || tag); the purpose is bound in as associated data, so a value
//! sealed for one use cannot be replayed as another.

use aws_lc_rs::aead::{Aad, LessSafeKey, Nonce, UnboundKey, AES_256_GCM, NONCE_LEN};
use aws_lc_rs::rand::{SecureRandom, SystemRandom};
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use zeroize::Zeroizing;

use crate::error::{AppError, AppResult};

pub struct SecretBox {
    key: LessSafeKey,
    /// Keys the digests of e-mail codes: six digits are too few to hash bare.
    code_key: Zeroizing<[u8; 32]>,
    /// Keys the proofs a step of a flow hands to the next (the reset password's step 1 to 2).
    proof_key: Zeroizing<[u8; 32]>,
}

/// The label the e-mail code key is derived under (HMAC-SHA256 of it under the master key).
const CODE_KEY_LABEL: &[u8] = b"coffer e-mail code digest v1";
/// The label the step-proof key is derived under, the same way.
const PROOF_KEY_LABEL: &[u8] = b"coffer step proof v1";

fn derive_key(master_key: &[u8; 32], label: &[u8]) -> Zeroizing<[u8; 32]> {
    let mut mac = Hmac::<Sha256>::new_from_slice(master_key).expect("HMAC takes any key size");
    mac.update(label);
    Zeroizing::new(mac.finalize().into_bytes().into())
}

fn hmac_hex(key: &[u8; 32], message: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key size");
    mac.update(message);
    hex::encode(mac.finalize().into_bytes())
}

impl SecretBox {
    pub fn new(master_key: &[u8; 32]) -> SecretBox {
        let key = UnboundKey::new(&AES_256_GCM, master_key).expect("a 32-byte key fits AES-256");
        SecretBox {
            key: LessSafeKey::new(key),
            code_key: derive_key(master_key, CODE_KEY_LABEL),
            proof_key: derive_key(master_key, PROOF_KEY_LABEL),
        }
    }

    /// How an e-mail code is kept at rest: HMAC-SHA256 (hex) under a key derived from the
    /// master key, so a leaked table cannot be reversed by trying all million codes.
    pub fn code_digest(&self, code: &str) -> String {
        hmac_hex(&self.code_key, code.as_bytes())
    }

    /// HMAC-SHA256 (hex) of a step proof's fields under its own key derived from the master
    /// key: a proof the server issued can be checked without storing it, and cannot be forged.
    pub fn proof_mac(&self, message: &[u8]) -> String {
        hmac_hex(&self.proof_key, message)
    }

    /// A fresh random 256-bit key.
    pub fn generate_key() -> [u8; 32] {
        let mut key = [0u8; 32];
        SystemRandom::new()
            .fill(&mut key)
            .expect("the system random source works");
        key
    }

    pub fn seal(&self, purpose: &str, plaintext: &[u8]) -> AppResult<String> {
        let mut nonce = [0u8; NONCE_LEN];
        SystemRandom::new()
            .fill(&mut nonce)
            .map_err(|_| AppError::internal("random source failed"))?;
        let mut buffer = plaintext.to_vec();
        self.key
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce),
                Aad::from(purpose.as_bytes()),
                &mut buffer,
            )
            .map_err(|_| AppError::internal("sealing failed"))?;
        let mut out = nonce.to_vec();
        out.extend_from_slice(&buffer);
        Ok(base64::engine::general_purpose::STANDARD.encode(out))
    }

    /// Fails for a value sealed under another key or for another purpose, or tampered with.
    pub fn open(&self, purpose: &str, sealed: &str) -> AppResult<Vec<u8>> {
        let fail = || AppError::internal("a sealed secret does not open: wrong master key or corrupt value");
        let raw = base64::engine::general_purpose::STANDARD
            .decode(sealed)
            .map_err(|_| fail())?;
        if raw.len() < NONCE_LEN {
            return Err(fail());
        }
        let (nonce, body) = raw.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).map_err(|_| fail())?;
        let mut buffer = body.to_vec();
        let plain = self
            .key
            .open_in_place(nonce, Aad::from(purpose.as_bytes()), &mut buffer)
            .map_err(|_| fail())?;
        Ok(plain.to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_values_open_only_with_their_key_and_purpose() {
        let sealer = SecretBox::new(&SecretBox::generate_key());
        let sealed = sealer.seal("totp", b"JBSWY3DPEHPK3PXP").unwrap();
        assert!(!sealed.contains("JBSWY3DP"));
        assert_eq!(sealer.open("totp", &sealed).unwrap(), b"JBSWY3DPEHPK3PXP");
        assert!(sealer.open("seed", &sealed).is_err(), "bound to its purpose");
        let other = SecretBox::new(&SecretBox::generate_key());
        assert!(other.open("totp", &sealed).is_err(), "bound to its key");
        let mut tampered = base64::engine::general_purpose::STANDARD.decode(&sealed).unwrap();
        *tampered.last_mut().unwrap() ^= 1;
        let tampered = base64::engine::general_purpose::STANDARD.encode(tampered);
        assert!(sealer.open("totp", &tampered).is_err());
        assert_ne!(
            sealer.seal("totp", b"x").unwrap(),
            sealer.seal("totp", b"x").unwrap(),
            "fresh nonces"
        );
    }

    #[test]
    fn proof_macs_depend_on_key_and_message_and_differ_from_code_digests() {
        let key = SecretBox::generate_key();
        let sealer = SecretBox::new(&key);
        let mac = sealer.proof_mac(b"123456");
        assert_eq!(mac, SecretBox::new(&key).proof_mac(b"123456"), "deterministic");
        assert_ne!(mac, sealer.proof_mac(b"123457"));
        assert_ne!(mac, sealer.code_digest("123456"), "a key of its own");
        assert_ne!(
            mac,
            SecretBox::new(&SecretBox::generate_key()).proof_mac(b"123456")
        );
    }
}
