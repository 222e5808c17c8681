//! The embedded simulated chain's blocks, transactions and balances.
//!
//! Balances are not stored: the chain crate derives them from the successful transactions of
//! the blocks in `devchain_block` (every row there is canonical: a reorganisation deletes the
//! replaced blocks), so a reorganisation can never leave them inconsistent. Amounts and fees
//! are decimal strings of base units (up to 78 digits), summed in Rust, never in SQL.

use sea_orm_migration::prelude::*;

use super::schema::{at, big, big_key, col, id, string, table, text};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            table("devchain_block")
                // The height; the primary key makes two miners sharing one database unable to
                // both insert block N: the loser's insert fails and it retries on its next tick.
                .col(big_key("number"))
                .col(col("hash").string().not_null().unique_key())
                // NULL for the genesis block only. The reference makes a miner that read a
                // head a concurrent reorganisation has since deleted fail instead of linking
                // its block to a vanished parent.
                .col(col("parent_hash").string().null())
                // Unix seconds.
                .col(big("timestamp"))
                // Random per block: a reorganised height gets another hash even with the same
                // parent, transactions and timestamp.
                .col(string("salt"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_devchain_block_parent")
                        .from(Alias::new("devchain_block"), Alias::new("parent_hash"))
                        .to(Alias::new("devchain_block"), Alias::new("hash")),
                )
                .to_owned(),
        )
        .await?;
        m.create_table(
            table("devchain_tx")
                // Arrival order: pending transactions are mined in this order.
                .col(id())
                .col(col("hash").string().not_null().unique_key())
                // EIP-55 addresses; the zero address for the operator's mints.
                .col(string("sender"))
                .col(string("recipient"))
                // "" for the native coin, else the token contract's EIP-55 address.
                .col(string("asset"))
                .col(text("amount"))
                .col(big("nonce"))
                .col(text("fee"))
                // NULL while pending.
                .col(col("block_number").big_integer().null())
                .col(col("position").integer().null())
                // NULL while pending; false for a transaction included as failed.
                .col(col("success").boolean().null())
                .col(text("raw"))
                .col(at("created_at"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_devchain_tx_block")
                        .from(Alias::new("devchain_tx"), Alias::new("block_number"))
                        .to(Alias::new("devchain_block"), Alias::new("number")),
                )
                .to_owned(),
        )
        .await?;
        for (name, column) in [
            ("ix_devchain_tx_block", "block_number"),
            ("ix_devchain_tx_sender", "sender"),
            ("ix_devchain_tx_recipient", "recipient"),
        ] {
            m.create_index(
                Index::create()
                    .name(name)
                    .table(Alias::new("devchain_tx"))
                    .col(Alias::new(column))
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Alias::new("devchain_tx")).to_owned())
            .await?;
        m.drop_table(Table::drop().table(Alias::new("devchain_block")).to_owned())
            .await
    }
}
