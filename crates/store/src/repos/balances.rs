//! [`BalanceReadings`]: the latest balances of a merchant's hot wallets and cold addresses
//! (see the `balance_reading` migration); [`BalanceWork`]: the worker that keeps them, claiming
//! rows under a lease (one conditional UPDATE per row, so of several processes one wins).

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::ports::{
    AssetStatus, BalanceReading, BalanceReadings, BalanceTarget, BalanceWork, DueReading, Holder, Holdings,
    MerchantId,
};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use std::collections::BTreeSet;

use super::query::{claim_due, claimable, release_lease};
use crate::entities::{balance_reading, cold_address, hot_wallet, merchant_asset, Stored};
use crate::Store;

/// The `read_at` of a row not read yet (the column is required): such rows are not shown.
const NEVER_READ: DateTime<Utc> = DateTime::<Utc>::UNIX_EPOCH;

fn holder_name(holder: Holder) -> &'static str {
    match holder {
        Holder::HotWallet => "hot",
        Holder::Cold => "cold",
    }
}

/// A row's key: merchant, chain, address, token id (0 for the native coin).
type Key = (MerchantId, i64, String, i64);

fn holder_of(name: &str) -> Option<Holder> {
    match name {
        "hot" => Some(Holder::HotWallet),
        "cold" => Some(Holder::Cold),
        _ => None,
    }
}

pub(crate) fn reading_of(m: balance_reading::Model) -> AppResult<BalanceReading> {
    let holder = holder_of(&m.holder).ok_or_else(|| {
        AppError::internal(format!("balance_reading {}: unknown holder {:?}", m.id, m.holder))
    })?;
    Ok(BalanceReading {
        merchant_id: m.merchant_id,
        chain_id: m.chain_id,
        address: m.address,
        token_id: (m.token_id != 0).then_some(m.token_id),
        holder,
        decimals: m.decimals,
        amount: m.amount.0,
        read_at: m.read_at,
    })
}

#[async_trait::async_trait]
impl BalanceReadings for Store {
    async fn balances(&self, merchant_id: MerchantId) -> AppResult<Vec<BalanceReading>> {
        use balance_reading::Column as B;
        balance_reading::Entity::find()
            .filter(B::MerchantId.eq(merchant_id))
            .filter(B::ReadAt.gt(NEVER_READ))
            .order_by_asc(B::Id)
            .all(self.connection())
            .await?
            .into_iter()
            .map(reading_of)
            .collect()
    }

    async fn read_soon(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        addresses: &[String],
        now: DateTime<Utc>,
    ) -> AppResult<u64> {
        use balance_reading::Column as B;
        if addresses.is_empty() {
            return Ok(0);
        }
        let due = balance_reading::Entity::update_many()
            .col_expr(B::NextReadAt, Expr::value(now))
            .filter(B::MerchantId.eq(merchant_id))
            .filter(B::ChainId.eq(chain_id))
            .filter(B::Address.is_in(addresses.iter().cloned()))
            .filter(B::NextReadAt.gt(now))
            .exec(self.connection())
            .await?;
        Ok(due.rows_affected)
    }
}

#[async_trait::async_trait]
impl BalanceWork for Store {
    async fn holdings(&self) -> AppResult<Holdings> {
        let db = self.connection();
        let hot_wallets = hot_wallet::Entity::find()
            .select_only()
            .columns([
                hot_wallet::Column::MerchantId,
                hot_wallet::Column::ChainId,
                hot_wallet::Column::Address,
            ])
            .order_by_asc(hot_wallet::Column::Id)
            .into_tuple()
            .all(db)
            .await?;
        let enabled_assets = merchant_asset::Entity::find()
            .select_only()
            .columns([
                merchant_asset::Column::Id,
                merchant_asset::Column::MerchantId,
                merchant_asset::Column::ChainId,
                merchant_asset::Column::TokenId,
            ])
            .filter(merchant_asset::Column::Status.eq(Stored(AssetStatus::Enabled)))
            .order_by_asc(merchant_asset::Column::Id)
            .into_tuple()
            .all(db)
            .await?;
        let cold_addresses = cold_address::Entity::find()
            .select_only()
            .columns([cold_address::Column::AssetId, cold_address::Column::Address])
            .order_by_asc(cold_address::Column::Id)
            .into_tuple()
            .all(db)
            .await?;
        Ok(Holdings {
            hot_wallets,
            enabled_assets,
            cold_addresses,
        })
    }

