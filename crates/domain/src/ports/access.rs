//! Ports for accounts, roles and the two logs.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{MerchantId, UserId, UserRecord};
use crate::error::{AppError, AppResult};
use crate::identity::Email;
use crate::menu::{MenuId, MenuItem};
use crate::messages::MsgKey;

/// A page request: 1-based page number and a size of 1 to 100.
#[derive(Debug, Clone, Copy)]
pub struct PageRequest {
    pub page: u64,
    pub size: u64,
}

/// The last page anyone may ask for: far past any list a person pages through, and small
/// enough that the row offset stays a plain integer in both databases.
pub const MAX_PAGE: u64 = 100_000;

impl PageRequest {
    pub fn new(page: Option<u64>, size: Option<u64>) -> AppResult<PageRequest> {
        let (page, size) = (page.unwrap_or(1), size.unwrap_or(20));
        if !(1..=MAX_PAGE).contains(&page) || !(1..=100).contains(&size) {
            return Err(AppError::Invalid(MsgKey::PageRange));
        }
        Ok(PageRequest { page, size })
    }

    pub fn offset(&self) -> u64 {
        (self.page - 1) * self.size
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Paged<T> {
    pub list: Vec<T>,
    pub total: u64,
}

impl<T> Paged<T> {
    /// The same page, each row turned into a `U`.
    pub fn map<U>(self, row: impl FnMut(T) -> U) -> Paged<U> {
        Paged {
            list: self.list.into_iter().map(row).collect(),
            total: self.total,
        }
    }
}

#[derive(Debug, Clone)]
pub struct RoleRecord {
    pub id: i64,
    pub merchant_id: MerchantId,
    pub name: String,
    pub is_admin: bool,
    pub menu_ids: Vec<MenuId>,
    pub user_count: u64,
}

pub struct NewAccount<'a> {
    pub merchant_id: MerchantId,
    pub email: &'a Email,
    pub username: &'a str,
    pub password_hash: &'a str,
    pub role_id: i64,
    pub at: DateTime<Utc>,
    pub status: AccountStatus,
    /// When the account was given the withdrawal-pass permission (its cooling-off start).
    pub pass_granted_at: Option<DateTime<Utc>>,
}

crate::stored_codes! {
    /// Whether an account may sign in.
    pub enum AccountStatus {
        Disabled = 0,
        Enabled = 1,
        /// Invited by e-mail; enabled once the invitee sets a password.
        Invited = 2,
    }
}

#[async_trait::async_trait]
pub trait AccessRepo: Send + Sync {
    async fn page_users(
        &self,
        merchant_id: MerchantId,
        email_contains: Option<&str>,
        page: PageRequest,
    ) -> AppResult<Paged<UserRecord>>;
    /// EmailTaken if the e-mail has an account anywhere.
    async fn create_user(&self, account: NewAccount<'_>) -> AppResult<UserId>;
    async fn update_user(
        &self,
        id: UserId,
        username: &str,
        role_id: i64,
        status: AccountStatus,
    ) -> AppResult<()>;
    async fn delete_user(&self, id: UserId) -> AppResult<()>;
    /// Enabled users of the merchant whose role is the admin role.
    async fn count_enabled_admins(&self, merchant_id: MerchantId) -> AppResult<u64>;
    /// Enabled users of the merchant whose role is the admin role or holds `menu_id`.
    async fn enabled_users_with_menu(
        &self,
        merchant_id: MerchantId,
        menu_id: MenuId,
    ) -> AppResult<Vec<UserId>>;
    /// When the user last gained the withdrawal-pass permission through the console.
    async fn pass_granted_at(&self, id: UserId) -> AppResult<Option<DateTime<Utc>>>;
    async fn mark_pass_granted(&self, id: UserId, at: DateTime<Utc>) -> AppResult<()>;
    /// Every user of the role gained the withdrawal-pass permission at `at`.
    async fn mark_role_pass_granted(&self, role_id: i64, at: DateTime<Utc>) -> AppResult<()>;
    /// Sets the password of an invited account and enables it; false if it is not invited.
    async fn accept_invitation(&self, id: UserId, password_hash: &str) -> AppResult<bool>;
}

/// A merchant's roles and the menus (permissions) each holds.
#[async_trait::async_trait]
pub trait RoleRepo: Send + Sync {
    async fn list_roles(&self, merchant_id: MerchantId) -> AppResult<Vec<RoleRecord>>;
    async fn find_role(&self, id: i64) -> AppResult<Option<RoleRecord>>;
    async fn create_role(&self, merchant_id: MerchantId, name: &str, menu_ids: &[MenuId]) -> AppResult<i64>;
    async fn update_role(&self, id: i64, name: &str, menu_ids: &[MenuId]) -> AppResult<()>;
    async fn delete_role(&self, id: i64) -> AppResult<()>;
    async fn all_menus(&self) -> AppResult<Vec<MenuItem>>;
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginLogEntry {
    pub id: i64,
    pub email: String,
    pub ip: String,
    pub user_agent: String,
    pub result: String,
    pub reason: String,
    pub createtime: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OperationLogEntry {
    pub id: i64,
    pub email: String,
    pub action: String,
    pub target: String,
    pub before: String,
    pub after: String,
    pub ip: String,
    /// The caller's user agent as sent ("" on entries older than the column).
    pub user_agent: String,
    pub result: String,
    pub code: i32,
    pub createtime: String,
}

pub struct NewLoginLog<'a> {
    pub merchant_id: Option<MerchantId>,
    pub user_id: Option<UserId>,
    pub email: &'a str,
    pub ip: &'a str,
    pub user_agent: &'a str,
    pub success: bool,
    pub reason: &'a str,
    pub at: DateTime<Utc>,
}

/// One audited call, as the audit layer saw it.
pub struct AuditRecord<'a> {
    pub action: &'a str,
    /// What the call was done to (an order number, an e-mail, an address, a role name, ...).
    pub target: &'a str,
    pub before: &'a str,
    pub after: &'a str,
    pub ip: &'a str,
    pub user_agent: &'a str,
    pub code: i32,
}

/// An operation log entry: who made the call, the call, and when.
pub struct NewOperationLog<'a> {
    pub merchant_id: MerchantId,
    pub user_id: UserId,
    pub email: &'a str,
    pub call: AuditRecord<'a>,
    pub at: DateTime<Utc>,
}

/// Filters of a log page. `text` matches the e-mail; `kind` the result or the action.
#[derive(Debug, Clone, Default)]
pub struct LogFilter {
    pub user_id: Option<UserId>,
    pub email: Option<String>,
    pub kind: Option<String>,
    /// Operation log: paths whose action's name contains the `kind` typed (an entry matches
    /// either these or a path containing the text).
    pub named_actions: Vec<String>,
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
}

#[async_trait::async_trait]
pub trait LogRepo: Send + Sync {
    async fn insert_login_log(&self, entry: NewLoginLog<'_>) -> AppResult<()>;
    async fn page_login_logs(
        &self,
        merchant_id: MerchantId,
        filter: &LogFilter,
        page: PageRequest,
    ) -> AppResult<Paged<LoginLogEntry>>;
    async fn insert_operation_log(&self, entry: NewOperationLog<'_>) -> AppResult<()>;
    async fn page_operation_logs(
        &self,
        merchant_id: MerchantId,
        filter: &LogFilter,
        page: PageRequest,
    ) -> AppResult<Paged<OperationLogEntry>>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_bounded() {
        assert_eq!(
            PageRequest::new(Some(MAX_PAGE), Some(100)).unwrap().offset(),
            9_999_900
        );
        for (page, size) in [
            (0, 20),
            (MAX_PAGE + 1, 20),
            (1 << 63, 20),
            (u64::MAX, 100),
            (1, 0),
            (1, 101),
        ] {
            assert!(PageRequest::new(Some(page), Some(size)).is_err(), "{page} {size}");
        }
    }
}
