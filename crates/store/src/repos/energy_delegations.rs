//! [`DelegationLedger`]: `energy_delegation`, every change conditional on the state it leaves,
//! so of two nodes moving one delegation exactly one does. An orphan the janitor found has no
//! order: NULL in the table, 0 in the domain.

use chrono::{DateTime, Utc};
use coffer_domain::codes::StoredCode;
use coffer_domain::energy::orders::{Delegation, DelegationState, NewDelegation};
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::ports::{DelegationChange, DelegationLedger};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use super::query::all_as;
use crate::entities::{energy_delegation as delegation, Stored};
use crate::Store;

pub(super) fn delegation_of(row: delegation::Model) -> Delegation {
    Delegation {
        id: row.id,
        merchant_id: row.merchant_id,
        order_id: row.order_id.unwrap_or(0),
        collection_id: row.collection_id.unwrap_or(0),
        use_no: row.use_no,
        attempt: row.attempt,
        chain_id: row.chain_id,
        owner: row.owner,
        receiver: row.receiver,
        amount_sun: row.amount_sun.max(0) as u64,
        energy: row.energy.max(0) as u64,
        state: row.state.0,
        delegate_tx: row.delegate_tx,
        undelegate_tx: row.undelegate_tx,
        baseline_used: row.baseline_used.max(0) as u64,
        verified_at: row.verified_at,
        used_at: row.used_at,
        reclaim_after: row.reclaim_after,
        reason: row.reason,
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

fn i64_of(value: u64) -> AppResult<i64> {
    i64::try_from(value).map_err(|_| AppError::internal(format!("{value} is beyond i64")))
}

#[async_trait::async_trait]
impl DelegationLedger for Store {
    async fn record_delegation(&self, d: &NewDelegation) -> AppResult<i64> {
        let row = delegation::ActiveModel {
            merchant_id: Set(d.merchant_id),
            order_id: Set((d.order_id != 0).then_some(d.order_id)),
            collection_id: Set((d.collection_id != 0).then_some(d.collection_id)),
            use_no: Set(d.use_no),
            attempt: Set(d.attempt),
            chain_id: Set(d.chain_id),
            owner: Set(d.owner.clone()),
            receiver: Set(d.receiver.clone()),
            amount_sun: Set(i64_of(d.amount_sun)?),
            energy: Set(i64_of(d.energy)?),
            state: Set(Stored(DelegationState::Delegating)),
            delegate_tx: Set(None),
            undelegate_tx: Set(None),
            provider_ref: Set(None),
            baseline_used: Set(0),
            verified_at: Set(None),
            used_at: Set(None),
            reclaim_after: Set(d.at),
            reason: Set(String::new()),
            created_at: Set(d.at),
            updated_at: Set(d.at),
            ..Default::default()
        };
        Ok(delegation::Entity::insert(row)
            .exec(self.connection())
            .await?
            .last_insert_id)
    }

    async fn delegations_of(&self, order_id: i64) -> AppResult<Vec<Delegation>> {
        let query = delegation::Entity::find()
            .filter(delegation::Column::OrderId.eq(order_id))
            .order_by_asc(delegation::Column::Id);
        all_as(self, query, delegation_of).await
    }

    async fn collection_delegations(&self, collection_id: i64) -> AppResult<Vec<Delegation>> {
        let query = delegation::Entity::find()
            .filter(delegation::Column::CollectionId.eq(collection_id))
            .order_by_asc(delegation::Column::Id);
        all_as(self, query, delegation_of).await
    }

    async fn delegations_to_reclaim(&self, now: DateTime<Utc>, limit: u64) -> AppResult<Vec<Delegation>> {
        let due = Condition::any()
            .add(
                Condition::all()
                    .add(delegation::Column::State.eq(DelegationState::ReclaimDue.code()))
                    .add(delegation::Column::ReclaimAfter.lte(now)),
            )
            .add(delegation::Column::State.eq(DelegationState::Reclaiming.code()));
        let query = delegation::Entity::find()
            .filter(due)
            .order_by_asc(delegation::Column::Id)
            .limit(limit);
        all_as(self, query, delegation_of).await
    }

    async fn delegations_between(
        &self,
        chain_id: i64,
        owner: &str,
        receiver: &str,
    ) -> AppResult<Vec<Delegation>> {
        let query = delegation::Entity::find()
            .filter(delegation::Column::ChainId.eq(chain_id))
            .filter(delegation::Column::Owner.eq(owner))
            .filter(delegation::Column::Receiver.eq(receiver))
            .order_by_desc(delegation::Column::Id)
            .limit(200);
        all_as(self, query, delegation_of).await
    }

    async fn move_delegation(&self, id: i64, from: DelegationState, c: &DelegationChange) -> AppResult<bool> {
        let mut update = delegation::Entity::update_many()
            .col_expr(delegation::Column::State, Expr::value(c.state.code()))
            .col_expr(delegation::Column::UpdatedAt, Expr::value(c.at));
        if let Some(tx) = c.delegate_tx {
            update = update.col_expr(delegation::Column::DelegateTx, Expr::value(tx));
        }
        if let Some(tx) = c.undelegate_tx {
            update = update.col_expr(delegation::Column::UndelegateTx, Expr::value(tx));
        } else if c.state == DelegationState::ReclaimDue {
            // Taken back again: the failed undelegate is not this one's any more.
            update = update.col_expr(delegation::Column::UndelegateTx, Expr::value(Option::<i64>::None));
        }
        if let Some(used) = c.baseline_used {
            update = update.col_expr(delegation::Column::BaselineUsed, Expr::value(i64_of(used)?));
        }
        if let Some(at) = c.verified_at {
            update = update.col_expr(delegation::Column::VerifiedAt, Expr::value(at));
        }
        if let Some(at) = c.used_at {
            update = update.col_expr(delegation::Column::UsedAt, Expr::value(at));
        }
        if let Some(at) = c.reclaim_after {
            update = update.col_expr(delegation::Column::ReclaimAfter, Expr::value(at));
        }
        if let Some(reason) = &c.reason {
            update = update.col_expr(delegation::Column::Reason, Expr::value(reason.clone()));
        }
        let moved = update
            .filter(delegation::Column::Id.eq(id))
            .filter(delegation::Column::State.eq(from.code()))
            .exec(self.connection())
            .await?;
        Ok(moved.rows_affected == 1)
    }
}

/// A collection closes (in its transaction): what was delegated for its sweep is due back now,
/// and a delegation never seen on chain is given up (if it lands later, the janitor finds it
/// in the chain's index with nothing owed and takes it back).
pub(super) async fn release_for_collection(
    tx: &sea_orm::DatabaseTransaction,
    collection_id: i64,
    now: DateTime<Utc>,
) -> AppResult<()> {
    for (from, to, why) in [
        (
            DelegationState::Delegated,
            DelegationState::ReclaimDue,
            "its collection closed",
        ),
        (
            DelegationState::Delegating,
            DelegationState::Failed,
            "its collection closed before the chain showed it",
        ),
    ] {
        delegation::Entity::update_many()
            .col_expr(delegation::Column::State, Expr::value(to.code()))
            .col_expr(delegation::Column::ReclaimAfter, Expr::value(now))
            .col_expr(delegation::Column::Reason, Expr::value(why))
            .col_expr(delegation::Column::UpdatedAt, Expr::value(now))
            .filter(delegation::Column::CollectionId.eq(collection_id))
            .filter(delegation::Column::State.eq(from.code()))
            .exec(tx)
            .await?;
    }
    Ok(())
}
