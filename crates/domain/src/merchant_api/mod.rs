//! Keys and access (System, menu 8) and the gate of the merchant API: the API key, the
//! merchant's RSA public key, the callback address, the caller allow-list, the address
//! blacklist, and the check of every signed server-to-server call (docs/merchant-api.md).

mod blacklist;
mod gate;
pub mod keys;
mod settings;

pub use blacklist::BlacklistEntry;
pub use gate::{SignedCall, TIMESTAMP_WINDOW_MS};
pub use settings::ApiSecret;

use chrono::{DateTime, Utc};
use std::sync::Arc;

use crate::auth::AuthService;
use crate::chains::ChainRegistry;
use crate::crypto::SecretBox;
use crate::error::AppResult;
use crate::ports::{MerchantId, MerchantStatus, PageRequest, Paged, Ports};

/// A merchant's API settings; every part may be absent.
#[derive(Debug, Clone, Default)]
pub struct ApiSettingsRecord {
    pub key_id: Option<String>,
    /// The API key sealed under the master key (purpose [`keys::API_KEY_PURPOSE`]).
    pub key_sealed: Option<String>,
    pub key_created_at: Option<DateTime<Utc>>,
    pub client_key: Option<StoredClientKey>,
    pub callback_url: Option<String>,
    /// Asked before a withdrawal passes on its own (docs/api.md "Risk control").
    pub risk_url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredClientKey {
    /// SubjectPublicKeyInfo PEM.
    pub pem: String,
    pub fingerprint: String,
    pub bits: u32,
    pub updated_at: DateTime<Utc>,
}

pub struct NewApiKey<'a> {
    pub key_id: &'a str,
    pub key_hash: &'a str,
    pub sealed: &'a str,
    pub at: DateTime<Utc>,
}

/// The merchant an API key belongs to, with what the gate needs.
#[derive(Debug, Clone)]
pub struct ApiCaller {
    pub merchant_id: MerchantId,
    pub merchant_status: MerchantStatus,
    pub client_key_pem: Option<String>,
}

#[derive(Debug, Clone)]
pub struct AllowIpRecord {
    pub ip: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct BlacklistRecord {
    pub id: i64,
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub address: String,
    pub remark: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Default)]
pub struct BlacklistFilter {
    pub chain_id: Option<i64>,
    /// Any part of the address, ignoring case.
    pub address: Option<String>,
}

#[async_trait::async_trait]
pub trait MerchantApiRepo: Send + Sync {
    /// The merchant's settings (all absent when it never saved any).
    async fn api_settings(&self, merchant_id: MerchantId) -> AppResult<ApiSettingsRecord>;
    /// Sets or replaces the API key; the previous one no longer matches any call.
    async fn set_api_key(&self, merchant_id: MerchantId, key: NewApiKey<'_>) -> AppResult<()>;
    async fn set_client_key(&self, merchant_id: MerchantId, key: &StoredClientKey) -> AppResult<()>;
    async fn set_callback_url(
        &self,
        merchant_id: MerchantId,
        url: Option<&str>,
        at: DateTime<Utc>,
    ) -> AppResult<()>;
    async fn set_risk_url(
        &self,
        merchant_id: MerchantId,
        url: Option<&str>,
        at: DateTime<Utc>,
    ) -> AppResult<()>;
    /// The merchant whose current API key has this SHA-256.
    async fn caller_by_key_hash(&self, key_hash: &str) -> AppResult<Option<ApiCaller>>;

    /// Whether the merchant used this nonce in a call that has not expired.
    async fn nonce_used(&self, merchant_id: MerchantId, nonce: &str, now: DateTime<Utc>) -> AppResult<bool>;
    /// Records the nonce until `expires_at` (dropping the merchant's expired ones); false when
    /// it is already recorded, e.g. by a concurrent replay.
    async fn use_nonce(
        &self,
        merchant_id: MerchantId,
        nonce: &str,
        expires_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> AppResult<bool>;
}

/// The addresses a merchant never pays out to.
#[async_trait::async_trait]
pub trait BlacklistRepo: Send + Sync {
    async fn page_blacklist(
        &self,
        merchant_id: MerchantId,
        filter: &BlacklistFilter,
        page: PageRequest,
    ) -> AppResult<Paged<BlacklistRecord>>;
    /// 17003 'This address is already on the blacklist' for a second entry of an address.
    async fn insert_blacklist(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        address: &str,
        remark: &str,
        at: DateTime<Utc>,
    ) -> AppResult<i64>;
    async fn find_blacklist(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<BlacklistRecord>>;
    async fn delete_blacklist(&self, merchant_id: MerchantId, id: i64) -> AppResult<bool>;
    async fn is_blacklisted(&self, merchant_id: MerchantId, chain_id: i64, address: &str) -> AppResult<bool>;
}

pub struct MerchantApiService {
    pub ports: Ports,
    /// For actions that need the authenticator.
    pub auth: Arc<AuthService>,
    pub sealer: Arc<SecretBox>,
    pub chains: Arc<ChainRegistry>,
    /// callback and risk-control addresses may be on private networks
    /// (`callbacks.allow_private_targets`).
    pub allow_private_targets: bool,
    /// What a saved address's host name resolves to (the system resolver in the binary).
    pub resolver: Arc<dyn crate::callbacks::targets::HostResolver>,
}
