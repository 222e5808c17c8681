//! [`CollectionQueries`]: what Fund collection lists, from the `collectable` rows (one per
//! deposit address and token) and the open collection of each.

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::collection::state::CollectionStatus;
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    AssetCollected, CollectionFeeHour, CollectionFeeQuery, CollectionFilter, CollectionQueries,
    CollectionRecord, CollectionSteps, CollectionSum, MerchantId, PageRequest, Paged, SmartFigures,
    StepRecord, WaitingFilter, WaitingPair,
};
use futures::TryStreamExt;
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait};
use std::collections::{BTreeMap, HashMap};

use super::collectable::{waiting, waiting_key};
use super::query::{merchant_rows, page_as};
use super::rollup_shift::hour_of;
use super::text_filter::chain_and_address;
use crate::entities::{asset_collected, collectable, collection, collection_step, Stored};
use crate::Store;

/// The collections `filter` selects (a merchant's rows are chosen by the caller).
fn matching(filter: &CollectionFilter) -> Condition {
    use collection::Column as C;
    chain_and_address(C::ChainId, C::Address, filter.chain_id, filter.address.as_deref())
        .add_option(filter.token_id.map(|token_id| C::TokenId.eq(token_id)))
        .add_option(filter.run_id.map(|run_id| C::RunId.eq(run_id)))
        .add_option(filter.start.map(|start| C::CreatedAt.gte(start)))
        .add_option(filter.end.map(|end| C::CreatedAt.lt(end)))
        .add_option(
            filter
                .status
                .map(|status| C::Status.eq(crate::entities::Stored(status))),
        )
}

#[async_trait::async_trait]
impl CollectionQueries for Store {
    async fn collections_page(
        &self,
        merchant_id: MerchantId,
        filter: &CollectionFilter,
        page: PageRequest,
    ) -> AppResult<Paged<CollectionRecord>> {
        let query = merchant_rows::<collection::Entity>(merchant_id)
            .filter(matching(filter))
            .order_by_desc(collection::Column::Id);
        page_as(self, query, page, CollectionRecord::from).await
    }

    async fn collections_before(
        &self,
        merchant_id: MerchantId,
        filter: &CollectionFilter,
        before_id: Option<i64>,
        limit: u64,
    ) -> AppResult<Vec<CollectionRecord>> {
        use collection::Column as C;
        let rows = merchant_rows::<collection::Entity>(merchant_id)
            .filter(matching(filter))
            .apply_if(before_id, |query, id| query.filter(C::Id.lt(id)))
            .order_by_desc(C::Id)
            .limit(limit)
            .all(self.connection())
            .await?;
        Ok(rows.into_iter().map(CollectionRecord::from).collect())
    }

    async fn collections_summary(
        &self,
        merchant_id: MerchantId,
        filter: &CollectionFilter,
    ) -> AppResult<Vec<CollectionSum>> {
        use collection::Column as C;
        // The amounts are exact decimal integers in TEXT: summed here, as the order sums are,
        // over the filter's rows on the (merchant, created) index.
        let mut rows = merchant_rows::<collection::Entity>(merchant_id)
            .filter(matching(filter))
            .select_only()
            .columns([
                C::ChainId,
                C::TokenId,
                C::Decimals,
                C::Status,
                C::Amount,
                C::FeePaid,
            ])
            .into_tuple::<(
                i64,
                i64,
                i32,
                Stored<CollectionStatus>,
                Option<Stored<BaseUnits>>,
                Option<Stored<BaseUnits>>,
            )>()
            .stream(self.connection())
            .await?;
        let mut sums: BTreeMap<(i64, i64), CollectionSum> = BTreeMap::new();
        while let Some((chain_id, token_id, decimals, Stored(status), amount, fee_paid)) =
            rows.try_next().await?
        {
            let sum = sums.entry((chain_id, token_id)).or_insert_with(|| CollectionSum {
                chain_id,
                token_id,
                decimals,
                ..CollectionSum::default()
            });
            sum.count += 1;
            if status == CollectionStatus::Collected {
                sum.collected_count += 1;
                sum.collected = sum
                    .collected
                    .saturating_add(amount.map_or(BaseUnits::ZERO, |Stored(a)| a));
            }
            if let Some(Stored(fee)) = fee_paid {
                sum.fee_paid = sum.fee_paid.saturating_add(fee);
            }
        }
        Ok(sums.into_values().collect())
    }

