//! Withdrawals and their reviews, the hot wallets' signing lease, withdrawal callbacks in the
//! outbox and the merchant's risk-control address. Amounts are TEXT (base units).

use sea_orm_migration::prelude::*;

use super::schema::{
    add_column, at, at_null, big, boolean, col, id, index, int, merchant_fk, string, table, text,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            table("withdrawal")
                .col(id())
                .col(big("merchant_id"))
                .col(string("order_no"))
                // Null when the request named none; unique per merchant otherwise (idempotency).
                .col(col("merchant_order_no").string().null())
                .col(int("source"))
                .col(string("open_id"))
                .col(string("security_code"))
                .col(big("chain_id"))
                .col(col("token_id").big_integer().null())
                .col(int("decimals"))
                .col(col("requested_from").string().null())
                .col(string("from_address"))
                .col(string("to_address"))
                .col(text("amount"))
                .col(text("actual_amount"))
                .col(col("fee").text().null())
                .col(string("tx_hash"))
                // Stored before the first broadcast: a crash re-sends this, never a new one.
                .col(text("signed_raw"))
                .col(col("nonce").big_integer().null())
                .col(col("block_number").big_integer().null())
                .col(int("required_confirmations"))
                .col(int("status"))
                .col(boolean("review_required"))
                .col(text("risk_reasons"))
                .col(text("reason"))
                .col(text("remark"))
                .col(col("created_by").big_integer().null())
                .col(string("created_by_email"))
                .col(string("reviewer_email"))
                .col(at_null("reviewed_at"))
                .col(at_null("approved_at"))
                .col(at_null("broadcast_at"))
                .col(at_null("completed_at"))
                .col(at("next_attempt_at"))
                .col(string("lease_owner"))
                .col(at_null("lease_until"))
                .col(int("callback_status"))
                .col(text("callback_result"))
                .col(int("notify_status"))
                .col(at("created_at"))
                .col(at("updated_at"))
                .foreign_key(&mut merchant_fk("withdrawal"))
                .to_owned(),
        )
        .await?;
        index(m, "withdrawal", "ux_withdrawal_order_no", &["order_no"], true).await?;
        index(
            m,
            "withdrawal",
            "ux_withdrawal_merchant_order",
            &["merchant_id", "merchant_order_no"],
            true,
        )
        .await?;
        index(
            m,
            "withdrawal",
            "ix_withdrawal_merchant_time",
            &["merchant_id", "created_at"],
            false,
        )
        .await?;
        index(
            m,
            "withdrawal",
            "ix_withdrawal_due",
            &["status", "next_attempt_at"],
            false,
        )
        .await?;
        index(
            m,
            "withdrawal",
            "ix_withdrawal_hash",
            &["chain_id", "tx_hash"],
            false,
        )
        .await?;
        m.create_table(
            table("withdrawal_review")
                .col(id())
                .col(big("withdrawal_id"))
                .col(big("merchant_id"))
                .col(int("action"))
                .col(col("reviewer").big_integer().null())
                .col(string("reviewer_email"))
                .col(text("reason"))
                .col(at("created_at"))
                .foreign_key(&mut merchant_fk("withdrawal_review"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "withdrawal_review",
            "ix_withdrawal_review_withdrawal",
            &["withdrawal_id"],
            false,
        )
        .await?;
        // One signer per hot wallet at a time.
        add_column(
            m,
            "hot_wallet",
            col("lease_owner").string().not_null().default("").to_owned(),
        )
        .await?;
        add_column(m, "hot_wallet", at_null("lease_until")).await?;
        add_column(
            m,
            "callback_event",
            col("withdrawal_id").big_integer().null().to_owned(),
        )
        .await?;
        add_column(
            m,
            "merchant_api_setting",
            col("risk_url").text().null().to_owned(),
        )
        .await
    }
}
