//! Merchants, users, roles and menus, sessions, e-mail codes, the mail outbox, public
//! configuration and the chain catalogue.

use sea_orm_migration::prelude::*;

use super::schema::{at, at_null, big, big_key, col, flag, id, int, string, table, tables_migration, text};

tables_migration![
    table("merchant")
        .col(id())
        .col(string("name"))
        .col(int("status"))
        .col(int("time_zone"))
        .col(flag("multi_address_collect"))
        .col(at("created_at")),
    table("menu")
        .col(big_key("id"))
        .col(big("parent_id"))
        .col(string("path"))
        .col(string("menu_type"))
        .col(string("title_en"))
        .col(string("title_zh_cn"))
        .col(string("title_zh_hk"))
        .col(string("icon"))
        .col(int("sort")),
    table("role")
        .owned_by_merchant()
        .col(string("name"))
        .col(flag("is_admin"))
        .col(at("created_at")),
    table("role_menu")
        .col(big("role_id"))
        .col(big("menu_id"))
        .primary_key(&["role_id", "menu_id"])
        .references("role_id", "role")
        .references("menu_id", "menu"),
    table("app_user")
        .owned_by_merchant()
        .col(string("email").unique_key().to_owned())
        .col(string("username"))
        .col(string("mobile"))
        .col(string("password_hash"))
        .col(big("role_id"))
        .col(int("status"))
        .col(flag("superadmin"))
        .col(flag("google_bound"))
        .col(at("created_at"))
        .references("role_id", "role"),
    table("user_session")
        .col(id())
        .col(string("token_digest").unique_key().to_owned())
        .col(big("user_id"))
        .col(big("merchant_id"))
        .col(at("created_at"))
        .col(at("last_seen_at"))
        .references("user_id", "app_user"),
    table("email_code")
        .col(id())
        .col(string("email"))
        .col(int("purpose"))
        .col(string("code_digest"))
        .col(at("created_at"))
        .col(at("expires_at"))
        .col(int("failed_attempts"))
        .col(at_null("consumed_at"))
        .index("ix_email_code_lookup", &["email", "purpose", "id"]),
    table("mail_outbox")
        .col(id())
        .col(string("recipient"))
        .col(string("subject"))
        .col(text("body"))
        .col(at("created_at")),
    table("public_config")
        .col(col("key").string().not_null().primary_key().to_owned())
        .col(text("value")),
    table("chain")
        .col(big_key("id"))
        .col(string("name"))
        .col(string("symbol"))
        .col(string("txurl"))
        .col(int("decimals"))
        .col(flag("enabled"))
        .col(int("sort")),
    table("token")
        .col(big_key("id"))
        .col(big("chain_id"))
        .col(string("symbol"))
        // Decimal string: prices are never floats.
        .col(string("price"))
        .col(int("decimals"))
        .col(string("contract"))
        .references("chain_id", "chain"),
];
