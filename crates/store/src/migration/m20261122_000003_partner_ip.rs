//! The IP list: addresses a merchant asks to call the merchant API from, with their review.

use sea_orm_migration::prelude::*;

use super::schema::{at, at_null, int, string, table, tables_migration};

tables_migration![table("partner_ip")
    .owned_by_merchant()
    .col(string("ip"))
    .col(string("remark"))
    // 0 awaiting review, 1 approved, 2 rejected.
    .col(int("apply_status"))
    .col(at("created_at"))
    .col(at_null("reviewed_at"))
    .index("ix_partner_ip_merchant", &["merchant_id", "id"])];
