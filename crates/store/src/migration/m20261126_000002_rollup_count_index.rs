//! A page's count over a long range sums thousands of hourly buckets (a year is 8,760 hours
//! per status): with the count in an index beside the bucket's key, the sum reads the index
//! alone instead of looking up every bucket's row (SQLite: about 20 times faster at a million
//! orders; PostgreSQL can answer it with an index-only scan).

use sea_orm_migration::prelude::*;

use super::schema::{drop_index, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

const NAME: &str = "ix_order_rollup_count";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let columns = [
            "merchant_id",
            "order_kind",
            "hour_start",
            "chain_id",
            "token_id",
            "status",
            "order_count",
        ];
        index(m, "order_rollup", NAME, &columns, false).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_index(m, "order_rollup", NAME).await
    }
}
