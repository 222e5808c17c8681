//! [`DepositRepo`]: deposit queries.

use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    DepositFilter, DepositRecord, DepositRepo, DepositTotals, MerchantId, PageRequest, Paged,
};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::deposits::record;
use crate::entities::deposit;
use crate::{db_error, Store};

#[async_trait::async_trait]
impl DepositRepo for Store {
    async fn page_deposits(
        &self,
        merchant_id: MerchantId,
        filter: &DepositFilter,
        page: PageRequest,
    ) -> AppResult<Paged<DepositRecord>> {
        self.query_deposits(merchant_id, filter, page).await
    }

    async fn deposit_totals(
        &self,
        merchant_id: MerchantId,
        filter: &DepositFilter,
    ) -> AppResult<DepositTotals> {
        self.sum_deposits(merchant_id, filter).await
    }

    async fn deposit(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<DepositRecord>> {
        let row = deposit::Entity::find_by_id(id)
            .filter(deposit::Column::MerchantId.eq(merchant_id))
            .one(self.connection())
            .await
            .map_err(db_error)?;
        row.map(record).transpose()
    }
}
