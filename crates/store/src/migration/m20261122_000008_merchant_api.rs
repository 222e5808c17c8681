//! Merchant API credentials: API key, the merchant's RSA public key, callback address, allow-list, address blacklist, used nonces.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261122_000008_merchant_api"
    }
}

fn col(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
}

fn merchant_fk(table: &str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(Alias::new(table), Alias::new("merchant_id"))
        .to(Alias::new("merchant"), Alias::new("id"))
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

async fn index(
    m: &SchemaManager<'_>,
    table: &str,
    name: &str,
    cols: &[&str],
    unique: bool,
) -> Result<(), DbErr> {
    let mut index = Index::create();
    index.name(name).table(Alias::new(table));
    if unique {
        index.unique();
    }
    for c in cols {
        index.col(Alias::new(*c));
    }
    m.create_index(index.to_owned()).await
}

const TABLES: [&str; 4] = [
    "merchant_api_setting",
    "merchant_allow_ip",
    "address_blacklist",
    "merchant_api_nonce",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One row per merchant; every part is optional until the merchant sets it.
        m.create_table(
            Table::create()
                .table(Alias::new("merchant_api_setting"))
                .col(col("merchant_id").big_integer().not_null().primary_key())
                // The API key: its public id, SHA-256 (hex) for the lookup of each call, and
                // the key itself sealed under the master key (purpose "api-key") to show again.
                .col(col("key_id").string().null())
                .col(col("key_hash").string().null())
                .col(col("key_sealed").text().null())
                .col(col("key_created_at").timestamp_with_time_zone().null())
                // The merchant's RSA public key (SubjectPublicKeyInfo PEM).
                .col(col("client_key").text().null())
                .col(col("client_key_fingerprint").string().null())
                .col(col("client_key_bits").integer().null())
                .col(col("client_key_updated_at").timestamp_with_time_zone().null())
                .col(col("callback_url").text().null())
                .col(col("updated_at").timestamp_with_time_zone().not_null())
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
            Table::create()
                .table(Alias::new("merchant_allow_ip"))
                .col(col("id").big_integer().not_null().auto_increment().primary_key())
                .col(col("merchant_id").big_integer().not_null())
                .col(col("ip").string().not_null())
                .col(col("created_at").timestamp_with_time_zone().not_null())
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
            Table::create()
                .table(Alias::new("address_blacklist"))
                .col(col("id").big_integer().not_null().auto_increment().primary_key())
                .col(col("merchant_id").big_integer().not_null())
                .col(col("chain_id").big_integer().not_null())
                // Canonical for the chain.
                .col(col("address").string().not_null())
                .col(col("remark").string().not_null())
                .col(col("created_at").timestamp_with_time_zone().not_null())
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
            Table::create()
                .table(Alias::new("merchant_api_nonce"))
                .col(col("merchant_id").big_integer().not_null())
                .col(col("nonce").string().not_null())
                .col(col("expires_at").timestamp_with_time_zone().not_null())
                .primary_key(
                    Index::create()
                        .col(Alias::new("merchant_id"))
                        .col(Alias::new("nonce")),
                )
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
        for table in TABLES.iter().rev() {
            m.drop_table(Table::drop().table(Alias::new(*table)).to_owned())
                .await?;
        }
        Ok(())
    }
}
