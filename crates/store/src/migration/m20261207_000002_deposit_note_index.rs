//! Exchange, part 2: the exchange round links each payment to an exchange address (a deposit
//! noted `exchange`) to its order; (note, id) lets it read those payments alone, in order,
//! however many deposits the table holds.

use sea_orm_migration::prelude::*;

use super::schema::{drop_index, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        index(m, "deposit", "ix_deposit_note_id", &["note", "id"], false).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_index(m, "deposit", "ix_deposit_note_id").await
    }
}
