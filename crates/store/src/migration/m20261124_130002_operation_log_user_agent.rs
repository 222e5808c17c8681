//! The operation log keeps the caller's browser (user agent), as the login log does, so the
//! console can show which browser and system made a change. Older rows have none ("").

use sea_orm_migration::prelude::*;

use super::schema::{add_column, drop_column, string};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_column(m, "operation_log", string("user_agent").default("").to_owned()).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_column(m, "operation_log", "user_agent").await
    }
}
