//! Collection's sweep executor (issue 15).
//!
//! - `collection_step`: every on-chain step of a collection (fee top-up, activation, sweep
//!   part) as its signed transaction, stored before it is broadcast, in the states signed,
//!   broadcast, seen, confirmed and dead. `nonce_key` is "chain:sender:nonce" while the step
//!   is live and NULL once dead: the unique index keeps two live transactions of one sender
//!   from sharing a nonce (two signers racing for one address: the second store fails).
//! - `collection_fee`: per merchant and chain, the hot wallet top-ups come from and the most a
//!   sweep may cost (decimal base units of the native coin; NULL: no cap).
//! - `cold_collected`: per asset and cold address, what confirmed sweeps sent it (a small sweep
//!   goes to the address furthest below its share of this).
//! - `collection.attributed`: of the amount swept, what deposits account for (added to the
//!   pair's collected once the sweep is confirmed).

use sea_orm_migration::prelude::*;

use super::schema::{
    add_column, at, at_null, big, big_null, create_tables, drop_column, drop_created_tables, int, string,
    string_null, table, text, text_null, NewTable,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn tables() -> Vec<NewTable> {
    vec![
        table("collection_step")
            .owned_by_merchant()
            .col(big("collection_id"))
            .col(big("chain_id"))
            // 1 top-up, 2 activation, 3 sweep part.
            .col(int("kind"))
            .col(int("part"))
            .col(string("from_address"))
            .col(string("to_address"))
            .col(big("token_id"))
            .col(text("amount"))
            .col(text("fee_estimated"))
            .col(text_null("fee_paid"))
            .col(string("tx_hash"))
            .col(text("signed_raw"))
            .col(big_null("nonce"))
            .col(string_null("nonce_key"))
            // 1 signed, 2 broadcast, 3 seen, 4 confirmed, 5 dead.
            .col(int("state"))
            .col(big_null("block_number"))
            .col(string("reason"))
            .col(at("created_at"))
            .col(at("updated_at"))
            .col(at_null("broadcast_at"))
            .col(at_null("confirmed_at"))
            .unique("ux_collection_step_nonce", &["nonce_key"])
            .index("ix_collection_step_collection", &["collection_id"])
            .index(
                "ix_collection_step_sender",
                &["chain_id", "from_address", "state"],
            )
            .index("ix_collection_step_hash", &["tx_hash"]),
        table("collection_fee")
            .owned_by_merchant()
            .col(big("chain_id"))
            .col(big_null("fee_wallet_id"))
            .col(text_null("max_fee"))
            .col(at("updated_at"))
            .unique("ux_collection_fee_chain", &["merchant_id", "chain_id"]),
        table("cold_collected")
            .owned_by_merchant()
            .col(big("asset_id"))
            .col(string("address"))
            .col(text("collected"))
            .col(at("updated_at"))
            .unique("ux_cold_collected", &["asset_id", "address"]),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        create_tables(m, tables()).await?;
        add_column(m, "collection", text_null("attributed")).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_column(m, "collection", "attributed").await?;
        drop_created_tables(m, tables()).await
    }
}
