//! Created the devchain's tables until the devchain came to own them for a release; since
//! m20261130_000001_devchain_tables creates them (where missing). Kept, doing nothing, because
//! databases record it as applied and the migrator refuses to run when an applied migration is
//! missing.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, _: &SchemaManager) -> Result<(), DbErr> {
        Ok(())
    }
}