    async fn sync_readings(&self, targets: &[BalanceTarget], now: DateTime<Utc>) -> AppResult<(u64, u64)> {
        use balance_reading::Column as B;
        let db = self.connection();
        let key = |t: &BalanceTarget| -> Key {
            (
                t.merchant_id,
                t.chain_id,
                t.address.clone(),
                t.token_id.unwrap_or(0),
            )
        };
        let wanted: BTreeSet<Key> = targets.iter().map(key).collect();
        let rows: Vec<(i64, MerchantId, i64, String, i64)> = balance_reading::Entity::find()
            .select_only()
            .columns([B::Id, B::MerchantId, B::ChainId, B::Address, B::TokenId])
            .into_tuple()
            .all(db)
            .await?;
        let mut have = BTreeSet::new();
        let mut gone = Vec::new();
        for (id, merchant_id, chain_id, address, token_id) in rows {
            let row_key = (merchant_id, chain_id, address, token_id);
            if wanted.contains(&row_key) {
                have.insert(row_key);
            } else {
                gone.push(id);
            }
        }
        let mut deleted = 0;
        for ids in gone.chunks(500) {
            deleted += balance_reading::Entity::delete_many()
                .filter(B::Id.is_in(ids.iter().copied()))
                .exec(db)
                .await?
                .rows_affected;
        }
        let mut inserted = 0;
        for target in targets.iter().filter(|t| !have.contains(&key(t))) {
            let row = balance_reading::ActiveModel {
                merchant_id: Set(target.merchant_id),
                chain_id: Set(target.chain_id),
                address: Set(target.address.clone()),
                token_id: Set(target.token_id.unwrap_or(0)),
                holder: Set(holder_name(target.holder).into()),
                decimals: Set(target.decimals),
                amount: Set(Stored(BaseUnits::ZERO)),
                read_at: Set(NEVER_READ),
                next_read_at: Set(now),
                lease_owner: Set(String::new()),
                lease_until: Set(None),
                ..Default::default()
            };
            // Another process may insert the same row meanwhile: the unique key keeps one.
            inserted += balance_reading::Entity::insert(row)
                .on_conflict(
                    OnConflict::columns([B::MerchantId, B::ChainId, B::Address, B::TokenId])
                        .do_nothing()
                        .to_owned(),
                )
                .exec_without_returning(db)
                .await?;
        }
        Ok((inserted, deleted))
    }

    async fn claim_due_readings(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<DueReading>> {
        use balance_reading::Column as B;
        let db = self.connection();
        let due = || {
            sea_orm::Condition::all()
                .add(B::NextReadAt.lte(now))
                .add(claimable::<balance_reading::Entity>(owner, now))
        };
        let won = claim_due::<balance_reading::Entity>(
            db,
            B::Id,
            due,
            &[B::NextReadAt, B::Id],
            owner,
            lease_until,
            limit,
        )
        .await?;
        let mut claimed = Vec::new();
        for id in won {
            if let Some(row) = balance_reading::Entity::find_by_id(id).one(db).await? {
                claimed.push(DueReading {
                    id,
                    chain_id: row.chain_id,
                    address: row.address,
                    token_id: (row.token_id != 0).then_some(row.token_id),
                });
            }
        }
        Ok(claimed)
    }

    async fn record_reading(
        &self,
        id: i64,
        owner: &str,
        amount: BaseUnits,
        read_at: DateTime<Utc>,
        next_read_at: DateTime<Utc>,
    ) -> AppResult<bool> {
        use balance_reading::Column as B;
        let written = release_lease::<balance_reading::Entity>(owner)
            .col_expr(B::Amount, Expr::value(Stored(amount)))
            .col_expr(B::ReadAt, Expr::value(read_at))
            .col_expr(B::NextReadAt, Expr::value(next_read_at))
            .filter(B::Id.eq(id))
            .exec(self.connection())
            .await?;
        Ok(written.rows_affected == 1)
    }

    async fn postpone_reading(&self, id: i64, owner: &str, next_read_at: DateTime<Utc>) -> AppResult<()> {
        use balance_reading::Column as B;
        release_lease::<balance_reading::Entity>(owner)
            .col_expr(B::NextReadAt, Expr::value(next_read_at))
            .filter(B::Id.eq(id))
            .exec(self.connection())
            .await?;
        Ok(())
    }
}
