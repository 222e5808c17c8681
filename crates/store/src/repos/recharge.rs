//! [`RechargeRepo`]: the platform merchant (`points_platform`, one row, id 1) and what the
//! recharge round reads: the platform's recent deposits and the transfer keys already made.

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{DepositRecord, MerchantId, OrderStatus, RechargeRepo};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use super::query::{all_as, insert_once};
use crate::entities::{deposit, point_transfer as transfer, points_platform as platform, Stored};
use crate::Store;

/// The one row's id: a second designation finds it and changes nothing.
const PLATFORM_ROW: i64 = 1;

#[async_trait::async_trait]
impl RechargeRepo for Store {
    async fn platform_merchant(&self) -> AppResult<Option<MerchantId>> {
        Ok(platform::Entity::find_by_id(PLATFORM_ROW)
            .one(self.connection())
            .await?
            .map(|row| row.merchant_id))
    }

    async fn designate_platform(&self, merchant_id: MerchantId, at: DateTime<Utc>) -> AppResult<MerchantId> {
        let row = platform::ActiveModel {
            id: Set(PLATFORM_ROW),
            merchant_id: Set(merchant_id),
            created_at: Set(at),
        };
        insert_once(self.connection(), row, [platform::Column::Id]).await?;
        Ok(self.platform_merchant().await?.unwrap_or(merchant_id))
    }

    async fn recharge_deposits(
        &self,
        platform: MerchantId,
        since: DateTime<Utc>,
        after: i64,
        limit: u64,
    ) -> AppResult<Vec<DepositRecord>> {
        // The (merchant, created time, id) index bounds the read to the recent rows.
        let query = deposit::Entity::find()
            .filter(deposit::Column::MerchantId.eq(platform))
            .filter(deposit::Column::CreatedAt.gte(since))
            .filter(deposit::Column::Id.gt(after))
            .filter(
                Condition::any().add(deposit::Column::Credited.eq(true)).add(
                    Condition::all()
                        .add(deposit::Column::Status.eq(Stored(OrderStatus::Void)))
                        .add(deposit::Column::ConfirmedAt.is_not_null()),
                ),
            )
            .order_by_asc(deposit::Column::Id)
            .limit(limit);
        all_as(self, query, DepositRecord::from).await
    }

    async fn existing_keys(&self, keys: &[String]) -> AppResult<HashSet<String>> {
        if keys.is_empty() {
            return Ok(HashSet::new());
        }
        let found: Vec<String> = transfer::Entity::find()
            .select_only()
            .column(transfer::Column::TransferKey)
            .filter(transfer::Column::TransferKey.is_in(keys.iter().cloned()))
            .into_tuple()
            .all(self.connection())
            .await?;
        Ok(found.into_iter().collect())
    }
}
