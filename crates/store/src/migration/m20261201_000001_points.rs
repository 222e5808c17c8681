//! The points ledger (`repos/points.rs`): accounts with their running totals, immutable
//! transfers keyed by their cause, and the holds still open. Amounts are BIGINT base units
//! (6 decimals), so sums stay exact integers on both databases.

use sea_orm_migration::prelude::*;

use super::schema::{
    at, at_null, big, big_key, big_null, flag, id, int, string, string_null, table, tables_migration,
};

tables_migration![
    table("point_account")
        .col(id())
        .col(int("kind"))
        // 0 for the platform's accounts (revenue, outside, grants), so the key below is unique.
        .col(big("merchant_id"))
        .col(int("asset"))
        .col(big("debits_posted"))
        .col(big("credits_posted"))
        .col(big("debits_pending"))
        .col(big("credits_pending"))
        .col(big("credit_limit"))
        // The low-balance e-mail went out for the current crossing below the threshold.
        .col(flag("low_notified"))
        .col(at("created_at"))
        .unique("ux_point_account", &["kind", "merchant_id", "asset"]),
    table("point_transfer")
        .col(id())
        .col(string("transfer_key"))
        .col(int("kind"))
        .col(int("asset"))
        .col(big("debit_account_id"))
        .col(big("credit_account_id"))
        .col(big("amount"))
        .col(big_null("pending_id"))
        .col(at_null("hold_until"))
        .col(big("merchant_id"))
        .col(int("cause"))
        .col(string("reference"))
        .col(big_null("rate_id"))
        .col(string_null("chain"))
        .col(string_null("tx_hash"))
        .col(big("available_after"))
        .col(at("created_at"))
        .restricts("debit_account_id", "point_account")
        .restricts("credit_account_id", "point_account")
        // One transfer per cause; one resolution per hold.
        .unique("ux_point_transfer_key", &["transfer_key"])
        .unique("ux_point_transfer_pending", &["pending_id"])
        .index("ix_point_transfer_merchant", &["merchant_id", "id"]),
    // The holds not yet resolved: deleted by the resolution in its transaction, read by the
    // expiry round, so the transfers themselves are never updated.
    table("point_open_hold")
        .col(big_key("transfer_id"))
        .col(at("hold_until"))
        .restricts("transfer_id", "point_transfer")
        .index("ix_point_open_hold_until", &["hold_until"]),
];
