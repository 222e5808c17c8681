//! Merchant API credentials: API key, the merchant's RSA public key, callback address, allow-list, address blacklist, used nonces.

use sea_orm_migration::prelude::*;

use super::schema::{
    at, at_null, big, big_key, int_null, string, string_null, table, tables_migration, text_null,
};

tables_migration![
    // One row per merchant; every part is optional until the merchant sets it.
    table("merchant_api_setting")
        .col(big_key("merchant_id"))
        // The API key: its public id, SHA-256 (hex) for the lookup of each call, and
        // the key itself sealed under the master key (purpose "api-key") to show again.
        .col(string_null("key_id"))
        .col(string_null("key_hash"))
        .col(text_null("key_sealed"))
        .col(at_null("key_created_at"))
        // The merchant's RSA public key (SubjectPublicKeyInfo PEM).
        .col(text_null("client_key"))
        .col(string_null("client_key_fingerprint"))
        .col(int_null("client_key_bits"))
        .col(at_null("client_key_updated_at"))
        .col(text_null("callback_url"))
        .col(at("updated_at"))
        .references("merchant_id", "merchant")
        // NULLs never collide in a unique index, on SQLite as on PostgreSQL.
        .unique("ux_merchant_api_key_hash", &["key_hash"])
        .unique("ux_merchant_api_key_id", &["key_id"]),
    // The whitelist: addresses the merchant's servers call from.
    table("merchant_allow_ip")
        .owned_by_merchant()
        .col(string("ip"))
        .col(at("created_at"))
        .unique("ux_merchant_allow_ip", &["merchant_id", "ip"]),
    table("address_blacklist")
        .owned_by_merchant()
        .col(big("chain_id"))
        // Canonical for the chain.
        .col(string("address"))
        .col(string("remark"))
        .col(at("created_at"))
        .unique("ux_address_blacklist", &["merchant_id", "chain_id", "address"])
        .index("ix_address_blacklist_merchant", &["merchant_id", "id"]),
    // Nonces of verified calls until their request could no longer be accepted: the
    // primary key makes a concurrent replay fail on insert.
    table("merchant_api_nonce")
        .col(big("merchant_id"))
        .col(string("nonce"))
        .col(at("expires_at"))
        .primary_key(&["merchant_id", "nonce"])
        .references("merchant_id", "merchant")
        .index("ix_merchant_api_nonce_expiry", &["merchant_id", "expires_at"]),
];
