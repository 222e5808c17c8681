//! Collection (issue 15): what each deposit address holds for collection, the sweeps and the
//! runs that open them.
//!
//! - `collectable`: per deposit address and token, the sum of its credited deposits and of what
//!   collections took from it, kept in the transaction of every deposit change. `waiting_key`
//!   is credited minus collected (never below zero) as 78 zero-padded digits (the width of the
//!   largest 256-bit number), so the planner compares it with a minimum in SQL, on an index, on
//!   every database: it reads only the pairs that are due, never every address.
//! - `collection_run`: one row per run; a scheduled run's (asset, slot) is unique, so of two
//!   processes planning the same slot one plans and the other finds it taken. Manual runs and
//!   runs on deposit have no slot (NULL is never equal to NULL in a unique index).
//! - `collection`: one sweep of one (address, token), in the states of `collection/state.rs`.
//!   `open_key` is its `collectable` row's id while it is open and NULL once it is closed: the
//!   unique index allows at most one open collection per pair.

use sea_orm_migration::prelude::*;

use super::schema::{
    at, at_null, big, big_null, int, lease, string, table, tables_migration, text, text_null,
};

tables_migration![
    table("collectable")
        .owned_by_merchant()
        .col(big("deposit_address_id"))
        // The deposit address's own (it never changes): a run reads no other table.
        .col(string("address"))
        .col(big("chain_id"))
        .col(big("token_id"))
        .col(int("decimals"))
        // Decimal strings of base units.
        .col(text("credited"))
        .col(text("collected"))
        .col(string("waiting_key"))
        .col(at("updated_at"))
        .unique("ux_collectable_pair", &["deposit_address_id", "token_id"])
        .index(
            "ix_collectable_waiting",
            &["merchant_id", "chain_id", "token_id", "waiting_key"],
        ),
    table("collection_run")
        .owned_by_merchant()
        .col(big("asset_id"))
        // 1 scheduled, 2 on deposit, 3 manual.
        .col(int("trigger"))
        .col(at_null("slot"))
        .col(big("planned"))
        .col(big_null("created_by"))
        .col(at("created_at"))
        .unique("ux_collection_run_slot", &["asset_id", "slot"])
        .index("ix_collection_run_merchant", &["merchant_id", "created_at"]),
    table("collection")
        .owned_by_merchant()
        .col(big("asset_id"))
        .col(big_null("run_id"))
        .col(int("trigger"))
        .col(big("chain_id"))
        .col(big("token_id"))
        .col(int("decimals"))
        .col(big("deposit_address_id"))
        .col(string("address"))
        .col(int("status"))
        .col(string("reason"))
        .col(big_null("open_key"))
        // Credited and not yet collected when planned; the sweep reads the chain balance.
        .col(text("waiting"))
        .col(text_null("amount"))
        .col(text_null("unattributed"))
        // The native coin's base units: estimated before signing, paid as the chain says.
        .col(text_null("fee_estimated"))
        .col(text_null("fee_paid"))
        .col(at("next_attempt_at"))
        .cols(lease())
        .col(at("created_at"))
        .col(at("updated_at"))
        .col(at_null("finished_at"))
        .unique("ux_collection_open", &["open_key"])
        .index("ix_collection_merchant_time", &["merchant_id", "created_at"])
        .index("ix_collection_asset_open", &["asset_id", "open_key"])
        .index("ix_collection_due", &["status", "next_attempt_at"])
        .index("ix_collection_run", &["run_id"]),
];
