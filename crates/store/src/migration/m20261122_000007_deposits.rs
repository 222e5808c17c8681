//! Deposits, the scan cursors and recent block hashes, the callback outbox and its attempts,
//! the platform RSA key. Amounts are TEXT (base units); never floats.

use sea_orm_migration::prelude::*;

use super::schema::{
    at, at_null, big, big_key, boolean, col, id, index, int, key, merchant_fk, string, table, text,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One row per chain: where the scanner goes on, and who holds the scanning lease.
        m.create_table(
            table("scan_cursor")
                .col(big_key("chain_id"))
                .col(big("next_block"))
                .col(string("lease_owner"))
                .col(at_null("lease_until"))
                .col(at("updated_at"))
                .to_owned(),
        )
        .await?;
        // Hashes of the blocks scanned recently: a new block's parent must match, else reorg.
        m.create_table(
            table("scanned_block")
                .col(big("chain_id"))
                .col(big("number"))
                .col(string("hash"))
                .col(string("parent_hash"))
                .col(at("scanned_at"))
                .primary_key(&mut key(&["chain_id", "number"]))
                .to_owned(),
        )
        .await?;
        m.create_table(
            table("deposit")
                .col(id())
                .col(big("merchant_id"))
                .col(big("chain_id"))
                // Null for the chain's native coin.
                .col(col("token_id").big_integer().null())
                .col(big("deposit_address_id"))
                .col(string("open_id"))
                .col(string("to_address"))
                .col(string("from_address"))
                .col(string("tx_hash"))
                .col(big("tx_index"))
                .col(text("amount"))
                .col(int("decimals"))
                .col(big("block_number"))
                .col(string("block_hash"))
                .col(int("required_confirmations"))
                .col(int("status"))
                .col(string("note"))
                .col(boolean("credited"))
                .col(string("order_no"))
                .col(int("callback_status"))
                .col(text("callback_result"))
                .col(int("notify_status"))
                .col(at("created_at"))
                .col(at_null("confirmed_at"))
                .col(at_null("void_at"))
                .col(at("updated_at"))
                .foreign_key(&mut merchant_fk("deposit"))
                .to_owned(),
        )
        .await?;
        // Exactly once: a transfer is one deposit, whatever re-scans or concurrent scanners do.
        index(
            m,
            "deposit",
            "ux_deposit_transfer",
            &["chain_id", "tx_hash", "tx_index"],
            true,
        )
        .await?;
        index(m, "deposit", "ux_deposit_order_no", &["order_no"], true).await?;
        index(
            m,
            "deposit",
            "ix_deposit_merchant_time",
            &["merchant_id", "created_at"],
            false,
        )
        .await?;
        index(
            m,
            "deposit",
            "ix_deposit_chain_status",
            &["chain_id", "status"],
            false,
        )
        .await?;
        m.create_table(
            table("callback_event")
                .col(id())
                .col(string("event_id"))
                .col(big("merchant_id"))
                .col(col("deposit_id").big_integer().null())
                .col(string("order_no"))
                .col(string("event"))
                // The exact bytes every attempt sends (and signs).
                .col(text("body"))
                // 0 in callback, 1 success, 2 failed.
                .col(int("status"))
                .col(int("attempts"))
                .col(at("next_attempt_at"))
                .col(string("lease_owner"))
                .col(at_null("lease_until"))
                .col(col("last_http_status").integer().null())
                .col(at("created_at"))
                .col(at_null("delivered_at"))
                .to_owned(),
        )
        .await?;
        index(m, "callback_event", "ux_callback_event_id", &["event_id"], true).await?;
        index(
            m,
            "callback_event",
            "ix_callback_event_due",
            &["status", "next_attempt_at"],
            false,
        )
        .await?;
        index(
            m,
            "callback_event",
            "ix_callback_event_merchant",
            &["merchant_id", "id"],
            false,
        )
        .await?;
        m.create_table(
            table("callback_attempt")
                .col(id())
                .col(string("event_id"))
                .col(big("merchant_id"))
                .col(text("url"))
                .col(col("http_status").integer().null())
                .col(big("latency_ms"))
                .col(text("response"))
                .col(text("error"))
                .col(boolean("success"))
                .col(at("created_at"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "callback_attempt",
            "ix_callback_attempt_event",
            &["event_id"],
            false,
        )
        .await?;
        m.create_table(
            table("platform_key")
                .col(big_key("id"))
                // The key id merchants see in X-Coffer-Key-Id (the platform key can rotate).
                .col(string("kid"))
                .col(text("sealed_private"))
                .col(text("public_pem"))
                .col(boolean("active"))
                .col(at("created_at"))
                .to_owned(),
        )
        .await
    }
}
