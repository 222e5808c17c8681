//! The order lists' time index also holds the id: the transaction list (402) pages by keyset
//! on (created time, id) newest first, and with the id in the index a page deep in the list
//! reads only its own rows on PostgreSQL too (SQLite's index always ended with the row id).
//! It replaces the (merchant_id, created_at) indexes, which it covers.

use sea_orm_migration::prelude::*;

use super::schema::{drop_index, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// (table, the index replaced, the new one).
const ORDER_TABLES: [(&str, &str, &str); 2] = [
    (
        "deposit",
        "ix_deposit_merchant_time",
        "ix_deposit_merchant_time_id",
    ),
    (
        "withdrawal",
        "ix_withdrawal_merchant_time",
        "ix_withdrawal_merchant_time_id",
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (table, old, new) in ORDER_TABLES {
            index(m, table, new, &["merchant_id", "created_at", "id"], false).await?;
            drop_index(m, table, old).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (table, old, new) in ORDER_TABLES {
            index(m, table, old, &["merchant_id", "created_at"], false).await?;
            drop_index(m, table, new).await?;
        }
        Ok(())
    }
}