    async fn collection_detail(
        &self,
        merchant_id: MerchantId,
        id: i64,
    ) -> AppResult<Option<(CollectionRecord, Vec<StepRecord>)>> {
        let Some(row) = merchant_rows::<collection::Entity>(merchant_id)
            .filter(collection::Column::Id.eq(id))
            .one(self.connection())
            .await?
        else {
            return Ok(None);
        };
        let steps = self.steps(row.id).await?;
        Ok(Some((row.into(), steps)))
    }

    async fn collected_per_asset(&self, merchant_id: MerchantId) -> AppResult<Vec<AssetCollected>> {
        let rows = asset_collected::Entity::find()
            .filter(asset_collected::Column::MerchantId.eq(merchant_id))
            .all(self.connection())
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| AssetCollected {
                chain_id: row.chain_id,
                token_id: (row.token_id != 0).then_some(row.token_id),
                collected: row.collected.0,
            })
            .collect())
    }

    async fn collection_fees(&self, query: &CollectionFeeQuery) -> AppResult<Vec<CollectionFeeHour>> {
        use collection::Column as C;
        // On the (merchant, created) index; `fee_paid` is written when a collection closes. The
        // fees are exact decimal integers in TEXT, summed here as the order sums are.
        let mut rows = merchant_rows::<collection::Entity>(query.merchant_id)
            .filter(C::CreatedAt.gte(query.start))
            .filter(C::CreatedAt.lt(query.end))
            .filter(C::FeePaid.is_not_null())
            .apply_if(query.chain_id, |q, chain_id| q.filter(C::ChainId.eq(chain_id)))
            .apply_if(query.token_id, |q, token_id| q.filter(C::TokenId.eq(token_id)))
            .select_only()
            .columns([C::CreatedAt, C::ChainId, C::TokenId, C::Decimals, C::FeePaid])
            .into_tuple::<(DateTime<Utc>, i64, i64, i32, Stored<BaseUnits>)>()
            .stream(self.connection())
            .await?;
        let mut hours: BTreeMap<(DateTime<Utc>, i64, i64), CollectionFeeHour> = BTreeMap::new();
        while let Some((created_at, chain_id, token_id, decimals, Stored(fee))) = rows.try_next().await? {
            if fee == BaseUnits::ZERO {
                continue;
            }
            let hour = hour_of(created_at);
            let found = hours
                .entry((hour, chain_id, token_id))
                .or_insert_with(|| CollectionFeeHour {
                    hour,
                    chain_id,
                    token_id: (token_id != 0).then_some(token_id),
                    decimals,
                    count: 0,
                    fee: BaseUnits::ZERO,
                });
            found.count += 1;
            found.fee = found.fee.saturating_add(fee);
        }
        Ok(hours.into_values().collect())
    }

    async fn smart_figures(&self, merchant_id: MerchantId, since: DateTime<Utc>) -> AppResult<SmartFigures> {
        use collection::Column as C;
        // On the (merchant, created) index, as the fee series; the amounts are summed here.
        let mut rows = merchant_rows::<collection::Entity>(merchant_id)
            .filter(C::CreatedAt.gte(since))
            .filter(C::Status.eq(Stored(CollectionStatus::Collected)))
            .filter(C::Energy.gt(0))
            .select_only()
            .columns([C::Energy, C::BurnFee, C::FeePaid, C::EnergyPoints])
            .into_tuple::<(
                i64,
                Option<Stored<BaseUnits>>,
                Option<Stored<BaseUnits>>,
                Option<i64>,
            )>()
            .stream(self.connection())
            .await?;
        let mut figures = SmartFigures::default();
        while let Some((energy, burn_fee, fee_paid, points)) = rows.try_next().await? {
            figures.collections += 1;
            figures.energy = figures.energy.saturating_add(energy.max(0) as u64);
            figures.burn_fee = figures
                .burn_fee
                .saturating_add(burn_fee.map_or(BaseUnits::ZERO, |v| v.0));
            figures.fee_paid = figures
                .fee_paid
                .saturating_add(fee_paid.map_or(BaseUnits::ZERO, |v| v.0));
            figures.energy_points = figures.energy_points.saturating_add(points.unwrap_or(0));
        }
        Ok(figures)
    }

    async fn waiting_page(
        &self,
        merchant_id: MerchantId,
        filter: &WaitingFilter,
        page: PageRequest,
    ) -> AppResult<Paged<WaitingPair>> {
        use collectable::Column as C;
        let matching = chain_and_address(C::ChainId, C::Address, filter.chain_id, filter.address.as_deref())
            .add_option(filter.token_id.map(|token_id| C::TokenId.eq(token_id)));
        let query = merchant_rows::<collectable::Entity>(merchant_id)
            .filter(matching)
            .filter(C::WaitingKey.gt(waiting_key(BaseUnits::ZERO)))
            .order_by_desc(C::WaitingKey)
            .order_by_asc(C::Id);
        let found = page_as(self, query, page, |row| row).await?;
        let ids: Vec<i64> = found.list.iter().map(|row| row.id).collect();
        let open: HashMap<i64, (i64, _)> = collection::Entity::find()
            .filter(collection::Column::MerchantId.eq(merchant_id))
            .filter(collection::Column::OpenKey.is_in(ids))
            .all(self.connection())
            .await?
            .into_iter()
            .filter_map(|c| Some((c.open_key?, (c.id, c.status.0))))
            .collect();
        Ok(found.map(|row| WaitingPair {
            open: open.get(&row.id).copied(),
            deposit_address_id: row.deposit_address_id,
            address: row.address,
            chain_id: row.chain_id,
            token_id: row.token_id,
            decimals: row.decimals,
            credited: row.credited.0,
            collected: row.collected.0,
            waiting: waiting(row.credited.0, row.collected.0),
        }))
    }
}

