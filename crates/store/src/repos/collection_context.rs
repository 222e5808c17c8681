//! What a sweep is decided from ([`sweep_context`]), read just before it is signed, and the
//! merchant's fee settings per chain ([`CollectionFees`]).

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::collection::split::ColdShare;
use coffer_domain::collection::state::OPEN;
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::ports::{
    CollectionFees, CollectionRecord, FeeSettings, MerchantId, OrderStatus, SweepContext,
};
use coffer_domain::wallets::rules::parse_ratio;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use std::collections::HashMap;

use super::collectable::{waiting, waiting_key};
use super::hot_wallets::hot;
use super::rollup::token_column;
use crate::entities::{
    cold_address, cold_collected, collectable, collection, collection_fee, deposit, deposit_address,
    hot_wallet, merchant_asset, token, Stored,
};
use crate::Store;

fn amount(text: &str, decimals: i32) -> BaseUnits {
    BaseUnits::from_decimal(text, u8::try_from(decimals).unwrap_or(18)).unwrap_or(BaseUnits::ZERO)
}

pub(crate) async fn sweep_context(store: &Store, c: &CollectionRecord) -> AppResult<SweepContext> {
    let db = store.connection();
    let missing = |what: &str| AppError::internal(format!("collection {}: its {what} is missing", c.id));
    let asset = merchant_asset::Entity::find_by_id(c.asset_id)
        .one(db)
        .await?
        .ok_or_else(|| missing("asset"))?;
    let contract = match token::Entity::find_by_id(asset.token_id).one(db).await? {
        Some(t) if c.token_id != 0 && !t.contract.trim().is_empty() => Some(t.contract),
        _ => None,
    };
    let sent: HashMap<String, BaseUnits> = cold_collected::Entity::find()
        .filter(cold_collected::Column::AssetId.eq(c.asset_id))
        .all(db)
        .await?
        .into_iter()
        .map(|row| (row.address, row.collected.0))
        .collect();
    let cold = cold_address::Entity::find()
        .filter(cold_address::Column::AssetId.eq(c.asset_id))
        .order_by_asc(cold_address::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .filter_map(|row| {
            let ratio = parse_ratio(&row.ratio)?;
            Some(ColdShare {
                collected: sent.get(&row.address).copied().unwrap_or(BaseUnits::ZERO),
                address: row.address,
                ratio,
            })
        })
        .collect();
    let pair = collectable::Entity::find()
        .filter(collectable::Column::DepositAddressId.eq(c.deposit_address_id))
        .filter(collectable::Column::TokenId.eq(c.token_id))
        .one(db)
        .await?
        .ok_or_else(|| missing("collectable row"))?;
    let pending = deposit::Entity::find()
        .filter(deposit::Column::DepositAddressId.eq(c.deposit_address_id))
        .filter(deposit::Column::Status.eq(Stored(OrderStatus::Confirming)))
        .all(db)
        .await?
        .into_iter()
        .filter(|d| token_column(d.token_id) == c.token_id)
        .fold(BaseUnits::ZERO, |sum, d| sum.saturating_add(d.amount.0));
    let key_index = deposit_address::Entity::find_by_id(c.deposit_address_id)
        .one(db)
        .await?
        .ok_or_else(|| missing("deposit address"))?
        .key_index;
    let token_remains = c.token_id == 0 && token_waits(store, c).await?;
    Ok(SweepContext {
        contract,
        min_collect: amount(&asset.min_collect_amount, c.decimals),
        min_split: amount(&asset.min_split_amount, c.decimals),
        cold,
        waiting: waiting(pair.credited.0, pair.collected.0),
        pending,
        key_index: u32::try_from(key_index).map_err(|_| missing("key index"))?,
        token_remains,
        fees: fee_settings_on(store, c.merchant_id, c.chain_id).await?,
    })
}

/// A token of the address waits for collection or is being collected.
async fn token_waits(store: &Store, c: &CollectionRecord) -> AppResult<bool> {
    let db = store.connection();
    let waits = collectable::Entity::find()
        .filter(collectable::Column::DepositAddressId.eq(c.deposit_address_id))
        .filter(collectable::Column::TokenId.ne(0))
        .filter(collectable::Column::WaitingKey.gt(waiting_key(BaseUnits::ZERO)))
        .one(db)
        .await?
        .is_some();
    let open = collection::Entity::find()
        .filter(collection::Column::DepositAddressId.eq(c.deposit_address_id))
        .filter(collection::Column::TokenId.ne(0))
        .filter(collection::Column::Status.is_in(OPEN.iter().copied().map(Stored)))
        .one(db)
        .await?
        .is_some();
    Ok(waits || open)
}

async fn fee_settings_on(store: &Store, merchant_id: MerchantId, chain_id: i64) -> AppResult<FeeSettings> {
    let Some(row) = collection_fee::Entity::find()
        .filter(collection_fee::Column::MerchantId.eq(merchant_id))
        .filter(collection_fee::Column::ChainId.eq(chain_id))
        .one(store.connection())
        .await?
    else {
        return Ok(FeeSettings::default());
    };
    settings_of(store, row).await
}

async fn settings_of(store: &Store, row: collection_fee::Model) -> AppResult<FeeSettings> {
    let fee_wallet = match row.fee_wallet_id {
        None => None,
        // The merchant's own wallet on this chain, or none at all.
        Some(id) => hot_wallet::Entity::find_by_id(id)
            .filter(hot_wallet::Column::MerchantId.eq(row.merchant_id))
            .filter(hot_wallet::Column::ChainId.eq(row.chain_id))
            .one(store.connection())
            .await?
            .map(hot),
    };
    Ok(FeeSettings {
        fee_wallet,
        max_fee: row.max_fee.map(|v| v.0),
    })
}

#[async_trait::async_trait]
impl CollectionFees for Store {
    async fn fee_settings(&self, merchant_id: MerchantId) -> AppResult<Vec<(i64, FeeSettings)>> {
        let rows = collection_fee::Entity::find()
            .filter(collection_fee::Column::MerchantId.eq(merchant_id))
            .order_by_asc(collection_fee::Column::ChainId)
            .all(self.connection())
            .await?;
        let mut out = Vec::new();
        for row in rows {
            let chain_id = row.chain_id;
            out.push((chain_id, settings_of(self, row).await?));
        }
        Ok(out)
    }

    async fn save_fee_settings(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        fee_wallet_id: Option<i64>,
        max_fee: Option<BaseUnits>,
        now: DateTime<Utc>,
    ) -> AppResult<()> {
        use collection_fee::Column as F;
        collection_fee::Entity::insert(collection_fee::ActiveModel {
            merchant_id: Set(merchant_id),
            chain_id: Set(chain_id),
            fee_wallet_id: Set(fee_wallet_id),
            max_fee: Set(max_fee.map(Stored)),
            updated_at: Set(now),
            ..Default::default()
        })
        .on_conflict(
            OnConflict::columns([F::MerchantId, F::ChainId])
                .update_columns([F::FeeWalletId, F::MaxFee, F::UpdatedAt])
                .to_owned(),
        )
        .exec(self.connection())
        .await?;
        Ok(())
    }
}
