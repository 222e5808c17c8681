//! [`CollectionLeases`] and [`CollectionSteps`]: the sweep executor claims open collections
//! under leases (one conditional UPDATE each) and changes them together with their steps in
//! one transaction. A step's (sender, nonce) is unique while it is live, so two signers racing
//! for one address never both store a transaction. Closing a collection frees its pair and,
//! when money moved, adds it to the pair's and the asset's collected (lock order: collection,
//! then `collectable`, then `asset_collected` or `cold_collected`; deposit writes take
//! `collectable` last too).

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::collection::state::{is_open, CollectionStatus};
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::ports::{
    CollectionChange, CollectionLeases, CollectionRecord, CollectionSteps, StepKind, StepRecord, StepSeen,
    StepState, SweepContext,
};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use super::collected_totals::{add_asset_collected, add_cold_collected, add_collected};
use super::held::{hold, read_claimed};
use super::query::{claim_due, claimable, release_lease};
use crate::entities::{collection, collection_step, Stored};
use crate::Store;

/// The states the executor drives: every open one.
const DRIVEN: [CollectionStatus; 4] = coffer_domain::collection::state::OPEN;

fn nonce_key(chain_id: i64, from: &str, nonce: Option<u64>) -> Option<String> {
    nonce.map(|n| format!("{chain_id}:{}:{n}", from.to_ascii_lowercase()))
}

#[async_trait::async_trait]
impl CollectionLeases for Store {
    async fn claim_collections(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<CollectionRecord>> {
        use collection::Column as C;
        let db = self.connection();
        let due = || {
            sea_orm::Condition::all()
                .add(C::Status.is_in(DRIVEN.iter().copied().map(Stored)))
                .add(C::NextAttemptAt.lte(now))
                .add(claimable::<collection::Entity>(owner, now))
        };
        let won = claim_due::<collection::Entity>(
            db,
            C::Id,
            due,
            &[C::NextAttemptAt, C::Id],
            owner,
            lease_until,
            limit,
        )
        .await?;
        // Worked on now: the next rounds take the others first (in-flight collections stay
        // due and would otherwise be taken first every round, starving the rest).
        collection::Entity::update_many()
            .col_expr(C::NextAttemptAt, Expr::value(now))
            .filter(C::Id.is_in(won.iter().copied()))
            .filter(C::LeaseOwner.eq(owner))
            .exec(db)
            .await?;
        let claimed = read_claimed::<collection::Entity>(db, won, owner, now).await?;
        Ok(claimed.into_iter().map(CollectionRecord::from).collect())
    }

    async fn release_collection(&self, id: i64, owner: &str) -> AppResult<()> {
        release_lease::<collection::Entity>(owner)
            .filter(collection::Column::Id.eq(id))
            .exec(self.connection())
            .await?;
        Ok(())
    }

    async fn hold_collection(&self, id: i64, reason: &str, until: DateTime<Utc>) -> AppResult<()> {
        hold::<collection::Entity>(self.connection(), id, reason, until).await
    }
}

impl Store {
    /// The steps sent from `address` in these states, oldest first.
    async fn steps_from(
        &self,
        chain_id: i64,
        address: &str,
        states: &[StepState],
    ) -> AppResult<Vec<StepRecord>> {
        let rows = collection_step::Entity::find()
            .filter(collection_step::Column::ChainId.eq(chain_id))
            .filter(collection_step::Column::FromAddress.eq(address))
            .filter(collection_step::Column::State.is_in(states.iter().copied().map(Stored)))
            .order_by_asc(collection_step::Column::Id)
            .all(self.connection())
            .await?;
        Ok(rows.into_iter().map(StepRecord::from).collect())
    }
}

#[async_trait::async_trait]
impl CollectionSteps for Store {
    async fn steps(&self, collection_id: i64) -> AppResult<Vec<StepRecord>> {
        let rows = collection_step::Entity::find()
            .filter(collection_step::Column::CollectionId.eq(collection_id))
            .order_by_asc(collection_step::Column::Id)
            .all(self.connection())
            .await?;
        Ok(rows.into_iter().map(StepRecord::from).collect())
    }

