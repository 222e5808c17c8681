//! When an account gained the withdrawal-pass permission through the console, so a
//! new reviewer waits out a cooling-off before passing withdrawals. Existing accounts (and the
//! merchant's first admin) have none and are settled.

use sea_orm_migration::prelude::*;

use super::schema::{add_column, at_null, drop_column};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_column(m, "app_user", at_null("pass_granted_at")).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_column(m, "app_user", "pass_granted_at").await
    }
}
