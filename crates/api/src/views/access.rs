//! Sub-accounts and roles (menus 702, 703).

use coffer_domain::codes::StoredCode;
use coffer_domain::menu::MenuId;
use coffer_domain::ports::{RoleRecord, UserRecord};
use serde::Serialize;

use super::time;

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountView {
    pub id: i64,
    pub email: String,
    pub username: String,
    pub role_id: i64,
    pub role_name: String,
    pub status: i32,
    pub bind_google: bool,
    pub createtime: String,
    pub last_login_time: Option<String>,
}

impl From<UserRecord> for AccountView {
    fn from(u: UserRecord) -> Self {
        AccountView {
            id: u.id,
            email: u.email,
            username: u.username,
            role_id: u.role_id,
            role_name: u.role_name,
            status: u.status.code(),
            bind_google: u.totp_secret.is_some(),
            createtime: time(u.created_at),
            last_login_time: u.last_login_at.map(time),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleView {
    pub id: i64,
    pub name: String,
    pub is_admin: bool,
    pub menu_ids: Vec<MenuId>,
    pub user_count: u64,
}

impl From<RoleRecord> for RoleView {
    fn from(r: RoleRecord) -> Self {
        RoleView {
            id: r.id,
            name: r.name,
            is_admin: r.is_admin,
            menu_ids: r.menu_ids,
            user_count: r.user_count,
        }
    }
}

/// A role to choose when adding or editing an account.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleOption {
    pub id: i64,
    pub name: String,
    pub is_admin: bool,
}

impl From<RoleRecord> for RoleOption {
    fn from(r: RoleRecord) -> Self {
        RoleOption {
            id: r.id,
            name: r.name,
            is_admin: r.is_admin,
        }
    }
}
