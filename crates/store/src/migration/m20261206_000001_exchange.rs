//! Exchange, part 1 (issue 31): pairs and quotes (`repos/exchange_pairs.rs`).
//!
//! - `exchange_pair`: per merchant and chain, token in -> token out (NULL: the chain's native
//!   coin), unique by `pair_key` ("chain:in:out", `native` for the coin); the merchant's terms
//!   (spread and tolerance in basis points, the minimum, maximum and daily limit in base units of
//!   token in, the hot wallet that pays out, what a payment outside the rules becomes: 1 refund,
//!   2 review) and the operator's price source (`source_kind` 0 none, 1 fixed `fixed_rate`,
//!   2 feed `feed_url`, `feed_invert`, `feed_max_age` seconds).
//! - `exchange_quote`: a price given to the merchant API, valid 30 seconds, its `token` the
//!   quote id; what it was computed from (market rate, source, the price's time) is kept so an
//!   order can say it; `order_id` once an order used it (one order per quote).

use sea_orm_migration::prelude::*;

use super::schema::{at, big, big_null, boolean, int, string, table, tables_migration, text};

tables_migration![
    table("exchange_pair")
        .owned_by_merchant()
        .col(big("chain_id"))
        .col(big_null("token_in"))
        .col(big_null("token_out"))
        .col(string("pair_key"))
        .col(boolean("enabled"))
        .col(int("spread_bp"))
        .col(int("tolerance_bp"))
        .col(text("min_in"))
        .col(text("max_in"))
        .col(text("daily_limit"))
        .col(string("payout_wallet"))
        .col(int("outside_rule"))
        .col(int("source_kind"))
        .col(string("fixed_rate"))
        .col(text("feed_url"))
        .col(boolean("feed_invert"))
        .col(int("feed_max_age"))
        .col(at("created_at"))
        .col(at("updated_at"))
        .unique("ux_exchange_pair_key", &["merchant_id", "pair_key"]),
    table("exchange_quote")
        .owned_by_merchant()
        .col(string("token"))
        .col(big("pair_id"))
        .references("pair_id", "exchange_pair")
        .col(text("amount_in"))
        .col(text("amount_out"))
        .col(string("rate"))
        .col(string("market_rate"))
        .col(int("spread_bp"))
        .col(int("source_kind"))
        .col(string("source_label"))
        .col(at("price_at"))
        .col(big_null("order_id"))
        .col(at("created_at"))
        .col(at("expires_at"))
        .unique("ux_exchange_quote_token", &["token"])
        .unique("ux_exchange_quote_order", &["order_id"])
        .index("ix_exchange_quote_expires", &["expires_at"]),
];
