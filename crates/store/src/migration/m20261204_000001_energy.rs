//! TRON energy (`repos/energy.rs`, issue 30).
//!
//! - `energy_account`: the platform's energy account on each TRON chain (the platform merchant's
//!   key m/44'/195'/2'/0/0), saved once so every address check knows it; one per chain.
//! - `energy_tx`: every transaction the account signs (stake, unstake, withdraw, delegate,
//!   undelegate), stored before it is broadcast. `state`: 0 signed, 1 sent, 2 done, 3 failed.

use sea_orm_migration::prelude::*;

use super::schema::{at, big, big_null, int, string, table, tables_migration, text};

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
];
