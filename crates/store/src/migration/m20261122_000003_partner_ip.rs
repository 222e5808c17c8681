//! The IP list: addresses a merchant asks to call the merchant API from, with their review.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261122_000003_partner_ip"
    }
}

fn col(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Alias::new("partner_ip"))
                .col(col("id").big_integer().not_null().auto_increment().primary_key())
                .col(col("merchant_id").big_integer().not_null())
                .col(col("ip").string().not_null())
                .col(col("remark").string().not_null())
                // 0 awaiting review, 1 approved, 2 rejected.
                .col(col("apply_status").integer().not_null())
                .col(col("created_at").timestamp_with_time_zone().not_null())
                .col(col("reviewed_at").timestamp_with_time_zone().null())
                .foreign_key(
                    ForeignKey::create()
                        .from(Alias::new("partner_ip"), Alias::new("merchant_id"))
                        .to(Alias::new("merchant"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_partner_ip_merchant")
                .table(Alias::new("partner_ip"))
                .col(Alias::new("merchant_id"))
                .col(Alias::new("id"))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Alias::new("partner_ip")).to_owned())
            .await
    }
}
