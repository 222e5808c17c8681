//! [`DepositRepo`], completion: deposits that reached their confirmations, one at a time, so
//! that one deposit that cannot be completed never holds back the others.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{status, DepositEvent, EventBuilder};
use coffer_domain::AppError;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::deposits::announce;
use crate::entities::deposit;
use crate::{db_error, Store};

impl Store {
    pub(crate) async fn complete_deposits(
        &self,
        chain_id: i64,
        head: u64,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<u64> {
        let waiting = deposit::Entity::find()
            .filter(deposit::Column::ChainId.eq(chain_id))
            .filter(deposit::Column::Status.eq(status::CONFIRMING))
            .all(self.connection())
            .await
            .map_err(db_error)?;
        let mut done = 0;
        for row in waiting {
            let confirmations = head as i64 - row.block_number + 1;
            if confirmations < i64::from(row.required_confirmations) {
                continue;
            }
            // One deposit that cannot be completed (its stored data, its event) is logged and
            // left confirming; every other deposit of the chain still completes.
            let id = row.id;
            match self.complete_deposit(row, now, events).await {
                Ok(true) => done += 1,
                Ok(false) => {}
                Err(err @ AppError::Unavailable(_)) => return Err(err),
                Err(err) => {
                    tracing::error!(deposit_id = id, error = %err, "deposit not completed; left confirming")
                }
            }
        }
        Ok(done)
    }

    async fn complete_deposit(
        &self,
        row: deposit::Model,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool> {
        let tx = self.begin_write().await?;
        // Conditional on the state: of two scanners, one completes it and one announces it.
        let completed = deposit::Entity::update_many()
            .col_expr(deposit::Column::Status, Expr::value(status::COMPLETE))
            .col_expr(deposit::Column::Credited, Expr::value(row.note.is_empty()))
            .col_expr(deposit::Column::ConfirmedAt, Expr::value(now))
            .col_expr(deposit::Column::UpdatedAt, Expr::value(now))
            .filter(deposit::Column::Id.eq(row.id))
            .filter(deposit::Column::Status.eq(status::CONFIRMING))
            .exec(&tx)
            .await
            .map_err(db_error)?;
        if completed.rows_affected != 1 {
            return Ok(false);
        }
        announce(&tx, row.id, DepositEvent::Confirmed, events).await?;
        tx.commit().await.map_err(db_error)?;
        Ok(true)
    }
}
