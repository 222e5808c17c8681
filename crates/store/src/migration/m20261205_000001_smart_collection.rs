//! Smart collection (issue 30).
//!
//! - `energy_setting`: a merchant's smart-collection switches, one row per merchant (none: all
//!   off): `energy_collect` (TRON sweeps run on delegated energy), `energy_pay` (paid with TRX
//!   points), `trx_collect` (the TRX left after the tokens are swept is collected too)
//!   (`repos/energy_settings.rs`).
//! - `energy_delegation.collection_id`: a delegation made for a collection's sweep (its order_id
//!   NULL), one row per (collection, attempt); closing the collection makes it due back.
//! - `collection.energy`: the energy delegated for its sweep once the chain showed it (0: smart
//!   collection was tried and given up for this collection; NULL: not tried);
//!   `collection.burn_fee`: what the sweep would have burned without energy (native base units,
//!   a decimal string); `collection.energy_points`: the TRX points held for that energy.

use sea_orm_migration::prelude::*;

use super::schema::{
    add_columns, at, big_null, boolean, drop_columns, drop_index, index, table, text_null, NewTable,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn tables() -> Vec<NewTable> {
    vec![table("energy_setting")
        .owned_by_merchant()
        .col(boolean("energy_collect"))
        .col(boolean("energy_pay"))
        .col(boolean("trx_collect"))
        .col(at("updated_at"))
        .unique("ux_energy_setting_merchant", &["merchant_id"])]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        super::schema::create_tables(m, tables()).await?;
        add_columns(m, "energy_delegation", [big_null("collection_id")]).await?;
        index(
            m,
            "energy_delegation",
            "ux_energy_delegation_collection",
            &["collection_id", "attempt"],
            true,
        )
        .await?;
        add_columns(
            m,
            "collection",
            [
                big_null("energy"),
                text_null("burn_fee"),
                big_null("energy_points"),
            ],
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_columns(m, "collection", &["energy", "burn_fee", "energy_points"]).await?;
        drop_index(m, "energy_delegation", "ux_energy_delegation_collection").await?;
        drop_columns(m, "energy_delegation", &["collection_id"]).await?;
        super::schema::drop_created_tables(m, tables()).await
    }
}
