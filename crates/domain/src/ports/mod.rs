//! What the domain needs from storage. The store crate implements these; tests may too.

mod access;
// Guessable secrets
mod attempts;
mod balances;
mod bills;
mod bundle;
mod callbacks;
pub mod chain;
mod collection;
mod collection_work;
mod deposits;
mod energy;
mod energy_orders;
mod exchange;
mod export_runs;
mod housekeeping;
mod leases;
mod low_balance;
mod mail_queue;
mod orders;
mod platform_key;
mod points;
mod prices;
mod rates;
mod recharge;
mod rollup;
mod scan;
mod timeline;
pub mod tron_resources;
mod wakeups;
mod wallets;
mod withdrawals;

pub use access::*;
pub use attempts::*;
pub use balances::*;
pub use bills::{BillPayments, BillRepo, NewPayment, SubmitRefusal};
pub use bundle::Ports;
pub use callbacks::*;
pub use collection::*;
pub use collection_work::*;
pub use deposits::*;
pub use energy::{EnergyRepo, EnergySettingsRepo};
pub use energy_orders::{
    DelegationChange, DelegationLedger, EnergyFigures, EnergyOrderFilter, EnergyOrderProgress,
    EnergyOrderRepo, QuoteRefusal,
};
pub use exchange::{
    ApiOrderInsert, ExchangeChange, ExchangeLeg, ExchangeOrders, ExchangePairs, ExchangeQuotes, ExchangeWork,
};
pub use export_runs::ExportRuns;
pub use housekeeping::*;
pub use leases::{Lease, LeaseRenewal};
pub use low_balance::{LowAccount, LowBalanceRepo};
pub use mail_queue::{MailQueue, QueuedMail};
pub use orders::*;
pub use platform_key::*;
pub use points::{LedgerAudit, LedgerFacts, PointsLedger, TransferFilter};
pub use prices::PriceFeeds;
pub use rates::RateRepo;
pub use recharge::RechargeRepo;
pub use rollup::*;
pub use scan::*;
pub use timeline::*;
pub use wakeups::{Wakeups, Work};
pub use wallets::*;
pub use withdrawals::*;

use chrono::{DateTime, Utc};
use std::collections::BTreeMap;

use crate::config::{ChainNode, ConfigVersion, MerchantSettings};
use crate::error::AppResult;
use crate::identity::{CodePurpose, Email};
use crate::menu::MenuItem;

pub type UserId = i64;
pub type MerchantId = i64;

#[derive(Debug, Clone)]
pub struct UserRecord {
    pub id: UserId,
    pub merchant_id: MerchantId,
    pub email: String,
    pub username: String,
    pub mobile: String,
    pub password_hash: String,
    pub role_id: i64,
    pub role_name: String,
    /// The role holds every menu and counts as an administrator of the merchant.
    pub role_is_admin: bool,
    pub status: AccountStatus,
    pub superadmin: bool,
    pub merchant_status: MerchantStatus,
    pub created_at: DateTime<Utc>,
    pub failed_logins: i32,
    pub first_failed_at: Option<DateTime<Utc>>,
    pub locked_until: Option<DateTime<Utc>>,
    /// Sealed authenticator secrets (bound, and offered but not yet confirmed).
    pub totp_secret: Option<String>,
    pub totp_pending: Option<String>,
    pub last_login_at: Option<DateTime<Utc>>,
}

crate::stored_codes! {
    pub enum MerchantStatus {
        /// Registered, waiting for an operator to activate it.
        Pending = 0,
        Active = 1,
        Disabled = 2,
    }
}

/// Failed sign-in bookkeeping of one user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LoginFailures {
    pub count: i32,
    pub first_at: Option<DateTime<Utc>>,
    pub locked_until: Option<DateTime<Utc>>,
}

