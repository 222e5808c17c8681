//! `app_user.google_bound` duplicated what `totp_secret` says (bound iff a sealed secret is
//! stored) and was never updated on binding; one source of truth remains.

use sea_orm_migration::prelude::*;

use super::schema::{add_column, drop_column, flag};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_column(m, "app_user", "google_bound").await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_column(m, "app_user", flag("google_bound")).await
    }
}
