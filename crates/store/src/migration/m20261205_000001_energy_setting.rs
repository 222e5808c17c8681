//! Smart collection (`repos/energy_settings.rs`, issue 30).
//!
//! - `energy_setting`: a merchant's smart-collection switches, one row per merchant (none: all
//!   off): `energy_collect` (TRON sweeps run on delegated energy), `energy_pay` (paid with TRX
//!   points), `trx_collect` (the TRX left after the tokens are swept is collected too).

use sea_orm_migration::prelude::*;

use super::schema::{at, boolean, table, tables_migration};

tables_migration![table("energy_setting")
    .owned_by_merchant()
    .col(boolean("energy_collect"))
    .col(boolean("energy_pay"))
    .col(boolean("trx_collect"))
    .col(at("updated_at"))
    .unique("ux_energy_setting_merchant", &["merchant_id"])];
