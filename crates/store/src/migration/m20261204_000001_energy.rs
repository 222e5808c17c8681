//! TRON energy (`repos/energy.rs`, issue 30).
//!
//! - `energy_account`: the platform's energy account on each TRON chain (the platform merchant's
//!   key m/44'/195'/2'/0/0), saved once so every address check knows it; one per chain.
//! - `energy_tx`: every transaction the account signs (stake, unstake, withdraw, delegate,
//!   undelegate, activate), stored before it is broadcast. `state`: 0 signed, 1 sent, 2 done,
//!   3 failed.
//! - `energy_quote`: a price the merchant was shown (`estimatePrice`), valid 30 seconds, used by
//!   one order at most (`order_id`).
//! - `energy_order`: what a merchant bought for a receiving address (times, days, max daily
//!   uses), the TRX points held for it, the uses counted (in all, and on the merchant's current
//!   day), its status; leased by the supply round while one node works on it.
//! - `energy_delegation`: the delegation ledger: each delegation of the pool's stake, recorded
//!   before its transaction is broadcast, verified on chain before a use is counted, and taken
//!   back once no longer owed. One row per (order, use, attempt).

use sea_orm_migration::prelude::*;

use super::schema::{
    at, at_null, big, big_key, big_null, boolean, int, lease, string, string_null, table, tables_migration,
    text,
};

tables_migration![
    table("energy_account")
        .owned_by_merchant()
        .col(big("chain_id"))
        .col(string("address"))
        .col(string("path"))
        .col(at("created_at"))
        .unique("ux_energy_account_chain", &["chain_id"])
        .index("ix_energy_account_address", &["chain_id", "address"]),
    table("energy_tx")
        .col(super::schema::id())
        .col(big("chain_id"))
        .col(string("owner"))
        .col(int("kind"))
        .col(int("resource"))
        .col(string("receiver"))
        .col(big("amount_sun"))
        .col(string("hash"))
        .col(text("raw"))
        .col(int("state"))
        .col(big_null("block"))
        .col(text("reason"))
        .col(at("created_at"))
        .col(at("updated_at"))
        .unique("ux_energy_tx_hash", &["chain_id", "hash"])
        .index("ix_energy_tx_state", &["state", "id"])
        .index("ix_energy_tx_chain", &["chain_id", "id"]),
    table("energy_quote")
        .owned_by_merchant()
        .col(string("token"))
        .col(big("chain_id"))
        .col(string("receiver"))
        .col(big("times"))
        .col(big("days"))
        .col(big("max_daily"))
        .col(big("energy_per_use"))
        .col(big("min_use_energy"))
        .col(big("price_per_use"))
        .col(boolean("activate"))
        .col(big("activation_points"))
        .col(big("total_points"))
        .col(big("energy_price"))
        .col(big_null("order_id"))
        .col(at("created_at"))
        .col(at("expires_at"))
        .unique("ux_energy_quote_token", &["token"])
        .unique("ux_energy_quote_order", &["order_id"]),
    // Its id is its quote's: an order per quote, and the TRX points held under that key.
    table("energy_order")
        .col(big_key("id"))
        .col(big("merchant_id"))
        .references("merchant_id", "merchant")
        .col(big("chain_id"))
        .col(string("receiver"))
        .col(big("times"))
        .col(big("days"))
        .col(big("max_daily"))
        .col(big("energy_per_use"))
        .col(big("min_use_energy"))
        .col(big("price_per_use"))
        .col(boolean("activate"))
        .col(big("activation_points"))
        .col(big("total_points"))
        .col(big("used"))
        .col(string("day"))
        .col(big("day_uses"))
        // 1 waiting processing, 2 processing, 3 successful, 4 failed, 5 invalid.
        .col(int("status"))
        .col(text("reason"))
        .col(big("charged_points"))
        .col(big("failures"))
        .col(big_null("created_by"))
        .col(at("created_at"))
        .col(at("ends_at"))
        .col(at_null("ended_at"))
        .col(at("next_at"))
        .col(at("updated_at"))
        .cols(lease())
        .index("ix_energy_order_merchant", &["merchant_id", "id"])
        .index("ix_energy_order_due", &["status", "next_at"]),
    // order_id NULL: an orphan the janitor found on chain (NULLs never clash in the unique key).
    table("energy_delegation")
        .owned_by_merchant()
        .col(big_null("order_id"))
        .col(big("use_no"))
        .col(big("attempt"))
        .col(big("chain_id"))
        .col(string("owner"))
        .col(string("receiver"))
        .col(big("amount_sun"))
        .col(big("energy"))
        // 1 delegating, 2 delegated, 3 reclaim due, 4 reclaiming, 5 reclaimed, 6 failed.
        .col(int("state"))
        .col(big_null("delegate_tx"))
        .col(big_null("undelegate_tx"))
        .col(string_null("provider_ref"))
        .col(big("baseline_used"))
        .col(at_null("verified_at"))
        .col(at_null("used_at"))
        .col(at("reclaim_after"))
        .col(text("reason"))
        .col(at("created_at"))
        .col(at("updated_at"))
        .unique("ux_energy_delegation_use", &["order_id", "use_no", "attempt"])
        .index("ix_energy_delegation_state", &["state", "reclaim_after"])
        .index(
            "ix_energy_delegation_receiver",
            &["chain_id", "owner", "receiver"]
        )
        .index("ix_energy_delegation_used", &["merchant_id", "used_at"]),
];
