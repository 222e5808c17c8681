//! The platform RSA key that signs callbacks (SHA256withRSA). Generated once, sealed under
//! the master key; merchants verify with its public key, found by the key id each callback
//! carries so the key can rotate.

use aws_lc_rs::encoding::AsDer;
use aws_lc_rs::rand::SystemRandom;
use aws_lc_rs::rsa::{KeyPair, KeySize};
use aws_lc_rs::signature::{KeyPair as _, RSA_PKCS1_SHA256};
use base64::Engine;
use std::sync::Arc;
use tokio_free::OnceCell;
use zeroize::Zeroizing;

use crate::crypto::SecretBox;
use crate::error::{AppError, AppResult};
use crate::ports::DepositRepo;

pub const PLATFORM_KEY_PURPOSE: &str = "platform-key";

mod tokio_free {
    /// A set-once cell for async initialisation without a runtime dependency.
    pub struct OnceCell<T>(std::sync::OnceLock<T>);
    impl<T> OnceCell<T> {
        pub const fn new() -> Self {
            OnceCell(std::sync::OnceLock::new())
        }
        pub fn get(&self) -> Option<&T> {
            self.0.get()
        }
        pub fn set(&self, value: T) -> &T {
            let _ = self.0.set(value);
            self.0.get().expect("just set")
        }
    }
}

struct Loaded {
    kid: String,
    pair: KeyPair,
    public_pem: String,
}

pub struct PlatformKeys {
    repo: Arc<dyn DepositRepo>,
    sealer: Arc<SecretBox>,
    loaded: OnceCell<Loaded>,
}

fn pem(label: &str, der: &[u8]) -> String {
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

impl PlatformKeys {
    pub fn new(repo: Arc<dyn DepositRepo>, sealer: Arc<SecretBox>) -> PlatformKeys {
        PlatformKeys {
            repo,
            sealer,
            loaded: OnceCell::new(),
        }
    }

    async fn load(&self) -> AppResult<&Loaded> {
        if let Some(loaded) = self.loaded.get() {
            return Ok(loaded);
        }
        if self.repo.platform_key().await?.is_none() {
            let pair =
                KeyPair::generate(KeySize::Rsa2048).map_err(|_| AppError::internal("RSA key generation"))?;
            let der = Zeroizing::new(
                pair.as_der()
                    .map_err(|_| AppError::internal("RSA key encoding"))?
                    .as_ref()
                    .to_vec(),
            );
            let public = pair
                .public_key()
                .as_der()
                .map_err(|_| AppError::internal("RSA public key encoding"))?;
            let public_pem = pem("PUBLIC KEY", public.as_ref());
            let kid = format!("pk_{}", &hex::encode(sha256(public.as_ref()))[..16]);
            let sealed = self.sealer.seal(PLATFORM_KEY_PURPOSE, &der)?;
            if self.repo.insert_platform_key(&kid, &sealed, &public_pem).await? {
                tracing::info!(%kid, "generated the platform RSA key");
            }
        }
        let (kid, sealed, public_pem) = self
            .repo
            .platform_key()
            .await?
            .ok_or_else(|| AppError::internal("platform key missing"))?;
        let der = Zeroizing::new(self.sealer.open(PLATFORM_KEY_PURPOSE, &sealed)?);
        let pair = KeyPair::from_pkcs8(&der).map_err(|_| AppError::internal("platform key unreadable"))?;
        Ok(self.loaded.set(Loaded {
            kid,
            pair,
            public_pem,
        }))
    }

    /// (key id, PEM of the SubjectPublicKeyInfo) for merchants to verify callbacks.
    pub async fn public(&self) -> AppResult<(String, String)> {
        let loaded = self.load().await?;
        Ok((loaded.kid.clone(), loaded.public_pem.clone()))
    }

    /// (key id, base64 SHA256withRSA signature of `message`).
    pub async fn sign(&self, message: &[u8]) -> AppResult<(String, String)> {
        let loaded = self.load().await?;
        let mut signature = vec![0u8; loaded.pair.public_modulus_len()];
        loaded
            .pair
            .sign(&RSA_PKCS1_SHA256, &SystemRandom::new(), message, &mut signature)
            .map_err(|_| AppError::internal("RSA signing failed"))?;
        Ok((
            loaded.kid.clone(),
            base64::engine::general_purpose::STANDARD.encode(signature),
        ))
    }
}

fn sha256(bytes: &[u8]) -> Vec<u8> {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).to_vec()
}
