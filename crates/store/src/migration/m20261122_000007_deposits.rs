//! Deposits, the scan cursors and recent block hashes, the callback outbox and its attempts,
//! the platform RSA key. Amounts are TEXT (base units); never floats.

use sea_orm_migration::prelude::*;

use super::schema::{
    at, at_null, big, big_key, big_null, boolean, create_tables, id, int, int_null, lease,
    order_callback_state, string, table, text, NewTable,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        create_tables(m, tables()).await
    }
}

/// The tables this migration creates, in order.
fn tables() -> [NewTable; 6] {
    [
        // One row per chain: where the scanner goes on, and who holds the scanning lease.
        table("scan_cursor")
            .col(big_key("chain_id"))
            .col(big("next_block"))
            .cols(lease())
            .col(at("updated_at")),
        // Hashes of the blocks scanned recently: a new block's parent must match, else reorg.
        table("scanned_block")
            .col(big("chain_id"))
            .col(big("number"))
            .col(string("hash"))
            .col(string("parent_hash"))
            .col(at("scanned_at"))
            .primary_key(&["chain_id", "number"]),
        table("deposit")
            .owned_by_merchant()
            .col(big("chain_id"))
            // Null for the chain's native coin.
            .col(big_null("token_id"))
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
            .cols(order_callback_state())
            .col(at("created_at"))
            .col(at_null("confirmed_at"))
            .col(at_null("void_at"))
            .col(at("updated_at"))
            // Exactly once: a transfer is one deposit, whatever re-scans or concurrent scanners do.
            .unique("ux_deposit_transfer", &["chain_id", "tx_hash", "tx_index"])
            .unique("ux_deposit_order_no", &["order_no"])
            .index("ix_deposit_merchant_time", &["merchant_id", "created_at"])
            .index("ix_deposit_chain_status", &["chain_id", "status"]),
        table("callback_event")
            .col(id())
            .col(string("event_id"))
            .col(big("merchant_id"))
            .col(big_null("deposit_id"))
            .col(string("order_no"))
            .col(string("event"))
            // The exact bytes every attempt sends (and signs).
            .col(text("body"))
            // 0 in callback, 1 success, 2 failed.
            .col(int("status"))
            .col(int("attempts"))
            .col(at("next_attempt_at"))
            .cols(lease())
            .col(int_null("last_http_status"))
            .col(at("created_at"))
            .col(at_null("delivered_at"))
            .unique("ux_callback_event_id", &["event_id"])
            .index("ix_callback_event_due", &["status", "next_attempt_at"])
            .index("ix_callback_event_merchant", &["merchant_id", "id"]),
        table("callback_attempt")
            .col(id())
            .col(string("event_id"))
            .col(big("merchant_id"))
            .col(text("url"))
            .col(int_null("http_status"))
            .col(big("latency_ms"))
            .col(text("response"))
            .col(text("error"))
            .col(boolean("success"))
            .col(at("created_at"))
            .index("ix_callback_attempt_event", &["event_id"]),
        table("platform_key")
            .col(big_key("id"))
            // The key id merchants see in X-Coffer-Key-Id (the platform key can rotate).
            .col(string("kid"))
            .col(text("sealed_private"))
            .col(text("public_pem"))
            .col(boolean("active"))
            .col(at("created_at")),
    ]
}