    async fn unsent_from(&self, chain_id: i64, address: &str) -> AppResult<Vec<StepRecord>> {
        self.steps_from(chain_id, address, &[StepState::Signed]).await
    }

    async fn unmined_from(&self, chain_id: i64, address: &str) -> AppResult<Vec<StepRecord>> {
        let states = [StepState::Signed, StepState::Broadcast];
        self.steps_from(chain_id, address, &states).await
    }

    async fn change_collection(
        &self,
        id: i64,
        change: &CollectionChange,
        now: DateTime<Utc>,
    ) -> AppResult<bool> {
        use collection::Column as C;
        let tx = self.begin_write().await?;
        let Some(row) = collection::Entity::find_by_id(id)
            .filter(C::Status.is_in(change.from.iter().copied().map(Stored)))
            .lock_exclusive()
            .one(&tx)
            .await?
        else {
            return Ok(false);
        };
        let mut update = collection::Entity::update_many()
            .col_expr(C::UpdatedAt, Expr::value(now))
            .filter(C::Id.eq(id))
            .filter(C::Status.eq(row.status));
        let set = |u: sea_orm::UpdateMany<collection::Entity>, col: C, v: Option<BaseUnits>| match v {
            Some(v) => u.col_expr(col, Expr::value(Stored(v))),
            None => u,
        };
        if let Some(to) = change.to {
            update = update.col_expr(C::Status, Expr::value(Stored(to)));
        }
        if let Some(reason) = &change.reason {
            update = update.col_expr(
                C::Reason,
                Expr::value(reason.chars().take(500).collect::<String>()),
            );
        }
        if let Some(at) = change.next_attempt_at {
            update = update.col_expr(C::NextAttemptAt, Expr::value(at));
        }
        update = set(update, C::Amount, change.amount);
        update = set(update, C::Attributed, change.attributed);
        update = set(update, C::Unattributed, change.unattributed);
        update = set(update, C::FeeEstimated, change.fee_estimated);
        update = set(update, C::BurnFee, change.burn_fee);
        if let Some(energy) = change.energy {
            update = update.col_expr(C::Energy, Expr::value(i64::try_from(energy).unwrap_or(i64::MAX)));
        }
        if let Some(points) = change.energy_points {
            update = update.col_expr(C::EnergyPoints, Expr::value(points));
        }
        if let Some(to) = change.to.filter(|to| !is_open(*to)) {
            let fee_paid = paid_fees(&tx, id).await?;
            update = update
                .col_expr(C::OpenKey, Expr::value(Option::<i64>::None))
                .col_expr(C::FinishedAt, Expr::value(now))
                .col_expr(C::FeePaid, Expr::value(Stored(fee_paid)));
            if let (Some(pair), Some(moved)) = (row.open_key, change.attributed) {
                add_collected(&tx, pair, moved, now).await?;
                let asset = (row.merchant_id, row.chain_id, row.token_id);
                add_asset_collected(&tx, asset, moved, now).await?;
            }
            // Energy delegated for its sweep is no longer owed: the janitor takes it back. In
            // this transaction, so no crash leaves a delegation owed to a closed collection.
            super::energy_delegations::release_for_collection(&tx, id, now).await?;
            tracing::info!(collection_id = id, status = ?to, "collection closed");
        }
        if update.exec(&tx).await?.rows_affected != 1 {
            return Ok(false);
        }
        for step in &change.steps {
            let inserted = collection_step::Entity::insert(collection_step::ActiveModel {
                merchant_id: Set(row.merchant_id),
                collection_id: Set(id),
                chain_id: Set(row.chain_id),
                kind: Set(Stored(step.kind)),
                part: Set(step.part),
                from_address: Set(step.from_address.clone()),
                to_address: Set(step.to_address.clone()),
                token_id: Set(step.token_id),
                amount: Set(Stored(step.amount)),
                fee_estimated: Set(Stored(step.fee_estimated)),
                fee_paid: Set(None),
                tx_hash: Set(step.signed.hash.clone()),
                signed_raw: Set(step.signed.raw.clone()),
                nonce: Set(step.signed.nonce.map(|n| n as i64)),
                nonce_key: Set(nonce_key(row.chain_id, &step.from_address, step.signed.nonce)),
                state: Set(Stored(StepState::Signed)),
                block_number: Set(None),
                reason: Set(String::new()),
                created_at: Set(now),
                updated_at: Set(now),
                broadcast_at: Set(None),
                confirmed_at: Set(None),
                ..Default::default()
            })
            .exec(&tx)
            .await;
            match inserted {
                Ok(_) => {}
                Err(err) if super::merchant_api::is_unique_violation(&err) => {
                    tracing::warn!(
                        collection_id = id,
                        "a step's nonce is taken by another live step; not stored"
                    );
                    return Ok(false); // dropped: rolled back
                }
                Err(err) => return Err(err.into()),
            }
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn move_step(
        &self,
        id: i64,
        from: &[StepState],
        to: StepState,
        seen: StepSeen,
        now: DateTime<Utc>,
    ) -> AppResult<bool> {
        use collection_step::Column as S;
        let tx = self.begin_write().await?;
        let mut update = collection_step::Entity::update_many()
            .col_expr(S::State, Expr::value(Stored(to)))
            .col_expr(S::UpdatedAt, Expr::value(now))
            .filter(S::Id.eq(id))
            .filter(S::State.is_in(from.iter().copied().map(Stored)));
        match to {
            StepState::Broadcast => {
                update = update.col_expr(S::BlockNumber, Expr::value(Option::<i64>::None))
            }
            StepState::Confirmed => update = update.col_expr(S::ConfirmedAt, Expr::value(now)),
            StepState::Dead => update = update.col_expr(S::NonceKey, Expr::value(Option::<String>::None)),
            StepState::Signed | StepState::Seen => {}
        }
        if to == StepState::Broadcast && from.contains(&StepState::Signed) {
            update = update.col_expr(S::BroadcastAt, Expr::value(now));
        }
        if let Some(block) = seen.block {
            update = update.col_expr(S::BlockNumber, Expr::value(block));
        }
        if let Some(fee) = seen.fee_paid {
            update = update.col_expr(S::FeePaid, Expr::value(Stored(fee)));
        }
        if let Some(reason) = seen.reason {
            update = update.col_expr(
                S::Reason,
                Expr::value(reason.chars().take(500).collect::<String>()),
            );
        }
        if update.exec(&tx).await?.rows_affected != 1 {
            return Ok(false);
        }
        if to == StepState::Confirmed {
            let step = collection_step::Entity::find_by_id(id)
                .one(&tx)
                .await?
                .ok_or_else(|| AppError::internal("a collection step vanished"))?;
            if step.kind.0 == StepKind::Sweep {
                let asset_id: Option<i64> = collection::Entity::find_by_id(step.collection_id)
                    .select_only()
                    .column(collection::Column::AssetId)
                    .into_tuple()
                    .one(&tx)
                    .await?;
                if let Some(asset_id) = asset_id {
                    add_cold_collected(
                        &tx,
                        step.merchant_id,
                        asset_id,
                        &step.to_address,
                        step.amount.0,
                        now,
                    )
                    .await?;
                }
            }
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn sweep_context(&self, collection: &CollectionRecord) -> AppResult<SweepContext> {
        super::collection_context::sweep_context(self, collection).await
    }
}

/// The fees the collection's steps paid, as the chain recorded them.
async fn paid_fees(tx: &DatabaseTransaction, collection_id: i64) -> AppResult<BaseUnits> {
    let paid: Vec<Option<Stored<BaseUnits>>> = collection_step::Entity::find()
        .select_only()
        .column(collection_step::Column::FeePaid)
        .filter(collection_step::Column::CollectionId.eq(collection_id))
        .into_tuple()
        .all(tx)
        .await?;
    Ok(paid
        .into_iter()
        .flatten()
        .fold(BaseUnits::ZERO, |sum, v| sum.saturating_add(v.0)))
}