#[async_trait::async_trait]
pub trait UserRepo: Send + Sync {
    async fn find_by_email(&self, email: &Email) -> AppResult<Option<UserRecord>>;
    async fn find_by_id(&self, id: UserId) -> AppResult<Option<UserRecord>>;
    async fn set_password_hash(&self, id: UserId, hash: &str) -> AppResult<()>;
    /// The menu items a role holds, in sidebar order.
    async fn role_menus(&self, role_id: i64) -> AppResult<Vec<MenuItem>>;
    /// A new merchant awaiting activation with `email` as its admin; EmailTaken if registered.
    async fn register_merchant(
        &self,
        email: &Email,
        password_hash: &str,
        at: DateTime<Utc>,
    ) -> AppResult<UserId>;
    async fn save_login_failures(&self, id: UserId, failures: LoginFailures) -> AppResult<()>;
    async fn record_login_success(&self, id: UserId, at: DateTime<Utc>) -> AppResult<()>;
    async fn set_totp_pending(&self, id: UserId, sealed: Option<String>) -> AppResult<()>;
    /// Binds (Some) or unbinds (None) the authenticator; clears the pending secret.
    async fn set_totp_secret(&self, id: UserId, sealed: Option<String>) -> AppResult<()>;
    /// Records `step` as used; false if that step or a later one was already used (replay).
    async fn claim_totp_step(&self, id: UserId, step: i64) -> AppResult<bool>;
}

#[derive(Debug, Clone)]
pub struct SessionRecord {
    pub id: i64,
    pub user_id: UserId,
    pub merchant_id: MerchantId,
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
}

#[async_trait::async_trait]
pub trait SessionRepo: Send + Sync {
    async fn create_session(
        &self,
        token_digest: &str,
        user: &UserRecord,
        at: DateTime<Utc>,
    ) -> AppResult<i64>;
    async fn find_session(&self, token_digest: &str) -> AppResult<Option<SessionRecord>>;
    async fn touch_session(&self, id: i64, at: DateTime<Utc>) -> AppResult<()>;
    async fn delete_session(&self, id: i64) -> AppResult<()>;
    /// Ends every session of the user but `keep`.
    async fn delete_other_sessions(&self, user_id: UserId, keep: i64) -> AppResult<()>;
    async fn delete_user_sessions(&self, user_id: UserId) -> AppResult<()>;
}

#[derive(Debug, Clone)]
pub struct CodeRecord {
    pub id: i64,
    pub code_digest: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub failed_attempts: i32,
    pub consumed: bool,
}

#[async_trait::async_trait]
pub trait CodeRepo: Send + Sync {
    /// The newest code issued for this e-mail and purpose.
    async fn latest_code(&self, email: &Email, purpose: CodePurpose) -> AppResult<Option<CodeRecord>>;
    async fn insert_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        code_digest: &str,
        created_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> AppResult<()>;
    async fn record_failed_attempt(&self, id: i64) -> AppResult<()>;
    /// Marks the code used; false if it was already used (so two requests cannot both use it).
    async fn consume_code(&self, id: i64) -> AppResult<bool>;
}

#[async_trait::async_trait]
pub trait ConfigRepo: Send + Sync {
    /// Public configuration values for the keys asked; absent keys are left out.
    async fn public_values(&self, keys: &[String]) -> AppResult<BTreeMap<String, String>>;
    async fn chain_nodes(&self) -> AppResult<Vec<ChainNode>>;
    async fn merchant_settings(&self, merchant_id: MerchantId) -> AppResult<MerchantSettings>;
    /// Also moves the merchant's config version on.
    async fn set_time_zone(&self, merchant_id: MerchantId, time_zone: i32) -> AppResult<()>;
    /// Where the home config of this merchant stands: moved on by every change to the chains and
    /// tokens or to the merchant's settings (time zone, enabled tokens), in the change's transaction.
    async fn config_version(&self, merchant_id: MerchantId) -> AppResult<ConfigVersion>;
    async fn ping(&self) -> AppResult<()>;
}
