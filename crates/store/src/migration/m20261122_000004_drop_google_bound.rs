//! `app_user.google_bound` duplicated what `totp_secret` says (bound iff a sealed secret is
//! stored) and was never updated on binding; one source of truth remains.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261122_000004_drop_google_bound"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Alias::new("app_user"))
                .drop_column(Alias::new("google_bound"))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut column = ColumnDef::new(Alias::new("google_bound"))
            .boolean()
            .not_null()
            .default(false)
            .to_owned();
        m.alter_table(
            Table::alter()
                .table(Alias::new("app_user"))
                .add_column(&mut column)
                .to_owned(),
        )
        .await
    }
}
