//! The heartbeat renews every lease a live process holds, a few times a lease, with one update
//! per leased table on (lease owner, lease until): an index on them keeps that a lookup of the
//! few rows leased now, however many orders, events or collections a table holds.

use sea_orm_migration::prelude::*;

use super::schema::{drop_index, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The leased tables (`repos/query.rs`'s `Leased`).
const LEASED: [&str; 6] = [
    "scan_cursor",
    "withdrawal",
    "hot_wallet",
    "collection",
    "callback_event",
    "balance_reading",
];

fn name(table: &str) -> String {
    format!("ix_{table}_lease")
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in LEASED {
            index(m, table, &name(table), &["lease_owner", "lease_until"], false).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in LEASED {
            drop_index(m, table, &name(table)).await?;
        }
        Ok(())
    }
}
