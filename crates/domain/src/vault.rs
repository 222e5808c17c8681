//! Merchant seeds and the master key. One BIP39 mnemonic per merchant, sealed with AES-256-GCM
//! under the master key; it never leaves this module except as seed bytes for derivation, and
//! no API returns it. A known text sealed at first start tells a wrong master key apart from
//! a right one before anything is decrypted into garbage.

use std::sync::Arc;
use zeroize::Zeroizing;

use crate::crypto::SecretBox;
use crate::error::{AppError, AppResult};
use crate::ports::{MerchantId, SealedSecret, SecretKind, SeedRepo};
use crate::signin::TOTP_PURPOSE;

const SEED_PURPOSE: &str = "merchant-seed";
const KEY_CHECK_PURPOSE: &str = "key-check";
const KEY_CHECK_TEXT: &[u8] = b"coffer master key check v1";

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum VaultError {
    #[error(
        "the master key does not match this database: its secrets were sealed with another key. \
         Configure the key the database was created with (security.master_key or master_key_file)"
    )]
    WrongMasterKey,
    #[error("not a valid BIP39 mnemonic")]
    BadMnemonic,
    #[error("the merchant already has a seed; a seed is never replaced")]
    SeedExists,
}

pub struct KeyVault {
    repo: Arc<dyn SeedRepo>,
    sealer: Arc<SecretBox>,
}

impl KeyVault {
    pub fn new(repo: Arc<dyn SeedRepo>, sealer: Arc<SecretBox>) -> KeyVault {
        KeyVault { repo, sealer }
    }

    /// At start: the stored check opens with this key, or is created on a fresh database.
    pub async fn verify_master_key(&self) -> AppResult<Result<(), VaultError>> {
        match self.repo.key_check().await? {
            None => {
                let sealed = self.sealer.seal(KEY_CHECK_PURPOSE, KEY_CHECK_TEXT)?;
                self.repo.insert_key_check(&sealed).await?;
                Ok(Ok(()))
            }
            Some(sealed) => match self.sealer.open(KEY_CHECK_PURPOSE, &sealed) {
                Ok(text) if text == KEY_CHECK_TEXT => Ok(Ok(())),
                _ => Ok(Err(VaultError::WrongMasterKey)),
            },
        }
    }

    /// Generates the merchant's seed if it has none (at activation). Idempotent.
    pub async fn ensure_seed(&self, merchant_id: MerchantId) -> AppResult<()> {
        if self.repo.sealed_seed(merchant_id).await?.is_some() {
            return Ok(());
        }
        let mnemonic = Zeroizing::new(
            bip39::Mnemonic::generate(24)
                .map_err(AppError::internal)?
                .to_string(),
        );
        let sealed = self.sealer.seal(SEED_PURPOSE, mnemonic.as_bytes())?;
        // A process that generated one at the same moment may have stored its seed first:
        // that one stays, this one is dropped.
        if self.repo.insert_seed(merchant_id, &sealed, false).await? {
            tracing::info!(merchant_id, "generated the merchant's seed");
        }
        Ok(())
    }

    /// An operator brings an existing mnemonic (e.g. moving from another system). Only for a
    /// merchant without a seed: replacing one would orphan every address derived from it.
    pub async fn import_seed(
        &self,
        merchant_id: MerchantId,
        phrase: &str,
    ) -> AppResult<Result<(), VaultError>> {
        let normalized = Zeroizing::new(phrase.split_whitespace().collect::<Vec<_>>().join(" "));
        if bip39::Mnemonic::parse_normalized(&normalized).is_err() {
            return Ok(Err(VaultError::BadMnemonic));
        }
        let sealed = self.sealer.seal(SEED_PURPOSE, normalized.as_bytes())?;
        if !self.repo.insert_seed(merchant_id, &sealed, true).await? {
            return Ok(Err(VaultError::SeedExists));
        }
        tracing::info!(merchant_id, "imported the merchant's seed");
        Ok(Ok(()))
    }

    /// The 64-byte BIP39 seed, for derivation only; wiped when dropped.
    pub async fn seed(&self, merchant_id: MerchantId) -> AppResult<Zeroizing<[u8; 64]>> {
        let sealed = match self.repo.sealed_seed(merchant_id).await? {
            Some(sealed) => sealed,
            None => {
                self.ensure_seed(merchant_id).await?;
                self.repo
                    .sealed_seed(merchant_id)
                    .await?
                    .ok_or_else(|| AppError::internal("seed vanished"))?
            }
        };
        let phrase = Zeroizing::new(self.sealer.open(SEED_PURPOSE, &sealed)?);
        let text = std::str::from_utf8(&phrase).map_err(AppError::internal)?;
        let mnemonic = bip39::Mnemonic::parse_normalized(text).map_err(AppError::internal)?;
        Ok(Zeroizing::new(mnemonic.to_seed("")))
    }

    /// Re-encrypts every sealed secret under `next` in one transaction; returns how many.
    /// Fails without writing anything if any secret does not open with the current key.
    pub async fn rotate(&self, next: &SecretBox) -> AppResult<usize> {
        let secrets = self.repo.sealed_secrets().await?;
        let mut resealed = Vec::with_capacity(secrets.len());
        for secret in &secrets {
            let purpose = match secret.kind {
                SecretKind::KeyCheck => KEY_CHECK_PURPOSE,
                SecretKind::MerchantSeed => SEED_PURPOSE,
                SecretKind::TotpSecret | SecretKind::TotpPending => TOTP_PURPOSE,
                SecretKind::ApiKey => crate::merchant_api::keys::API_KEY_PURPOSE,
                SecretKind::PlatformKey => crate::callbacks::keys::PLATFORM_KEY_PURPOSE,
            };
            let plain = Zeroizing::new(self.sealer.open(purpose, &secret.sealed)?);
            resealed.push(SealedSecret {
                kind: secret.kind,
                row: secret.row,
                sealed: next.seal(purpose, &plain)?,
            });
        }
        self.repo.reseal(&resealed).await?;
        Ok(resealed.len())
    }
}
