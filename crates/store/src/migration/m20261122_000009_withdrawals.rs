//! Withdrawals and their reviews, the hot wallets' signing lease, withdrawal callbacks in the
//! outbox and the merchant's risk-control address. Amounts are TEXT (base units).

use sea_orm_migration::prelude::*;

use super::schema::{
    add_column, add_columns, at, at_null, big, big_null, boolean, col, create_tables, id, int, lease,
    order_callback_state, string, string_null, table, text, text_null, NewTable,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        create_tables(m, tables()).await?;
        // One signer per hot wallet at a time.
        let hot_wallet_lease = [
            col("lease_owner").string().not_null().default("").to_owned(),
            at_null("lease_until"),
        ];
        add_columns(m, "hot_wallet", hot_wallet_lease).await?;
        add_column(m, "callback_event", big_null("withdrawal_id")).await?;
        add_column(m, "merchant_api_setting", text_null("risk_url")).await
    }
}

/// The tables this migration creates, in order.
fn tables() -> [NewTable; 2] {
    [
        table("withdrawal")
            .owned_by_merchant()
            .col(string("order_no"))
            // Null when the request named none; unique per merchant otherwise (idempotency).
            .col(string_null("merchant_order_no"))
            .col(int("source"))
            .col(string("open_id"))
            .col(string("security_code"))
            .col(big("chain_id"))
            .col(big_null("token_id"))
            .col(int("decimals"))
            .col(string_null("requested_from"))
            .col(string("from_address"))
            .col(string("to_address"))
            .col(text("amount"))
            .col(text("actual_amount"))
            .col(text_null("fee"))
            .col(string("tx_hash"))
            // Stored before the first broadcast: a crash re-sends this, never a new one.
            .col(text("signed_raw"))
            .col(big_null("nonce"))
            .col(big_null("block_number"))
            .col(int("required_confirmations"))
            .col(int("status"))
            .col(boolean("review_required"))
            .col(text("risk_reasons"))
            .col(text("reason"))
            .col(text("remark"))
            .col(big_null("created_by"))
            .col(string("created_by_email"))
            .col(string("reviewer_email"))
            .col(at_null("reviewed_at"))
            .col(at_null("approved_at"))
            .col(at_null("broadcast_at"))
            .col(at_null("completed_at"))
            .col(at("next_attempt_at"))
            .cols(lease())
            .cols(order_callback_state())
            .col(at("created_at"))
            .col(at("updated_at"))
            .unique("ux_withdrawal_order_no", &["order_no"])
            .unique(
                "ux_withdrawal_merchant_order",
                &["merchant_id", "merchant_order_no"],
            )
            .index("ix_withdrawal_merchant_time", &["merchant_id", "created_at"])
            .index("ix_withdrawal_due", &["status", "next_attempt_at"])
            .index("ix_withdrawal_hash", &["chain_id", "tx_hash"]),
        table("withdrawal_review")
            .col(id())
            .col(big("withdrawal_id"))
            .col(big("merchant_id"))
            .col(int("action"))
            .col(big_null("reviewer"))
            .col(string("reviewer_email"))
            .col(text("reason"))
            .col(at("created_at"))
            .references("merchant_id", "merchant")
            .index("ix_withdrawal_review_withdrawal", &["withdrawal_id"]),
    ]
}
