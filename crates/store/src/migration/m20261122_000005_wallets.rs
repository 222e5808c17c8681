//! Merchant seeds, the master key check, deposit addresses, hot wallets, assets, cold addresses
//! and token requests. Amounts and ratios are decimal strings (TEXT): never floats.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261122_000005_wallets"
    }
}

fn col(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
}

fn id() -> ColumnDef {
    col("id")
        .big_integer()
        .not_null()
        .auto_increment()
        .primary_key()
        .to_owned()
}

fn merchant_fk(table: &str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(Alias::new(table), Alias::new("merchant_id"))
        .to(Alias::new("merchant"), Alias::new("id"))
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

async fn unique(m: &SchemaManager<'_>, table: &str, name: &str, cols: &[&str]) -> Result<(), DbErr> {
    let mut index = Index::create();
    index.name(name).table(Alias::new(table)).unique();
    for c in cols {
        index.col(Alias::new(*c));
    }
    m.create_index(index.to_owned()).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(Alias::new("chain"))
                .add_column(col("family").string().not_null().default("dev"))
                .to_owned(),
        )
        .await?;
        // A known text sealed under the master key: a wrong key fails to open it at start.
        m.create_table(
            Table::create()
                .table(Alias::new("key_check"))
                .col(col("id").integer().not_null().primary_key())
                .col(col("sealed").text().not_null())
                .col(col("created_at").timestamp_with_time_zone().not_null())
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("merchant_seed"))
                .col(col("merchant_id").big_integer().not_null().primary_key())
                .col(col("sealed").text().not_null())
                .col(col("imported").boolean().not_null())
                .col(col("created_at").timestamp_with_time_zone().not_null())
                .foreign_key(&mut merchant_fk("merchant_seed"))
                .to_owned(),
        )
        .await?;
        // Next BIP44 index per merchant, coin family and purpose: indexes are never handed out twice.
        m.create_table(
            Table::create()
                .table(Alias::new("key_counter"))
                .col(col("merchant_id").big_integer().not_null())
                .col(col("family").string().not_null())
                .col(col("purpose").integer().not_null())
                .col(col("next_index").big_integer().not_null())
                .primary_key(
                    Index::create()
                        .col(Alias::new("merchant_id"))
                        .col(Alias::new("family"))
                        .col(Alias::new("purpose")),
                )
                .foreign_key(&mut merchant_fk("key_counter"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("deposit_address"))
                .col(id())
                .col(col("merchant_id").big_integer().not_null())
                .col(col("chain_id").big_integer().not_null())
                .col(col("open_id").string().not_null())
                .col(col("address").string().not_null())
                .col(col("key_index").big_integer().not_null())
                .col(col("remark").string().not_null())
                .col(col("created_at").timestamp_with_time_zone().not_null())
                .foreign_key(&mut merchant_fk("deposit_address"))
                .to_owned(),
        )
        .await?;
        unique(
            m,
            "deposit_address",
            "ux_deposit_address_user",
            &["merchant_id", "chain_id", "open_id"],
        )
        .await?;
        unique(
            m,
            "deposit_address",
            "ux_deposit_address_address",
            &["chain_id", "address"],
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("hot_wallet"))
                .col(id())
                .col(col("merchant_id").big_integer().not_null())
                .col(col("chain_id").big_integer().not_null())
                .col(col("address").string().not_null())
                .col(col("key_index").big_integer().not_null())
                // 0 normal, 1 paused.
                .col(col("status").integer().not_null())
                .col(col("remark").string().not_null())
                .col(col("created_at").timestamp_with_time_zone().not_null())
                .foreign_key(&mut merchant_fk("hot_wallet"))
                .to_owned(),
        )
        .await?;
        unique(m, "hot_wallet", "ux_hot_wallet_address", &["chain_id", "address"]).await?;
        m.create_table(
            Table::create()
                .table(Alias::new("merchant_asset"))
                .col(id())
                .col(col("merchant_id").big_integer().not_null())
                .col(col("chain_id").big_integer().not_null())
                .col(col("token_id").big_integer().not_null())
                .col(col("status").integer().not_null())
                .col(col("payment_address").string().not_null())
                .col(col("auto_collect").boolean().not_null())
                .col(col("collect_type").integer().not_null())
                .col(col("start_time").string().not_null())
                .col(col("interval_hours").integer().not_null())
                .col(col("min_collect_amount").text().not_null())
                .col(col("min_split_amount").text().not_null())
                .col(col("min_review_amount").text().not_null())
                .col(col("max_daily_count").big_integer().not_null())
                .col(col("daily_limit").text().not_null())
                .col(col("created_at").timestamp_with_time_zone().not_null())
                .col(col("updated_at").timestamp_with_time_zone().not_null())
                .foreign_key(&mut merchant_fk("merchant_asset"))
                .foreign_key(
                    ForeignKey::create()
                        .from(Alias::new("merchant_asset"), Alias::new("token_id"))
                        .to(Alias::new("token"), Alias::new("id")),
                )
                .to_owned(),
        )
        .await?;
        unique(
            m,
            "merchant_asset",
            "ux_merchant_asset_token",
            &["merchant_id", "token_id"],
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("token_request"))
                .col(id())
                .col(col("merchant_id").big_integer().not_null())
                .col(col("asset_id").big_integer().not_null())
                // JSON [{address, ratio}] as requested (canonical addresses).
                .col(col("addresses").text().not_null())
                // 0 awaiting review, 1 approved, 2 rejected.
                .col(col("apply_status").integer().not_null())
                .col(col("in_force").boolean().not_null())
                .col(col("reason").string().not_null())
                .col(col("requested_by").big_integer().not_null())
                .col(col("created_at").timestamp_with_time_zone().not_null())
                .col(col("reviewed_at").timestamp_with_time_zone().null())
                .foreign_key(&mut merchant_fk("token_request"))
                .foreign_key(
                    ForeignKey::create()
                        .from(Alias::new("token_request"), Alias::new("asset_id"))
                        .to(Alias::new("merchant_asset"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("cold_address"))
                .col(id())
                .col(col("merchant_id").big_integer().not_null())
                .col(col("asset_id").big_integer().not_null())
                .col(col("address").string().not_null())
                .col(col("ratio").string().not_null())
                .col(col("request_id").big_integer().not_null())
                .col(col("created_at").timestamp_with_time_zone().not_null())
                .foreign_key(&mut merchant_fk("cold_address"))
                .foreign_key(
                    ForeignKey::create()
                        .from(Alias::new("cold_address"), Alias::new("asset_id"))
                        .to(Alias::new("merchant_asset"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        unique(
            m,
            "cold_address",
            "ux_cold_address_asset",
            &["asset_id", "address"],
        )
        .await
    }
}
