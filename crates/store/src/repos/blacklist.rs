//! [`BlacklistRepo`]: the addresses a merchant never pays out to.

use super::merchant_api::is_unique_violation;
use super::text_filter::chain_and_address;
use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::merchant_api::{BlacklistFilter, BlacklistRecord, BlacklistRepo};
use coffer_domain::messages::MsgKey;
use coffer_domain::ports::{MerchantId, PageRequest, Paged};
use coffer_domain::AppError;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};

use super::query::{find_owned, merchant_rows, merchant_rows_newest_first, page_as};
use crate::entities::address_blacklist;
use crate::Store;

fn blacklist(m: address_blacklist::Model) -> BlacklistRecord {
    BlacklistRecord {
        id: m.id,
        merchant_id: m.merchant_id,
        chain_id: m.chain_id,
        address: m.address,
        remark: m.remark,
        created_at: m.created_at,
    }
}

#[async_trait::async_trait]
impl BlacklistRepo for Store {
    async fn page_blacklist(
        &self,
        merchant_id: MerchantId,
        filter: &BlacklistFilter,
        page: PageRequest,
    ) -> AppResult<Paged<BlacklistRecord>> {
        let matching = chain_and_address(
            address_blacklist::Column::ChainId,
            address_blacklist::Column::Address,
            filter.chain_id,
            filter.address.as_deref(),
        );
        let query = merchant_rows_newest_first::<address_blacklist::Entity>(merchant_id).filter(matching);
        page_as(self, query, page, blacklist).await
    }

    async fn insert_blacklist(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        address: &str,
        remark: &str,
        at: DateTime<Utc>,
    ) -> AppResult<i64> {
        let inserted = address_blacklist::ActiveModel {
            merchant_id: Set(merchant_id),
            chain_id: Set(chain_id),
            address: Set(address.to_string()),
            remark: Set(remark.to_string()),
            created_at: Set(at),
            ..Default::default()
        }
        .insert(self.connection())
        .await;
        match inserted {
            Ok(row) => Ok(row.id),
            Err(err) if is_unique_violation(&err) => Err(AppError::Invalid(MsgKey::AddressBlacklisted)),
            Err(err) => Err(err.into()),
        }
    }

    async fn find_blacklist(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<BlacklistRecord>> {
        let row = find_owned::<address_blacklist::Entity>(self, merchant_id, id).await?;
        Ok(row.map(blacklist))
    }

    async fn delete_blacklist(&self, merchant_id: MerchantId, id: i64) -> AppResult<bool> {
        let result = address_blacklist::Entity::delete_many()
            .filter(address_blacklist::Column::Id.eq(id))
            .filter(address_blacklist::Column::MerchantId.eq(merchant_id))
            .exec(self.connection())
            .await?;
        Ok(result.rows_affected == 1)
    }

    async fn is_blacklisted(&self, merchant_id: MerchantId, chain_id: i64, address: &str) -> AppResult<bool> {
        let count = merchant_rows::<address_blacklist::Entity>(merchant_id)
            .filter(address_blacklist::Column::ChainId.eq(chain_id))
            .filter(address_blacklist::Column::Address.eq(address))
            .count(self.connection())
            .await?;
        Ok(count > 0)
    }
}
