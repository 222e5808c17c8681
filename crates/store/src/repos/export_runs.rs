//! [`ExportRuns`]: the exports running now, one leased row each (`export_run`), counted per
//! merchant under its row's lock so that processes starting exports at once take turns.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{ExportRuns, MerchantId};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};

use super::query::{lock_merchant, merchant_rows};
use crate::entities::export_run::{self, Column};
use crate::Store;

#[async_trait::async_trait]
impl ExportRuns for Store {
    async fn start_export_run(
        &self,
        merchant_id: MerchantId,
        limit: u64,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> AppResult<Option<i64>> {
        let tx = self.begin_write().await?;
        lock_merchant(&tx, merchant_id).await?;
        // Runs whose lease ran out: their process stopped renewing them (killed), or they
        // ended while the database failed. They hold no place any more.
        export_run::Entity::delete_many()
            .filter(Column::MerchantId.eq(merchant_id))
            .filter(Column::LeaseUntil.lt(now))
            .exec(&tx)
            .await?;
        let live = merchant_rows::<export_run::Entity>(merchant_id)
            .count(&tx)
            .await?;
        if live >= limit {
            tx.commit().await?;
            return Ok(None);
        }
        let inserted = export_run::Entity::insert(export_run::ActiveModel {
            merchant_id: Set(merchant_id),
            lease_owner: Set(owner.to_string()),
            lease_until: Set(Some(lease_until)),
            started_at: Set(now),
            ..Default::default()
        })
        .exec(&tx)
        .await?;
        tx.commit().await?;
        Ok(Some(inserted.last_insert_id))
    }

    async fn end_export_run(&self, id: i64) -> AppResult<()> {
        export_run::Entity::delete_by_id(id)
            .exec(self.connection())
            .await?;
        Ok(())
    }
}
