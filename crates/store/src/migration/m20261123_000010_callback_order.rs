//! Callback order and reasons: each event carries its place in its order's events
//! (`seq`, unique per order so two writers cannot take the same number) and each attempt a
//! stable failure reason code.

use sea_orm_migration::prelude::*;

use super::schema::{add_column, col, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let seq = col("seq").big_integer().not_null().default(0).to_owned();
        add_column(m, "callback_event", seq).await?;
        // Events written before: numbered in the order they were made, per order.
        m.get_connection()
            .execute_unprepared(
                "UPDATE callback_event SET seq = (SELECT COUNT(*) FROM callback_event e \
                 WHERE e.merchant_id = callback_event.merchant_id \
                 AND e.order_no = callback_event.order_no AND e.id <= callback_event.id)",
            )
            .await?;
        let order_seq = ["merchant_id", "order_no", "seq"];
        index(
            m,
            "callback_event",
            "ux_callback_event_order_seq",
            &order_seq,
            true,
        )
        .await?;
        let reason = col("reason").string().not_null().default("").to_owned();
        add_column(m, "callback_attempt", reason).await
    }
}
