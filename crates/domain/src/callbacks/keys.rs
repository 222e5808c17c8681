//! The platform RSA key that signs callbacks (SHA256withRSA). Generated once, sealed under
//! the master key; merchants verify with its public key, found by the key id each callback
//! carries so the key can rotate.

use aws_lc_rs::encoding::AsDer;
use aws_lc_rs::rand::SystemRandom;
use aws_lc_rs::rsa::{KeyPair, KeySize};
use aws_lc_rs::signature::{KeyPair as _, RSA_PKCS1_SHA256};
use base64::Engine;
use std::sync::Arc;
use zeroize::Zeroizing;

use crate::crypto::SecretBox;
use crate::error::{AppError, AppResult};
use crate::merchant_api::keys::pem_encode;
use crate::ports::PlatformKeyRepo;

pub const PLATFORM_KEY_PURPOSE: &str = "platform-key";

struct Loaded {
    kid: String,
    pair: KeyPair,
    public_pem: String,
}

pub struct PlatformKeys {
    repo: Arc<dyn PlatformKeyRepo>,
    sealer: Arc<SecretBox>,
    loaded: std::sync::OnceLock<Loaded>,
}

impl PlatformKeys {
    pub fn new(repo: Arc<dyn PlatformKeyRepo>, sealer: Arc<SecretBox>) -> PlatformKeys {
        PlatformKeys {
            repo,
            sealer,
            loaded: std::sync::OnceLock::new(),
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
            let public_pem = pem_encode("PUBLIC KEY", public.as_ref());
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
        // Two first callers may both load; either result is the same key.
        Ok(self.loaded.get_or_init(|| Loaded {
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
