//! Exchange, part 2 (issue 31): orders (`repos/exchange_orders.rs`).
//!
//! `exchange_order`: an end user's exchange, made through the merchant API (origin 1, with a
//! quote) or by a payment to the end user's exchange address (origin 2). The shared columns of
//! every order kind keep their names (`token_id` is token in, `amount` what was paid in or, before
//! the payment, what the quote was for, `to_address` the exchange address, `from_address` the
//! payer, `tx_hash` the payment); the payout's side (`token_out`, `amount_out`, `payout_address`,
//! its withdrawal and hash), the price it was made at (`rate`, `market_rate`, `spread_bp`, the
//! source, the price's time, `repriced` when a late payment took a fresh rate), the refund's
//! withdrawal, the fee in points and why it waits or ended (`reason`). `deposit_id` is unique:
//! one exchange per payment. Leased by the exchange round while one node works on it.

use sea_orm_migration::prelude::*;

use super::schema::{
    at, at_null, big, big_null, boolean, int, lease, order_callback_state, string, string_null, table,
    tables_migration, text,
};

tables_migration![table("exchange_order")
    .owned_by_merchant()
    .col(string("order_no"))
    .col(string_null("merchant_order_no"))
    .col(int("origin"))
    .col(big("pair_id"))
    .references("pair_id", "exchange_pair")
    .col(big("chain_id"))
    .col(big_null("token_id"))
    .col(int("decimals"))
    .col(big_null("token_out"))
    .col(int("decimals_out"))
    .col(string("open_id"))
    .col(string("to_address"))
    .col(string("from_address"))
    .col(string("payout_address"))
    .col(big_null("quote_id"))
    .col(text("amount"))
    .col(text("quoted_in"))
    .col(text("min_out"))
    .col(text("amount_out"))
    .col(string("rate"))
    .col(string("market_rate"))
    .col(int("spread_bp"))
    .col(int("source_kind"))
    .col(string("source_label"))
    .col(at_null("price_at"))
    .col(boolean("repriced"))
    .col(big_null("deposit_id"))
    .col(string("tx_hash"))
    .col(big_null("withdrawal_id"))
    .col(big_null("refund_id"))
    .col(string("out_hash"))
    .col(big("fee_points"))
    .col(int("status"))
    .col(string("reason"))
    .cols(order_callback_state())
    .cols(lease())
    .col(at("pay_by"))
    .col(at("created_at"))
    .col(at("updated_at"))
    .col(at_null("completed_at"))
    .unique("ux_exchange_order_no", &["order_no"])
    .unique(
        "ux_exchange_order_merchant_no",
        &["merchant_id", "merchant_order_no"]
    )
    .unique("ux_exchange_order_deposit", &["deposit_id"])
    .unique("ux_exchange_order_quote", &["quote_id"])
    .index("ix_exchange_order_merchant", &["merchant_id", "id"])
    .index("ix_exchange_order_time", &["merchant_id", "created_at"])
    .index("ix_exchange_order_status", &["status", "id"])
    .index("ix_exchange_order_address", &["chain_id", "to_address", "status"])];
