//! `order_total`: the hourly order buckets (`order_rollup`) summed over all time, per merchant,
//! kind of order, chain, token, status and credit state. Kept by the same writes in the same
//! transaction, so Home reads what is held and what waits from a few rows instead of every
//! hour of the merchant's history. `token_id` 0 is the chain's native coin, as in the buckets.

use sea_orm_migration::prelude::*;

use super::schema::{big, boolean, int, string, table, tables_migration, text};

tables_migration![table("order_total")
    .owned_by_merchant()
    .col(string("order_kind"))
    .col(big("chain_id"))
    .col(big("token_id"))
    .col(int("status"))
    .col(boolean("credited"))
    .col(int("decimals"))
    .col(big("order_count"))
    .col(text("amount"))
    .col(text("fee"))
    .unique(
        "ux_order_total_key",
        &[
            "merchant_id",
            "order_kind",
            "chain_id",
            "token_id",
            "status",
            "credited"
        ],
    )];
