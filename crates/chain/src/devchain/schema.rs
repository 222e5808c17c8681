//! The devchain's own tables, `devchain_block` and `devchain_tx`, and their migration history
//! (`devchain_migrations`, apart from the service's): the chain that reads and writes them
//! creates them, so the service's migrations know nothing of the devchain.
//!
//! Balances are not stored: they are derived from the successful transactions of the blocks in
//! `devchain_block` (every row there is canonical: a reorganisation deletes the replaced
//! blocks), so a reorganisation can never leave them inconsistent. Amounts and fees are decimal
//! strings of base units (up to 78 digits), summed in Rust, never in SQL.

use sea_orm::DatabaseConnection;
use sea_orm_migration::prelude::*;

/// Brings the devchain's tables up to date (idempotent; run by `Devchain::open`).
pub(crate) async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    Migrator::up(db, None).await
}

struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migration_table_name() -> DynIden {
        Alias::new("devchain_migrations").into_iden()
    }

    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![Box::new(CreateTables)]
    }
}

/// The tables as the service's migration m20261122_000006_devchain made them until the
/// devchain owned them. "If not exists": databases of that time have them already.
struct CreateTables;

impl MigrationName for CreateTables {
    fn name(&self) -> &str {
        "m20261122_000001_devchain_tables"
    }
}

fn col(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
}

/// A named foreign key from `(table, column)` to `(table, column)`.
fn reference(name: &str, from: (&str, &str), to: (&str, &str)) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(name)
        .from(Alias::new(from.0), Alias::new(from.1))
        .to(Alias::new(to.0), Alias::new(to.1))
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for CreateTables {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Alias::new("devchain_block"))
                .if_not_exists()
                // The height; the primary key makes two miners sharing one database unable to
                // both insert block N: the loser's insert fails and it retries on its next tick.
                .col(col("number").big_integer().not_null().primary_key())
                .col(col("hash").string().not_null().unique_key())
                // NULL for the genesis block only. The reference makes a miner that read a
                // head a concurrent reorganisation has since deleted fail instead of linking
                // its block to a vanished parent.
                .col(col("parent_hash").string().null())
                // Unix seconds.
                .col(col("timestamp").big_integer().not_null())
                // Random per block: a reorganised height gets another hash even with the same
                // parent, transactions and timestamp.
                .col(col("salt").string().not_null())
                .foreign_key(&mut reference(
                    "fk_devchain_block_parent",
                    ("devchain_block", "parent_hash"),
                    ("devchain_block", "hash"),
                ))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(Alias::new("devchain_tx"))
                .if_not_exists()
                // Arrival order: pending transactions are mined in this order.
                .col(col("id").big_integer().not_null().auto_increment().primary_key())
                .col(col("hash").string().not_null().unique_key())
                // EIP-55 addresses; the zero address for the operator's mints.
                .col(col("sender").string().not_null())
                .col(col("recipient").string().not_null())
                // "" for the native coin, else the token contract's EIP-55 address.
                .col(col("asset").string().not_null())
                .col(col("amount").text().not_null())
                .col(col("nonce").big_integer().not_null())
                .col(col("fee").text().not_null())
                // NULL while pending.
                .col(col("block_number").big_integer().null())
                .col(col("position").integer().null())
                // NULL while pending; false for a transaction included as failed.
                .col(col("success").boolean().null())
                .col(col("raw").text().not_null())
                .col(col("created_at").timestamp_with_time_zone().not_null())
                .foreign_key(&mut reference(
                    "fk_devchain_tx_block",
                    ("devchain_tx", "block_number"),
                    ("devchain_block", "number"),
                ))
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
                    .if_not_exists()
                    .name(name)
                    .table(Alias::new("devchain_tx"))
                    .col(Alias::new(column))
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}
