//! The IP list: addresses a merchant asks to call the merchant API from, with their review.

use sea_orm_migration::prelude::*;

use super::schema::{at, at_null, create_tables, drop_created_tables, int, string, table, NewTable};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        create_tables(m, tables()).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_created_tables(m, tables()).await
    }
}

/// The tables this migration creates, in order.
fn tables() -> [NewTable; 1] {
    [table("partner_ip")
        .owned_by_merchant()
        .col(string("ip"))
        .col(string("remark"))
        // 0 awaiting review, 1 approved, 2 rejected.
        .col(int("apply_status"))
        .col(at("created_at"))
        .col(at_null("reviewed_at"))
        .index("ix_partner_ip_merchant", &["merchant_id", "id"])]
}
