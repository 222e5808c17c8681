//! Merchant API credentials: API key, the merchant's RSA public key, callback address, allow-list, address blacklist, used nonces.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261122_000008_merchant_api"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, _m: &SchemaManager) -> Result<(), DbErr> {
        Ok(())
    }
}
