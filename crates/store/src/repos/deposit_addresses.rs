//! [`DepositAddressRepo`]: the addresses derived for a merchant's users to deposit to.

use super::text_filter::chain_and_address;
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    AddressFilter, DepositAddressRecord, DepositAddressRepo, MerchantId, NewDerived, PageRequest, Paged,
};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

use super::query::{
    all_as, insert_once, merchant_rows, merchant_rows_newest_first, page_as, update_owned_row,
};
use crate::entities::deposit_address;
use crate::Store;

fn address(m: deposit_address::Model) -> DepositAddressRecord {
    DepositAddressRecord {
        id: m.id,
        merchant_id: m.merchant_id,
        chain_id: m.chain_id,
        open_id: m.open_id,
        address: m.address,
        key_index: m.key_index as u32,
        remark: m.remark,
        created_at: m.created_at,
    }
}

#[async_trait::async_trait]
impl DepositAddressRepo for Store {
    async fn deposit_address(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        open_id: &str,
    ) -> AppResult<Option<DepositAddressRecord>> {
        let row = merchant_rows::<deposit_address::Entity>(merchant_id)
            .filter(deposit_address::Column::ChainId.eq(chain_id))
            .filter(deposit_address::Column::OpenId.eq(open_id))
            .one(self.connection())
            .await?;
        Ok(row.map(address))
    }

    async fn insert_deposit_address(&self, row: NewDerived) -> AppResult<DepositAddressRecord> {
        let derived = deposit_address::ActiveModel {
            merchant_id: Set(row.merchant_id),
            chain_id: Set(row.chain_id),
            open_id: Set(row.label.clone()),
            address: Set(row.address),
            key_index: Set(row.key_index.into()),
            remark: Set(String::new()),
            created_at: Set(row.at),
            ..Default::default()
        };
        // One address per user and chain: a concurrent caller's row stands.
        use deposit_address::Column as A;
        insert_once(self.connection(), derived, [A::MerchantId, A::ChainId, A::OpenId]).await?;
        self.deposit_address(row.merchant_id, row.chain_id, &row.label)
            .await?
            .ok_or_else(|| coffer_domain::AppError::internal("deposit address missing after insert"))
    }

    async fn deposit_addresses_at(
        &self,
        chain_id: i64,
        addresses: &[String],
    ) -> AppResult<Vec<DepositAddressRecord>> {
        let query = deposit_address::Entity::find()
            .filter(deposit_address::Column::ChainId.eq(chain_id))
            .filter(deposit_address::Column::Address.is_in(addresses.iter().cloned()));
        all_as(self, query, address).await
    }

    async fn page_deposit_addresses(
        &self,
        merchant_id: MerchantId,
        filter: &AddressFilter,
        page: PageRequest,
    ) -> AppResult<Paged<DepositAddressRecord>> {
        let open_id = filter.open_id.as_deref().filter(|s| !s.is_empty());
        let matching = chain_and_address(
            deposit_address::Column::ChainId,
            deposit_address::Column::Address,
            filter.chain_id,
            filter.address.as_deref(),
        )
        .add_option(open_id.map(|open_id| deposit_address::Column::OpenId.eq(open_id)));
        let query = merchant_rows_newest_first::<deposit_address::Entity>(merchant_id).filter(matching);
        page_as(self, query, page, address).await
    }

    async fn set_address_remark(
        &self,
        merchant_id: MerchantId,
        id: i64,
        remark: &str,
    ) -> AppResult<Option<DepositAddressRecord>> {
        let row = update_owned_row::<deposit_address::Entity>(
            self,
            merchant_id,
            id,
            deposit_address::Column::Remark,
            remark,
        )
        .await?;
        Ok(row.map(address))
    }
}
