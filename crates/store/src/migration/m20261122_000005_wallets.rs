//! Merchant seeds, the master key check, deposit addresses, hot wallets, assets, cold addresses
//! and token requests. Amounts and ratios are decimal strings (TEXT): never floats.

use sea_orm_migration::prelude::*;

use super::schema::{
    add_column, at, at_null, big, big_key, boolean, col, create_tables, int, string, table, text, NewTable,
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
        create_tables(m, tables()).await
    }
}

/// The tables this migration creates, in order.
fn tables() -> [NewTable; 8] {
    [
        // A known text sealed under the master key: a wrong key fails to open it at start.
        table("key_check")
            .col(col("id").integer().not_null().primary_key().to_owned())
            .col(text("sealed"))
            .col(at("created_at")),
        table("merchant_seed")
            .col(big_key("merchant_id"))
            .col(text("sealed"))
            .col(boolean("imported"))
            .col(at("created_at"))
            .references("merchant_id", "merchant"),
        // Next BIP44 index per merchant, coin family and purpose: indexes are never handed out twice.
        table("key_counter")
            .col(big("merchant_id"))
            .col(string("family"))
            .col(int("purpose"))
            .col(big("next_index"))
            .primary_key(&["merchant_id", "family", "purpose"])
            .references("merchant_id", "merchant"),
        table("deposit_address")
            .owned_by_merchant()
            .col(big("chain_id"))
            .col(string("open_id"))
            .col(string("address"))
            .col(big("key_index"))
            .col(string("remark"))
            .col(at("created_at"))
            .unique("ux_deposit_address_user", &["merchant_id", "chain_id", "open_id"])
            .unique("ux_deposit_address_address", &["chain_id", "address"]),
        table("hot_wallet")
            .owned_by_merchant()
            .col(big("chain_id"))
            .col(string("address"))
            .col(big("key_index"))
            // 0 normal, 1 paused.
            .col(int("status"))
            .col(string("remark"))
            .col(at("created_at"))
            .unique("ux_hot_wallet_address", &["chain_id", "address"]),
        table("merchant_asset")
            .owned_by_merchant()
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
            .restricts("token_id", "token")
            .unique("ux_merchant_asset_token", &["merchant_id", "token_id"]),
        table("token_request")
            .owned_by_merchant()
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
            .references("asset_id", "merchant_asset"),
        table("cold_address")
            .owned_by_merchant()
            .col(big("asset_id"))
            .col(string("address"))
            .col(string("ratio"))
            .col(big("request_id"))
            .col(at("created_at"))
            .references("asset_id", "merchant_asset")
            .unique("ux_cold_address_asset", &["asset_id", "address"]),
    ]
}
