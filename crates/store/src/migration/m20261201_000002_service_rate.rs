//! The rate card (`repos/rates.rs`): per merchant and service, rows valid from `valid_from`
//! until `valid_to` (NULL: the open one). A change closes the open row and inserts the next
//! under the merchant's lock, so rows never overlap; closed rows stay as history and charges
//! name the row they were charged at. Amounts are points base units (6 decimals) as BIGINT, a
//! percent as parts per million.

use sea_orm_migration::prelude::*;

use super::schema::{at, at_null, big, big_null, int, table, tables_migration};

tables_migration![table("service_rate")
    .owned_by_merchant()
    .col(int("service"))
    .col(int("charge_mode"))
    .col(big("percent_ppm"))
    .col(big("fixed"))
    .col(big_null("min_charge"))
    .col(big_null("max_charge"))
    .col(int("pay_mode"))
    .col(at("valid_from"))
    .col(at_null("valid_to"))
    .col(at("created_at"))
    .index(
        "ix_service_rate_merchant",
        &["merchant_id", "service", "valid_from"]
    )];
