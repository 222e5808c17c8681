//! [`CollectionPlans`]: the assets whose automatic collection is on, and a run's plan: one
//! transaction claims the run and opens, in one INSERT … SELECT from `collectable` alone, a
//! collection for every pair waiting at least the minimum with none open. `collectable.waiting_key` (fixed-width digits)
//! makes "at least the minimum" an index range on every database, and the unique `open_key`
//! skips a pair another process opened meanwhile instead of failing the run.

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::collection::state::CollectionStatus;
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    AssetStatus, AutoCollectAsset, CollectSettings, CollectTrigger, CollectionPlan, CollectionPlans,
    MerchantStatus, PlanOutcome,
};
use sea_orm::sea_query::{Expr, OnConflict, Query, SimpleExpr};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, Set, TryInsertResult,
};
use std::collections::HashMap;

use super::collectable::waiting_key;
use crate::entities::Stored;
use crate::entities::{
    cold_address, collectable, collection, collection_run, merchant, merchant_asset, token,
};
use crate::Store;

#[async_trait::async_trait]
impl CollectionPlans for Store {
    async fn auto_collect_assets(&self) -> AppResult<Vec<AutoCollectAsset>> {
        let db = self.connection();
        let assets = merchant_asset::Entity::find()
            .filter(merchant_asset::Column::AutoCollect.eq(true))
            .filter(merchant_asset::Column::Status.eq(Stored(AssetStatus::Enabled)))
            .all(db)
            .await?;
        if assets.is_empty() {
            return Ok(Vec::new());
        }
        let zones: HashMap<i64, i32> = merchant::Entity::find()
            .filter(merchant::Column::Id.is_in(assets.iter().map(|a| a.merchant_id)))
            .filter(merchant::Column::Status.eq(Stored(MerchantStatus::Active)))
            .all(db)
            .await?
            .into_iter()
            .map(|m| (m.id, m.time_zone))
            .collect();
        let with_cold: std::collections::HashSet<i64> = cold_address::Entity::find()
            .filter(cold_address::Column::AssetId.is_in(assets.iter().map(|a| a.id)))
            .all(db)
            .await?
            .into_iter()
            .map(|c| c.asset_id)
            .collect();
        let decimals: HashMap<i64, i32> = token::Entity::find()
            .filter(token::Column::Id.is_in(assets.iter().map(|a| a.token_id)))
            .all(db)
            .await?
            .into_iter()
            .map(|t| (t.id, t.decimals))
            .collect();
        Ok(assets
            .into_iter()
            .filter_map(|a| {
                let zone_hours = *zones.get(&a.merchant_id)?;
                let decimals = u8::try_from(*decimals.get(&a.token_id)?).ok()?;
                Some(AutoCollectAsset {
                    asset_id: a.id,
                    merchant_id: a.merchant_id,
                    chain_id: a.chain_id,
                    token_id: a.token_id,
                    decimals,
                    zone_hours,
                    settings: CollectSettings {
                        auto_collect: a.auto_collect,
                        collect_type: a.collect_type,
                        start_time: a.start_time,
                        interval_hours: a.interval_hours,
                        min_collect_amount: a.min_collect_amount,
                        min_split_amount: a.min_split_amount,
                    },
                    saved_at: a.updated_at,
                    has_cold_address: with_cold.contains(&a.id),
                })
            })
            .collect())
    }

    async fn plan(&self, plan: &CollectionPlan, now: DateTime<Utc>) -> AppResult<PlanOutcome> {
        let tx = self.begin_write().await?;
        let run_id = match plan.trigger {
            CollectTrigger::OnDeposit => None,
            CollectTrigger::Scheduled | CollectTrigger::Manual => match claim_run(&tx, plan, now).await? {
                Some(id) => Some(id),
                None => return Ok(PlanOutcome::SlotTaken),
            },
        };
        let opened = open_collections(&tx, plan, run_id, now).await?;
        if opened == 0 && plan.trigger == CollectTrigger::Manual {
            // A Collect now that opened nothing leaves no run behind (rolled back on drop).
            return Ok(PlanOutcome::Planned { run_id: None, opened });
        }
        if let Some(run_id) = run_id {
            collection_run::Entity::update_many()
                .col_expr(collection_run::Column::Planned, Expr::value(opened as i64))
                .filter(collection_run::Column::Id.eq(run_id))
                .exec(&tx)
                .await?;
        }
        tx.commit().await?;
        Ok(PlanOutcome::Planned { run_id, opened })
    }
}

