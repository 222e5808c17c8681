//! A deposit that is never credited (a note: dust, a token not enabled, an internal transfer) is
//! never announced, so its callback status is "not announced" (4), not "in callback" (0) for
//! ever. The deposits recorded before are marked so.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        set(m, 0, 4).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        set(m, 4, 0).await
    }
}

/// The uncredited deposits' callback status from `from` to `to`.
async fn set(m: &SchemaManager<'_>, from: i32, to: i32) -> Result<(), DbErr> {
    let deposit = Alias::new("deposit");
    let status = Alias::new("callback_status");
    m.exec_stmt(
        Query::update()
            .table(deposit)
            .value(status.clone(), to)
            .and_where(Expr::col(Alias::new("note")).ne(""))
            .and_where(Expr::col(status).eq(from))
            .to_owned(),
    )
    .await
}
