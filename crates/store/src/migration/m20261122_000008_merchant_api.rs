//! Merchant API credentials: API key, the merchant's RSA public key, callback address, allow-list, address blacklist, used nonces.

use sea_orm_migration::prelude::*;

use super::schema::{
    at, at_null, big, big_key, col, drop_tables, id, index, key, merchant_fk, string, table,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One row per merchant; every part is optional until the merchant sets it.
        m.create_table(
            table("merchant_api_setting")
                .col(big_key("merchant_id"))
                // The API key: its public id, SHA-256 (hex) for the lookup of each call, and
                // the key itself sealed under the master key (purpose "api-key") to show again.
                .col(col("key_id").string().null())
                .col(col("key_hash").string().null())
                .col(col("key_sealed").text().null())
                .col(at_null("key_created_at"))
                // The merchant's RSA public key (SubjectPublicKeyInfo PEM).
                .col(col("client_key").text().null())
                .col(col("client_key_fingerprint").string().null())
                .col(col("client_key_bits").integer().null())
                .col(at_null("client_key_updated_at"))
                .col(col("callback_url").text().null())
                .col(at("updated_at"))
                .foreign_key(&mut merchant_fk("merchant_api_setting"))
                .to_owned(),
        )
        .await?;
        // NULLs never collide in a unique index, on SQLite as on PostgreSQL.
        index(
            m,
            "merchant_api_setting",
            "ux_merchant_api_key_hash",
            &["key_hash"],
            true,
        )
        .await?;
        index(
            m,
            "merchant_api_setting",
            "ux_merchant_api_key_id",
            &["key_id"],
            true,
        )
        .await?;

        // The whitelist: addresses the merchant's servers call from.
        m.create_table(
            table("merchant_allow_ip")
                .col(id())
                .col(big("merchant_id"))
                .col(string("ip"))
                .col(at("created_at"))
                .foreign_key(&mut merchant_fk("merchant_allow_ip"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "merchant_allow_ip",
            "ux_merchant_allow_ip",
            &["merchant_id", "ip"],
            true,
        )
        .await?;

        m.create_table(
            table("address_blacklist")
                .col(id())
                .col(big("merchant_id"))
                .col(big("chain_id"))
                // Canonical for the chain.
                .col(string("address"))
                .col(string("remark"))
                .col(at("created_at"))
                .foreign_key(&mut merchant_fk("address_blacklist"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "address_blacklist",
            "ux_address_blacklist",
            &["merchant_id", "chain_id", "address"],
            true,
        )
        .await?;
        index(
            m,
            "address_blacklist",
            "ix_address_blacklist_merchant",
            &["merchant_id", "id"],
            false,
        )
        .await?;

        // Nonces of verified calls until their request could no longer be accepted: the
        // primary key makes a concurrent replay fail on insert.
        m.create_table(
            table("merchant_api_nonce")
                .col(big("merchant_id"))
                .col(string("nonce"))
                .col(at("expires_at"))
                .primary_key(&mut key(&["merchant_id", "nonce"]))
                .foreign_key(&mut merchant_fk("merchant_api_nonce"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "merchant_api_nonce",
            "ix_merchant_api_nonce_expiry",
            &["merchant_id", "expires_at"],
            false,
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            m,
            &[
                "merchant_api_nonce",
                "address_blacklist",
                "merchant_allow_ip",
                "merchant_api_setting",
            ],
        )
        .await
    }
}
