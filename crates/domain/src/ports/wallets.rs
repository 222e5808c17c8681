//! Storage of merchant seeds, derived addresses, hot wallets, assets and token requests.

use chrono::{DateTime, Utc};

use super::{MerchantId, PageRequest, Paged, UserId};
use crate::error::AppResult;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectSettings {
    pub auto_collect: bool,
    /// 1 daily at `start_time`, 2 every `interval_hours`, 3 on each deposit.
    pub collect_type: i32,
    pub start_time: String,
    pub interval_hours: i32,
    pub min_collect_amount: String,
    pub min_split_amount: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RiskLimits {
    pub min_review_amount: String,
    pub max_daily_count: i64,
    pub daily_limit: String,
}

#[derive(Debug, Clone)]
pub struct AssetRecord {
    pub id: i64,
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub token_id: i64,
    pub status: AssetStatus,
    pub payment_address: String,
    pub collect: CollectSettings,
    pub risk: RiskLimits,
    pub created_at: DateTime<Utc>,
}

/// Serde here is the storage format of a token request's address list (a JSON column), not a
/// wire shape (that is the api crate's).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ColdAddress {
    pub address: String,
    /// Decimal string, e.g. "0.6".
    pub ratio: String,
}

#[derive(Debug, Clone)]
pub struct ColdAddressRecord {
    pub id: i64,
    pub asset_id: i64,
    pub address: String,
    pub ratio: String,
    pub created_at: DateTime<Utc>,
}

crate::stored_codes! {
    /// A request an operator reviews (cold addresses of a token, an IP of the allow-list).
    pub enum ApplyStatus {
        Pending = 0,
        Approved = 1,
        Rejected = 2,
    }

    pub enum AssetStatus {
        Disabled = 0,
        Enabled = 1,
    }

    pub enum HotWalletStatus {
        Normal = 0,
        Paused = 1,
    }
}

#[derive(Debug, Clone)]
pub struct TokenRequestRecord {
    pub id: i64,
    pub merchant_id: MerchantId,
    pub asset_id: i64,
    pub addresses: Vec<ColdAddress>,
    pub apply_status: ApplyStatus,
    /// These addresses are the asset's cold addresses now.
    pub in_force: bool,
    pub reason: String,
    pub requested_by: UserId,
    pub created_at: DateTime<Utc>,
    pub reviewed_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone)]
pub struct DepositAddressRecord {
    pub id: i64,
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub open_id: String,
    pub address: String,
    pub key_index: u32,
    pub remark: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Default)]
