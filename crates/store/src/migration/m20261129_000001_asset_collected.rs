//! Home's "in deposit addresses" per asset is the credited deposits less what collections took:
//! `asset_collected` keeps that sum per merchant, chain and token (token 0: the native coin),
//! added to in the transaction that closes a collection, so Home reads one row per asset instead
//! of every address. No backfill: no released version closed a collection with an amount.

use sea_orm_migration::prelude::*;

use super::schema::{at, big, table, tables_migration, text};

tables_migration![table("asset_collected")
    .owned_by_merchant()
    .col(big("chain_id"))
    .col(big("token_id"))
    // A decimal string of base units: the attributed amounts of closed collections.
    .col(text("collected"))
    .col(at("updated_at"))
    .unique("ux_asset_collected", &["merchant_id", "chain_id", "token_id"])];
