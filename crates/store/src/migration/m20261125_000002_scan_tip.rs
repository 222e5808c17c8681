//! The scan cursor keeps the chain's tip as the scanner last saw it, so the home overview
//! shows each chain's scan lag without asking a node while the page waits. Existing cursors
//! have none until their next step.

use sea_orm_migration::prelude::*;

use super::schema::{add_column, at_null, big_null, drop_column};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        add_column(m, "scan_cursor", big_null("tip_height")).await?;
        add_column(m, "scan_cursor", at_null("tip_seen_at")).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_column(m, "scan_cursor", "tip_seen_at").await?;
        drop_column(m, "scan_cursor", "tip_height").await
    }
}
