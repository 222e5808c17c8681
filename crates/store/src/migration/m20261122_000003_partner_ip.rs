//! The IP list: addresses a merchant asks to call the merchant API from, with their review.

use sea_orm_migration::prelude::*;

use super::schema::{at, at_null, big, drop_tables, id, index, int, merchant_fk, string, table};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            table("partner_ip")
                .col(id())
                .col(big("merchant_id"))
                .col(string("ip"))
                .col(string("remark"))
                // 0 awaiting review, 1 approved, 2 rejected.
                .col(int("apply_status"))
                .col(at("created_at"))
                .col(at_null("reviewed_at"))
                .foreign_key(&mut merchant_fk("partner_ip"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "partner_ip",
            "ix_partner_ip_merchant",
            &["merchant_id", "id"],
            false,
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(m, &["partner_ip"]).await
    }
}
