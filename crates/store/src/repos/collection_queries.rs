//! [`CollectionQueries`]: what Fund collection lists, from the `collectable` rows (one per
//! deposit address and token) and the open collection of each.

use coffer_domain::amount::BaseUnits;
use coffer_domain::error::AppResult;
use coffer_domain::ports::{CollectionQueries, MerchantId, PageRequest, Paged, WaitingFilter, WaitingPair};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use std::collections::HashMap;

use super::collectable::{waiting, waiting_key};
use super::query::{merchant_rows, page_as};
use super::text_filter::chain_and_address;
use crate::entities::{collectable, collection};
use crate::Store;

#[async_trait::async_trait]
impl CollectionQueries for Store {
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
        Ok(Paged {
            total: found.total,
            list: found
                .list
                .into_iter()
                .map(|row| WaitingPair {
                    open: open.get(&row.id).copied(),
                    deposit_address_id: row.deposit_address_id,
                    address: row.address,
                    chain_id: row.chain_id,
                    token_id: row.token_id,
                    decimals: row.decimals,
                    credited: row.credited.0,
                    collected: row.collected.0,
                    waiting: waiting(row.credited.0, row.collected.0),
                })
                .collect(),
        })
    }
}
