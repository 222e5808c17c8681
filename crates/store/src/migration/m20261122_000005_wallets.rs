//! Merchant seeds, the master key check, deposit addresses, hot wallets, assets, cold addresses
//! and token requests. Amounts and ratios are decimal strings (TEXT): never floats.

use sea_orm_migration::prelude::*;

use super::schema::{
    add_column, at, at_null, big, big_key, boolean, col, fk, id, index, int, key, merchant_fk, string, table,
    text,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_column(
            m,
            "chain",
            col("family").string().not_null().default("dev").to_owned(),
        )
        .await?;
        // A known text sealed under the master key: a wrong key fails to open it at start.
        m.create_table(
            table("key_check")
                .col(col("id").integer().not_null().primary_key())
                .col(text("sealed"))
                .col(at("created_at"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            table("merchant_seed")
                .col(big_key("merchant_id"))
                .col(text("sealed"))
                .col(boolean("imported"))
                .col(at("created_at"))
                .foreign_key(&mut merchant_fk("merchant_seed"))
                .to_owned(),
        )
        .await?;
        // Next BIP44 index per merchant, coin family and purpose: indexes are never handed out twice.
        m.create_table(
            table("key_counter")
                .col(big("merchant_id"))
                .col(string("family"))
                .col(int("purpose"))
                .col(big("next_index"))
                .primary_key(&mut key(&["merchant_id", "family", "purpose"]))
                .foreign_key(&mut merchant_fk("key_counter"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            table("deposit_address")
                .col(id())
                .col(big("merchant_id"))
                .col(big("chain_id"))
                .col(string("open_id"))
                .col(string("address"))
                .col(big("key_index"))
                .col(string("remark"))
                .col(at("created_at"))
                .foreign_key(&mut merchant_fk("deposit_address"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "deposit_address",
            "ux_deposit_address_user",
            &["merchant_id", "chain_id", "open_id"],
            true,
        )
        .await?;
        index(
            m,
            "deposit_address",
            "ux_deposit_address_address",
            &["chain_id", "address"],
            true,
        )
        .await?;
        m.create_table(
            table("hot_wallet")
                .col(id())
                .col(big("merchant_id"))
                .col(big("chain_id"))
                .col(string("address"))
                .col(big("key_index"))
                // 0 normal, 1 paused.
                .col(int("status"))
                .col(string("remark"))
                .col(at("created_at"))
                .foreign_key(&mut merchant_fk("hot_wallet"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "hot_wallet",
            "ux_hot_wallet_address",
            &["chain_id", "address"],
            true,
        )
        .await?;
        m.create_table(
            table("merchant_asset")
                .col(id())
                .col(big("merchant_id"))
                .col(big("chain_id"))
                .col(big("token_id"))
                .col(int("status"))
                .col(string("payment_address"))
                .col(boolean("auto_collect"))
                .col(int("collect_type"))
                .col(string("start_time"))
                .col(int("interval_hours"))
                .col(text("min_collect_amount"))
                .col(text("min_split_amount"))
                .col(text("min_review_amount"))
                .col(big("max_daily_count"))
                .col(text("daily_limit"))
                .col(at("created_at"))
                .col(at("updated_at"))
                .foreign_key(&mut merchant_fk("merchant_asset"))
                .foreign_key(
                    ForeignKey::create()
                        .from(Alias::new("merchant_asset"), Alias::new("token_id"))
                        .to(Alias::new("token"), Alias::new("id")),
                )
                .to_owned(),
        )
        .await?;
        index(
            m,
            "merchant_asset",
            "ux_merchant_asset_token",
            &["merchant_id", "token_id"],
            true,
        )
        .await?;
        m.create_table(
            table("token_request")
                .col(id())
                .col(big("merchant_id"))
                .col(big("asset_id"))
                // JSON [{address, ratio}] as requested (canonical addresses).
                .col(text("addresses"))
                // 0 awaiting review, 1 approved, 2 rejected.
                .col(int("apply_status"))
                .col(boolean("in_force"))
                .col(string("reason"))
                .col(big("requested_by"))
                .col(at("created_at"))
                .col(at_null("reviewed_at"))
                .foreign_key(&mut merchant_fk("token_request"))
                .foreign_key(&mut fk("token_request", "asset_id", "merchant_asset"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            table("cold_address")
                .col(id())
                .col(big("merchant_id"))
                .col(big("asset_id"))
                .col(string("address"))
                .col(string("ratio"))
                .col(big("request_id"))
                .col(at("created_at"))
                .foreign_key(&mut merchant_fk("cold_address"))
                .foreign_key(&mut fk("cold_address", "asset_id", "merchant_asset"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "cold_address",
            "ux_cold_address_asset",
            &["asset_id", "address"],
            true,
        )
        .await
    }
}
