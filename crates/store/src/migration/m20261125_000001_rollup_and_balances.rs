//! Two tables the home overview and the reports read instead of the order rows:
//!
//! - `order_rollup`: per merchant, kind of order, UTC hour of creation, chain, token, status and
//!   whether the order is credited, how many orders there are and the exact sums of their
//!   amounts and network fees. Kept in the transaction of every change that creates an order or
//!   moves it between those keys, so a sum over buckets is always the sum over the rows. Every
//!   time zone a merchant may choose is a whole number of hours from UTC, so a merchant's day
//!   is a run of whole buckets. `token_id` 0 is the chain's native coin (a key column cannot be
//!   NULL on every database).
//! - `balance_reading`: the latest balance of each of a merchant's hot wallets and cold
//!   addresses per asset, as read from the chain by a worker, with the time of the reading.

use sea_orm_migration::prelude::*;

use super::schema::{at, big, boolean, int, lease, string, table, tables_migration, text};

tables_migration![
    table("order_rollup")
        .owned_by_merchant()
        // 'deposit', 'withdrawal' (the outbox's order_kind names).
        .col(string("order_kind"))
        .col(at("hour_start"))
        .col(big("chain_id"))
        .col(big("token_id"))
        .col(int("status"))
        .col(boolean("credited"))
        .col(int("decimals"))
        .col(big("order_count"))
        // Decimal strings of base units: the token's for amount, the native coin's for fee.
        .col(text("amount"))
        .col(text("fee"))
        .unique(
            "ux_order_rollup_key",
            &[
                "merchant_id",
                "order_kind",
                "hour_start",
                "chain_id",
                "token_id",
                "status",
                "credited",
            ],
        ),
    table("balance_reading")
        .owned_by_merchant()
        .col(big("chain_id"))
        .col(string("address"))
        .col(big("token_id"))
        // 'hot' (a hot wallet) or 'cold' (a cold address).
        .col(string("holder"))
        .col(int("decimals"))
        .col(text("amount"))
        .col(at("read_at"))
        .col(at("next_read_at"))
        .cols(lease())
        .unique(
            "ux_balance_reading_key",
            &["merchant_id", "chain_id", "address", "token_id"],
        )
        .index("ix_balance_reading_due", &["next_read_at"]),
];