/// The run's row; None when its (asset, slot) is taken. A run without a slot never conflicts.
async fn claim_run(
    tx: &DatabaseTransaction,
    plan: &CollectionPlan,
    now: DateTime<Utc>,
) -> AppResult<Option<i64>> {
    use collection_run::Column as R;
    let inserted = collection_run::Entity::insert(collection_run::ActiveModel {
        merchant_id: Set(plan.merchant_id),
        asset_id: Set(plan.asset_id),
        trigger: Set(Stored(plan.trigger)),
        slot: Set(plan.slot),
        planned: Set(0),
        created_by: Set(plan.created_by),
        created_at: Set(now),
        ..Default::default()
    })
    .on_conflict(OnConflict::columns([R::AssetId, R::Slot]).do_nothing().to_owned())
    .do_nothing()
    .exec(tx)
    .await?;
    Ok(match inserted {
        TryInsertResult::Inserted(result) => Some(result.last_insert_id),
        TryInsertResult::Empty | TryInsertResult::Conflicted => None,
    })
}

/// Opens the plan's due pairs in one statement; how many it opened.
async fn open_collections(
    tx: &DatabaseTransaction,
    plan: &CollectionPlan,
    run_id: Option<i64>,
    now: DateTime<Utc>,
) -> AppResult<u64> {
    use collectable::Column as C;
    use collection::Column as N;
    let minimum = plan.minimum.max(BaseUnits::from_u128(1));
    // The asset's open collections, read once (a hashed subquery): a subquery per row on the
    // table being inserted into would read its growing pages once per row.
    let open = Query::select()
        .column((collection::Entity, N::OpenKey))
        .from(collection::Entity)
        .and_where(Expr::col((collection::Entity, N::AssetId)).eq(plan.asset_id))
        .and_where(Expr::col((collection::Entity, N::OpenKey)).is_not_null())
        .to_owned();
    let mut due = Query::select();
    let values: [SimpleExpr; 17] = [
        Expr::val(plan.merchant_id).into(),
        Expr::val(plan.asset_id).into(),
        Expr::val(run_id).into(),
        Expr::val(Stored(plan.trigger)).into(),
        Expr::col((collectable::Entity, C::ChainId)).into(),
        Expr::col((collectable::Entity, C::TokenId)).into(),
        Expr::col((collectable::Entity, C::Decimals)).into(),
        Expr::col((collectable::Entity, C::DepositAddressId)).into(),
        Expr::col((collectable::Entity, C::Address)).into(),
        Expr::val(Stored(CollectionStatus::WaitingCollection)).into(),
        Expr::val("").into(),
        Expr::col((collectable::Entity, C::Id)).into(),
        Expr::col((collectable::Entity, C::WaitingKey)).into(),
        Expr::val(now).into(),
        Expr::val("").into(),
        Expr::val(now).into(),
        Expr::val(now).into(),
    ];
    due.exprs(values)
        .from(collectable::Entity)
        .and_where(Expr::col((collectable::Entity, C::MerchantId)).eq(plan.merchant_id))
        .and_where(Expr::col((collectable::Entity, C::ChainId)).eq(plan.chain_id))
        .and_where(Expr::col((collectable::Entity, C::TokenId)).eq(plan.token_id))
        .and_where(Expr::col((collectable::Entity, C::WaitingKey)).gte(waiting_key(minimum)))
        .and_where(Expr::col((collectable::Entity, C::Id)).not_in_subquery(open));
    if let Some(addresses) = &plan.addresses {
        due.and_where(Expr::col((collectable::Entity, C::DepositAddressId)).is_in(addresses.iter().copied()));
    }
    let insert = Query::insert()
        .into_table(collection::Entity)
        .columns([
            N::MerchantId,
            N::AssetId,
            N::RunId,
            N::Trigger,
            N::ChainId,
            N::TokenId,
            N::Decimals,
            N::DepositAddressId,
            N::Address,
            N::Status,
            N::Reason,
            N::OpenKey,
            N::Waiting,
            N::NextAttemptAt,
            N::LeaseOwner,
            N::CreatedAt,
            N::UpdatedAt,
        ])
        .select_from(due)
        .map_err(|err| coffer_domain::AppError::internal(format!("collection plan query: {err}")))?
        .on_conflict(OnConflict::column(N::OpenKey).do_nothing().to_owned())
        .to_owned();
    let result = tx.execute(tx.get_database_backend().build(&insert)).await?;
    Ok(result.rows_affected())
}