pub struct AddressFilter {
    pub chain_id: Option<i64>,
    pub open_id: Option<String>,
    pub address: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HotWalletRecord {
    pub id: i64,
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub address: String,
    pub key_index: u32,
    pub status: HotWalletStatus,
    pub remark: String,
    pub created_at: DateTime<Utc>,
}

/// A row to insert: derived address, its index and the owner.
#[derive(Debug, Clone)]
pub struct NewDerived {
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub address: String,
    pub key_index: u32,
    pub label: String,
    pub at: DateTime<Utc>,
}

#[async_trait::async_trait]
pub trait SeedRepo: Send + Sync {
    async fn sealed_seed(&self, merchant_id: MerchantId) -> AppResult<Option<String>>;
    /// False when the merchant already has a seed (a seed is never replaced).
    async fn insert_seed(&self, merchant_id: MerchantId, sealed: &str, imported: bool) -> AppResult<bool>;
    /// Hands out the next BIP44 index for (merchant, coin family, purpose), atomically.
    async fn next_key_index(&self, merchant_id: MerchantId, family: &str, purpose: i32) -> AppResult<u32>;
    async fn key_check(&self) -> AppResult<Option<String>>;
    async fn insert_key_check(&self, sealed: &str) -> AppResult<()>;
    /// Every sealed secret, for master key rotation: (table, row key, column, sealed text).
    async fn sealed_secrets(&self) -> AppResult<Vec<SealedSecret>>;
    /// Replaces all of them in one transaction (all or nothing).
    async fn reseal(&self, secrets: &[SealedSecret]) -> AppResult<()>;
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SealedSecret {
    pub kind: SecretKind,
    pub row: i64,
    pub sealed: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecretKind {
    KeyCheck,
    MerchantSeed,
    TotpSecret,
    TotpPending,
    /// A merchant's API key (row: the merchant id).
    ApiKey,
    PlatformKey,
}

/// The addresses derived for a merchant's users to deposit to.
#[async_trait::async_trait]
pub trait DepositAddressRepo: Send + Sync {
    async fn deposit_address(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        open_id: &str,
    ) -> AppResult<Option<DepositAddressRecord>>;
    /// Inserts unless the user already has one on the chain; returns the user's address.
    async fn insert_deposit_address(&self, row: NewDerived) -> AppResult<DepositAddressRecord>;
    /// The deposit addresses among `addresses` on a chain (any merchant's: the scanner's lookup).
    async fn deposit_addresses_at(
        &self,
        chain_id: i64,
        addresses: &[String],
    ) -> AppResult<Vec<DepositAddressRecord>>;
    async fn page_deposit_addresses(
        &self,
        merchant_id: MerchantId,
        filter: &AddressFilter,
        page: PageRequest,
    ) -> AppResult<Paged<DepositAddressRecord>>;
    /// The address as changed; None when the merchant has no address `id`.
    async fn set_address_remark(
        &self,
        merchant_id: MerchantId,
        id: i64,
        remark: &str,
    ) -> AppResult<Option<DepositAddressRecord>>;
}

/// The merchant's derived wallets that pay withdrawals.
#[async_trait::async_trait]
pub trait HotWalletRepo: Send + Sync {
    async fn page_hot_wallets(
        &self,
        merchant_id: MerchantId,
        chain_id: Option<i64>,
        page: PageRequest,
    ) -> AppResult<Paged<HotWalletRecord>>;
    async fn hot_wallets_on(&self, merchant_id: MerchantId, chain_id: i64)
        -> AppResult<Vec<HotWalletRecord>>;
    /// The hot wallets among `addresses` on a chain (any merchant's: what Coffer knows).
    async fn hot_wallets_at(&self, chain_id: i64, addresses: &[String]) -> AppResult<Vec<HotWalletRecord>>;
    /// Inserts unless the merchant already has `limit` hot wallets (checked under a lock on the
    /// merchant, so two concurrent adds cannot both pass): None then.
    async fn insert_hot_wallet(&self, row: NewDerived, limit: u64) -> AppResult<Option<i64>>;
    /// The wallet as changed; None when the merchant has no hot wallet `id`.
    async fn set_hot_wallet_status(
        &self,
        merchant_id: MerchantId,
        id: i64,
        status: HotWalletStatus,
    ) -> AppResult<Option<HotWalletRecord>>;
}

/// The tokens a merchant enabled, their settings and their cold addresses.
#[async_trait::async_trait]
pub trait AssetRepo: Send + Sync {
    async fn assets(&self, merchant_id: MerchantId, chain_id: Option<i64>) -> AppResult<Vec<AssetRecord>>;
    async fn asset(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<AssetRecord>>;
    /// Err(Invalid(TokenAdded)) when the merchant has the token already. Adding a token and
    /// changing its status move the merchant's config version on (`ConfigRepo::config_version`).
    async fn insert_asset(&self, asset: &AssetRecord) -> AppResult<i64>;
    /// Saves its settings at `now` (the time automatic collection's schedule counts from).
    async fn update_asset(&self, asset: &AssetRecord, now: DateTime<Utc>) -> AppResult<bool>;
    async fn set_asset_status(
        &self,
        merchant_id: MerchantId,
        id: i64,
        status: AssetStatus,
    ) -> AppResult<bool>;
    async fn page_cold_addresses(
        &self,
        merchant_id: MerchantId,
        asset_id: Option<i64>,
        page: PageRequest,
    ) -> AppResult<Paged<ColdAddressRecord>>;
    async fn cold_addresses_of(&self, asset_ids: &[i64]) -> AppResult<Vec<ColdAddressRecord>>;
}

/// Requests to set an asset's cold addresses, and their review.
#[async_trait::async_trait]
pub trait TokenRequestRepo: Send + Sync {
    async fn insert_token_request(&self, request: &TokenRequestRecord) -> AppResult<i64>;
    async fn page_token_requests(
        &self,
        merchant_id: Option<MerchantId>,
        asset_id: Option<i64>,
        pending_only: bool,
        page: PageRequest,
    ) -> AppResult<Paged<TokenRequestRecord>>;
    async fn token_request(&self, id: i64) -> AppResult<Option<TokenRequestRecord>>;
    /// Approves a pending request: its addresses replace the asset's cold addresses, in one
    /// transaction. False when it is no longer pending.
    async fn approve_token_request(&self, id: i64, at: DateTime<Utc>) -> AppResult<bool>;
    async fn reject_token_request(&self, id: i64, reason: &str, at: DateTime<Utc>) -> AppResult<bool>;
}
