//! The exports running now, one row each, so a merchant's places are counted across every
//! process sharing the database (`repos/export_runs.rs`). A row is leased to the process
//! streaming the export, renewed by its heartbeat and deleted when the export ends; a killed
//! process's rows run out with their lease and are deleted by the next start.

use sea_orm_migration::prelude::*;

use super::schema::{at, lease, table, tables_migration};

tables_migration![table("export_run")
    .owned_by_merchant()
    .cols(lease())
    .col(at("started_at"))
    .index("ix_export_run_merchant", &["merchant_id", "lease_until"])
    // The heartbeat's renewal, as on every leased table.
    .index("ix_export_run_lease", &["lease_owner", "lease_until"])];
