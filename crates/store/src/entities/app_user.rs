use coffer_domain::ports::AccountStatus;
use sea_orm::entity::prelude::*;

use super::Stored;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "app_user")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    #[sea_orm(unique)]
    pub email: String,
    pub username: String,
    pub mobile: String,
    pub password_hash: String,
    pub role_id: i64,
    pub status: Stored<AccountStatus>,
    pub superadmin: bool,
    pub created_at: DateTimeUtc,
    pub failed_logins: i32,
    pub first_failed_at: Option<DateTimeUtc>,
    pub locked_until: Option<DateTimeUtc>,
    pub totp_secret: Option<String>,
    pub totp_pending: Option<String>,
    pub totp_last_step: i64,
    pub last_login_at: Option<DateTimeUtc>,
    /// when the account gained the withdrawal-pass permission (cooling-off start).
    pub pass_granted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