impl From<collection::Model> for CollectionRecord {
    fn from(m: collection::Model) -> Self {
        CollectionRecord {
            id: m.id,
            merchant_id: m.merchant_id,
            asset_id: m.asset_id,
            run_id: m.run_id,
            trigger: m.trigger.0,
            chain_id: m.chain_id,
            token_id: m.token_id,
            decimals: m.decimals,
            deposit_address_id: m.deposit_address_id,
            address: m.address,
            status: m.status.0,
            reason: m.reason,
            waiting: m.waiting.0,
            amount: m.amount.map(|v| v.0),
            attributed: m.attributed.map(|v| v.0),
            unattributed: m.unattributed.map(|v| v.0),
            fee_estimated: m.fee_estimated.map(|v| v.0),
            fee_paid: m.fee_paid.map(|v| v.0),
            energy: m.energy.map(|v| v.max(0) as u64),
            burn_fee: m.burn_fee.map(|v| v.0),
            energy_points: m.energy_points,
            next_attempt_at: m.next_attempt_at,
            created_at: m.created_at,
            updated_at: m.updated_at,
            finished_at: m.finished_at,
        }
    }
}

impl From<collection_step::Model> for StepRecord {
    fn from(m: collection_step::Model) -> Self {
        StepRecord {
            id: m.id,
            collection_id: m.collection_id,
            kind: m.kind.0,
            part: m.part,
            from_address: m.from_address,
            to_address: m.to_address,
            token_id: m.token_id,
            amount: m.amount.0,
            fee_estimated: m.fee_estimated.0,
            fee_paid: m.fee_paid.map(|v| v.0),
            tx_hash: m.tx_hash,
            signed_raw: m.signed_raw,
            nonce: m.nonce,
            state: m.state.0,
            block_number: m.block_number,
            reason: m.reason,
            created_at: m.created_at,
            broadcast_at: m.broadcast_at,
            confirmed_at: m.confirmed_at,
        }
    }
}
