//! Withdrawals and their reviews, the hot wallets' signing lease, withdrawal callbacks in the
//! outbox and the merchant's risk-control address. Amounts are TEXT (base units).

use sea_orm_migration::prelude::*;

use super::schema::{add_column, at, at_null, col, id, index, merchant_fk};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261122_000009_withdrawals"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Alias::new("withdrawal"))
                .col(id())
                .col(col("merchant_id").big_integer().not_null())
                .col(col("order_no").string().not_null())
                // Null when the request named none; unique per merchant otherwise (idempotency).
                .col(col("merchant_order_no").string().null())
                .col(col("source").integer().not_null())
                .col(col("open_id").string().not_null())
                .col(col("security_code").string().not_null())
                .col(col("chain_id").big_integer().not_null())
                .col(col("token_id").big_integer().null())
                .col(col("decimals").integer().not_null())
                .col(col("requested_from").string().null())
                .col(col("from_address").string().not_null())
                .col(col("to_address").string().not_null())
                .col(col("amount").text().not_null())
                .col(col("actual_amount").text().not_null())
                .col(col("fee").text().null())
                .col(col("tx_hash").string().not_null())
                // Stored before the first broadcast: a crash re-sends this, never a new one.
                .col(col("signed_raw").text().not_null())
                .col(col("nonce").big_integer().null())
                .col(col("block_number").big_integer().null())
                .col(col("required_confirmations").integer().not_null())
                .col(col("status").integer().not_null())
                .col(col("review_required").boolean().not_null())
                .col(col("risk_reasons").text().not_null())
                .col(col("reason").text().not_null())
                .col(col("remark").text().not_null())
                .col(col("created_by").big_integer().null())
                .col(col("created_by_email").string().not_null())
                .col(col("reviewer_email").string().not_null())
                .col(at_null("reviewed_at"))
                .col(at_null("approved_at"))
                .col(at_null("broadcast_at"))
                .col(at_null("completed_at"))
                .col(at("next_attempt_at"))
                .col(col("lease_owner").string().not_null())
                .col(at_null("lease_until"))
                .col(col("callback_status").integer().not_null())
                .col(col("callback_result").text().not_null())
                .col(col("notify_status").integer().not_null())
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
            Table::create()
                .table(Alias::new("withdrawal_review"))
                .col(id())
                .col(col("withdrawal_id").big_integer().not_null())
                .col(col("merchant_id").big_integer().not_null())
                .col(col("action").integer().not_null())
                .col(col("reviewer").big_integer().null())
                .col(col("reviewer_email").string().not_null())
                .col(col("reason").text().not_null())
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
