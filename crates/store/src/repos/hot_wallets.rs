//! [`HotWalletRepo`]: the merchant's derived wallets that pay withdrawals.

use coffer_domain::error::AppResult;
use coffer_domain::ports::HotWalletStatus;
use coffer_domain::ports::{HotWalletRecord, HotWalletRepo, MerchantId, NewDerived, PageRequest, Paged};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};

use super::query::{
    all_as, lock_merchant, merchant_rows, merchant_rows_oldest_first, page_as, update_owned_row,
};
use crate::entities::{hot_wallet, Stored};
use crate::Store;

pub(crate) fn hot(m: hot_wallet::Model) -> HotWalletRecord {
    HotWalletRecord {
        id: m.id,
        merchant_id: m.merchant_id,
        chain_id: m.chain_id,
        address: m.address,
        key_index: m.key_index as u32,
        status: m.status.0,
        remark: m.remark,
        created_at: m.created_at,
    }
}

#[async_trait::async_trait]
impl HotWalletRepo for Store {
    async fn page_hot_wallets(
        &self,
        merchant_id: MerchantId,
        chain_id: Option<i64>,
        page: PageRequest,
    ) -> AppResult<Paged<HotWalletRecord>> {
        let mut query = merchant_rows_oldest_first::<hot_wallet::Entity>(merchant_id);
        if let Some(chain_id) = chain_id {
            query = query.filter(hot_wallet::Column::ChainId.eq(chain_id));
        }
        page_as(self, query, page, hot).await
    }

    async fn hot_wallets_on(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
    ) -> AppResult<Vec<HotWalletRecord>> {
        let query = merchant_rows_oldest_first::<hot_wallet::Entity>(merchant_id)
            .filter(hot_wallet::Column::ChainId.eq(chain_id));
        all_as(self, query, hot).await
    }

    async fn hot_wallets_at(&self, chain_id: i64, addresses: &[String]) -> AppResult<Vec<HotWalletRecord>> {
        let query = hot_wallet::Entity::find()
            .filter(hot_wallet::Column::ChainId.eq(chain_id))
            .filter(hot_wallet::Column::Address.is_in(addresses.iter().cloned()));
        all_as(self, query, hot).await
    }

    async fn insert_hot_wallet(&self, row: NewDerived, limit: u64) -> AppResult<Option<i64>> {
        let tx = self.begin_write().await?;
        // Concurrent adds queue here, then count.
        lock_merchant(&tx, row.merchant_id).await?;
        let count = merchant_rows::<hot_wallet::Entity>(row.merchant_id)
            .count(&tx)
            .await?;
        if count >= limit {
            return Ok(None);
        }
        let inserted = hot_wallet::Entity::insert(hot_wallet::ActiveModel {
            merchant_id: Set(row.merchant_id),
            chain_id: Set(row.chain_id),
            address: Set(row.address),
            key_index: Set(row.key_index.into()),
            status: Set(Stored(HotWalletStatus::Normal)),
            remark: Set(row.label),
            created_at: Set(row.at),
            ..Default::default()
        })
        .exec(&tx)
        .await?;
        tx.commit().await?;
        Ok(Some(inserted.last_insert_id))
    }

    async fn set_hot_wallet_status(
        &self,
        merchant_id: MerchantId,
        id: i64,
        status: HotWalletStatus,
    ) -> AppResult<Option<HotWalletRecord>> {
        let status_column = hot_wallet::Column::Status;
        let row =
            update_owned_row::<hot_wallet::Entity>(self, merchant_id, id, status_column, Stored(status))
                .await?;
        Ok(row.map(hot))
    }
}
