//! The devchain's tables belong to the service's migrations again. The devchain made them
//! itself when opened (with a history of its own, `devchain_migrations`), so two processes
//! starting together on a fresh database raced to create them; migrations run under the
//! startup lock (`Store::migrate_then`). Databases of the two earlier releases have the tables
//! (from m20261122_000006_devchain, or from the devchain): they are created only where missing,
//! in the same shape, and the devchain's history goes.
//!
//! `devchain_block.mined_at` is new: when the block was made, finer than its whole-second
//! timestamp, so that the miners of several processes make one block per interval in all.
//!
//! Balances are not stored: they are derived from the successful transactions of the blocks in
//! `devchain_block` (every row there is canonical: a reorganisation deletes the replaced
//! blocks), so a reorganisation can never leave them inconsistent. Amounts and fees are decimal
//! strings of base units (up to 78 digits), summed in Rust, never in SQL.

use sea_orm_migration::prelude::*;

use super::schema::{
    add_column, at, at_null, big, big_key, big_null, boolean_null, create_tables, drop_created_tables, id,
    int_null, string, string_null, table, text, unique_string, NewTable,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn tables() -> Vec<NewTable> {
    vec![
        table("devchain_block")
            // The height; the primary key makes two miners sharing one database unable to both
            // insert block N: the loser's insert fails and it retries on its next tick.
            .col(big_key("number"))
            .col(unique_string("hash"))
            // NULL for the genesis block only. The reference makes a miner that read a head a
            // concurrent reorganisation has since deleted fail instead of linking its block to
            // a vanished parent.
            .col(string_null("parent_hash"))
            // Unix seconds.
            .col(big("timestamp"))
            // Random per block: a reorganised height gets another hash even with the same
            // parent, transactions and timestamp.
            .col(string("salt"))
            .named_reference(
                "fk_devchain_block_parent",
                "parent_hash",
                "devchain_block",
                "hash",
            )
            .if_not_exists(),
        table("devchain_tx")
            // Arrival order: pending transactions are mined in this order.
            .col(id())
            .col(unique_string("hash"))
            // EIP-55 addresses; the zero address for the operator's mints.
            .col(string("sender"))
            .col(string("recipient"))
            // "" for the native coin, else the token contract's EIP-55 address.
            .col(string("asset"))
            .col(text("amount"))
            .col(big("nonce"))
            .col(text("fee"))
            // NULL while pending.
            .col(big_null("block_number"))
            .col(int_null("position"))
            // NULL while pending; false for a transaction included as failed.
            .col(boolean_null("success"))
            .col(text("raw"))
            .col(at("created_at"))
            .named_reference("fk_devchain_tx_block", "block_number", "devchain_block", "number")
            .index("ix_devchain_tx_block", &["block_number"])
            .index("ix_devchain_tx_sender", &["sender"])
            .index("ix_devchain_tx_recipient", &["recipient"])
            .if_not_exists(),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        create_tables(m, tables()).await?;
        // NULL for blocks made before: the next block is due at once.
        add_column(m, "devchain_block", at_null("mined_at")).await?;
        m.drop_table(
            Table::drop()
                .table(Alias::new("devchain_migrations"))
                .if_exists()
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_created_tables(m, tables()).await
    }
}
