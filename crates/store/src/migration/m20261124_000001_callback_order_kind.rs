//! The outbox names an event's order by one pair, `order_kind` ('deposit', 'withdrawal': a
//! stable name, readable in the database without a lookup table) and `order_id`, instead of one
//! column per kind (`deposit_id`, `withdrawal_id`): a new kind of order needs no schema change.
//! Both stay NULL for a row that names no order, as before.

use sea_orm_migration::prelude::*;

use super::schema::{add_column, col, drop_column, drop_index, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLE: &str = "callback_event";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_column(m, TABLE, col("order_kind").string().null().to_owned()).await?;
        add_column(m, TABLE, col("order_id").big_integer().null().to_owned()).await?;
        // A row naming both kinds was read as a deposit; it stays one.
        m.get_connection()
            .execute_unprepared(
                "UPDATE callback_event SET order_kind = 'deposit', order_id = deposit_id \
                 WHERE deposit_id IS NOT NULL",
            )
            .await?;
        m.get_connection()
            .execute_unprepared(
                "UPDATE callback_event SET order_kind = 'withdrawal', order_id = withdrawal_id \
                 WHERE deposit_id IS NULL AND withdrawal_id IS NOT NULL",
            )
            .await?;
        // The latest event of an order (the callback log, manual re-push).
        index(
            m,
            TABLE,
            "ix_callback_event_order",
            &["order_kind", "order_id", "id"],
            false,
        )
        .await?;
        // No index uses the old columns, so SQLite can drop them too.
        drop_column(m, TABLE, "deposit_id").await?;
        drop_column(m, TABLE, "withdrawal_id").await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_column(m, TABLE, col("deposit_id").big_integer().null().to_owned()).await?;
        add_column(m, TABLE, col("withdrawal_id").big_integer().null().to_owned()).await?;
        m.get_connection()
            .execute_unprepared(
                "UPDATE callback_event SET deposit_id = order_id WHERE order_kind = 'deposit'",
            )
            .await?;
        m.get_connection()
            .execute_unprepared(
                "UPDATE callback_event SET withdrawal_id = order_id WHERE order_kind = 'withdrawal'",
            )
            .await?;
        drop_index(m, TABLE, "ix_callback_event_order").await?;
        drop_column(m, TABLE, "order_kind").await?;
        drop_column(m, TABLE, "order_id").await
    }
}
