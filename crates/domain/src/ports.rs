//! What the domain needs from storage. The store crate implements these; tests may too.

use chrono::{DateTime, Utc};
use std::collections::BTreeMap;

use crate::config::{ChainNode, MerchantSettings};
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
    /// 1 = active, 0 = disabled.
    pub status: i32,
    pub superadmin: bool,
    pub google_bound: bool,
    pub merchant_active: bool,
    pub created_at: DateTime<Utc>,
}

#[async_trait::async_trait]
pub trait UserRepo: Send + Sync {
    async fn find_by_email(&self, email: &Email) -> AppResult<Option<UserRecord>>;
    async fn find_by_id(&self, id: UserId) -> AppResult<Option<UserRecord>>;
    async fn set_password_hash(&self, id: UserId, hash: &str) -> AppResult<()>;
    /// The menu items a role holds, in sidebar order.
    async fn role_menus(&self, role_id: i64) -> AppResult<Vec<MenuItem>>;
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
    async fn ping(&self) -> AppResult<()>;
}
