//! Monthly bills (`repos/bills.rs`, issue 29).
//!
//! - `bill`: one per merchant and period (the month in the billing zone, stored on the bill as
//!   whole hours east of UTC), its amount and what accepted payments paid of it, in points base
//!   units; the unique key makes issuing a period again find the bill there is.
//! - `bill_line`: the bill's items (service, the rate row and its terms as they were, count,
//!   volume, amount); they add up to the bill's amount.
//! - `bill_payment`: each "I have paid" (chain, transaction hash) and what the check made of it.
//!   `live_hash` is the hash while the payment is being checked or once it is accepted, NULL
//!   once refused: the unique key keeps one transaction on one bill at most, and a refused
//!   hash may be named again.
//! - `point_transfer.volume`, `volume_symbol`: what a fee was charged on (a decimal amount of
//!   the token), for the bill's lines.

use sea_orm_migration::prelude::*;

use super::schema::{
    add_columns, at, at_null, big, big_null, create_tables, drop_columns, drop_created_tables, int, string,
    string_null, table, NewTable,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn tables() -> Vec<NewTable> {
    vec![
        table("bill")
            .owned_by_merchant()
            .col(string("period"))
            .col(at("period_start"))
            .col(at("period_end"))
            .col(int("time_zone"))
            .col(big("amount"))
            .col(big("paid"))
            // 1 to be paid, 2 confirming, 3 has paid.
            .col(int("status"))
            .col(string_null("reason"))
            .col(at("issued_at"))
            .col(at_null("paid_at"))
            .col(at("updated_at"))
            .unique("ux_bill_period", &["merchant_id", "period"])
            .index("ix_bill_status", &["status"]),
        table("bill_line")
            .owned_by_merchant()
            .col(big("bill_id"))
            .col(int("service"))
            .col(big_null("rate_id"))
            .col(string("rate_text"))
            .col(big("charges"))
            .col(string_null("volume"))
            .col(big("amount"))
            .restricts("bill_id", "bill")
            .index("ix_bill_line_bill", &["bill_id"]),
        table("bill_payment")
            .owned_by_merchant()
            .col(big("bill_id"))
            .col(big("chain_id"))
            .col(string("tx_hash"))
            .col(string_null("live_hash"))
            // 1 confirming, 2 accepted, 3 not accepted.
            .col(int("status"))
            .col(big_null("amount"))
            .col(big_null("counted"))
            .col(string_null("reason"))
            .col(big_null("submitted_by"))
            .col(at("submitted_at"))
            .col(at("next_check_at"))
            .col(at_null("resolved_at"))
            .restricts("bill_id", "bill")
            .unique("ux_bill_payment_hash", &["chain_id", "live_hash"])
            .index("ix_bill_payment_bill", &["bill_id"])
            .index("ix_bill_payment_check", &["status", "next_check_at"]),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        create_tables(m, tables()).await?;
        add_columns(
            m,
            "point_transfer",
            [string_null("volume"), string_null("volume_symbol")],
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_columns(m, "point_transfer", &["volume", "volume_symbol"]).await?;
        drop_created_tables(m, tables()).await
    }
}
