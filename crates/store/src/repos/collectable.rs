//! [`credit_moved`]: what a deposit's change does to its address's `collectable` row (the sum
//! of its credited deposits per token), in the transaction of the change, beside the order
//! buckets (deposits.rs calls both through one hook). A deposit counts while it is complete and
//! credited: completing it adds it, a reorg voiding it after that takes it out again. The
//! collections (collection_plans.rs) read what waits from these rows and never scan addresses.

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::deposits::rules;
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::ports::OrderStatus;
use futures::TryStreamExt;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, QuerySelect, Set,
    StreamTrait,
};
use std::collections::BTreeMap;

use super::rollup::token_column;
use crate::entities::{collectable, deposit, Stored};
use crate::Store;

/// Rows inserted per statement when filling (10 values each).
const INSERT_BATCH: usize = 500;

/// Digits of the largest 256-bit number: every amount's key has this width.
const KEY_WIDTH: usize = 78;

/// An amount as text that sorts as the number does (zero-padded to a fixed width), so SQL
/// compares it with a minimum on every database.
pub fn waiting_key(amount: BaseUnits) -> String {
    format!("{:0>width$}", amount.to_string(), width = KEY_WIDTH)
}

/// What waits for collection: credited and not yet collected, never below zero.
pub(crate) fn waiting(credited: BaseUnits, collected: BaseUnits) -> BaseUnits {
    credited.checked_sub(collected).unwrap_or(BaseUnits::ZERO)
}

/// The (address, token) a deposit is credited to and its amount, while it is credited. Only
/// tokens are collected: the one coin credited (TRX paid to a recharge address) stays where it
/// is, and pays that address's sweep fees. An exchange's payment is never credited, but it is
/// the merchant's once confirmed (the exchange paid it out or back from a hot wallet), so it is
/// collected like a credit.
fn credit_of(m: &deposit::Model) -> Option<(i64, i64, BaseUnits)> {
    let collected = m.credited || m.note == rules::EXCHANGE;
    let counts = m.status.0 == OrderStatus::Complete && collected && m.token_id.is_some();
    counts.then(|| (m.deposit_address_id, token_column(m.token_id), m.amount.0))
}

/// Whether a deposit's change from `before` (None when new) to `after` moves its credit.
pub(crate) fn moves_credit(before: Option<&deposit::Model>, after: &deposit::Model) -> bool {
    before.and_then(credit_of) != credit_of(after)
}

/// Moves a deposit's credit from what it was (`before`, None when new) to what it is now.
pub(crate) async fn credit_moved(
    tx: &DatabaseTransaction,
    before: Option<&deposit::Model>,
    after: &deposit::Model,
    now: DateTime<Utc>,
) -> AppResult<()> {
    if !moves_credit(before, after) {
        return Ok(());
    }
    let was = before.and_then(credit_of);
    let is = credit_of(after);
    // A deposit never changes its address or token: one row moves.
    let row = locked_row(tx, after, now).await?;
    let mut credited = row.credited.0;
    if let Some((_, _, amount)) = is {
        credited = credited.saturating_add(amount);
    }
    if let Some((_, _, amount)) = was {
        credited = credited.checked_sub(amount).unwrap_or_else(|| {
            tracing::error!(
                deposit_id = after.id,
                collectable_id = row.id,
                "collectable balance below zero: out of step with the deposits"
            );
            BaseUnits::ZERO
        });
    }
    if credited < row.collected.0 {
        // A reorg took back a deposit that was already swept: the chain balance will show it
        // (balance drift) when the next sweep is signed.
        tracing::warn!(
            deposit_id = after.id,
            collectable_id = row.id,
            "a voided deposit had been collected already"
        );
    }
    collectable::Entity::update_many()
        .col_expr(collectable::Column::Credited, Expr::value(Stored(credited)))
        .col_expr(
            collectable::Column::WaitingKey,
            Expr::value(waiting_key(waiting(credited, row.collected.0))),
        )
        .col_expr(collectable::Column::UpdatedAt, Expr::value(now))
        .filter(collectable::Column::Id.eq(row.id))
        .exec(tx)
        .await?;
    Ok(())
}

/// The deposit's (address, token) row, created empty if missing, locked until the transaction
/// ends (PostgreSQL: FOR UPDATE; SQLite's write transaction excludes other writers).
async fn locked_row(
    tx: &DatabaseTransaction,
    d: &deposit::Model,
    now: DateTime<Utc>,
) -> AppResult<collectable::Model> {
    use collectable::Column as C;
    let token_id = token_column(d.token_id);
    collectable::Entity::insert(collectable::ActiveModel {
        merchant_id: Set(d.merchant_id),
        deposit_address_id: Set(d.deposit_address_id),
        address: Set(d.to_address.clone()),
        chain_id: Set(d.chain_id),
        token_id: Set(token_id),
        decimals: Set(d.decimals),
        credited: Set(Stored(BaseUnits::ZERO)),
        collected: Set(Stored(BaseUnits::ZERO)),
        waiting_key: Set(waiting_key(BaseUnits::ZERO)),
        updated_at: Set(now),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([C::DepositAddressId, C::TokenId])
            .do_nothing()
            .to_owned(),
    )
    .do_nothing()
    .exec(tx)
    .await?;
    // Rows are never deleted, so the row is there.
    collectable::Entity::find()
        .filter(C::DepositAddressId.eq(d.deposit_address_id))
        .filter(C::TokenId.eq(token_id))
        .lock_exclusive()
        .one(tx)
        .await?
        .ok_or_else(|| AppError::internal("a collectable row vanished while being locked"))
}

/// The deposits `credit_of` counts: complete, credited or an exchange's payment, of a token.
fn credited_deposits() -> sea_orm::Select<deposit::Entity> {
    deposit::Entity::find()
        .filter(
            sea_orm::Condition::any()
                .add(deposit::Column::Credited.eq(true))
                .add(deposit::Column::Note.eq(rules::EXCHANGE)),
        )
        .filter(deposit::Column::Status.eq(Stored(OrderStatus::Complete)))
        .filter(deposit::Column::TokenId.is_not_null())
}

/// Every pair's row as the deposits make it (nothing collected), by (address, token); streamed
/// a few columns at a time.
async fn recompute<C: ConnectionTrait + StreamTrait>(
    db: &C,
    now: DateTime<Utc>,
) -> AppResult<BTreeMap<(i64, i64), collectable::ActiveModel>> {
    use deposit::Column as D;
    let mut pairs: BTreeMap<(i64, i64), collectable::ActiveModel> = BTreeMap::new();
    let mut rows = credited_deposits()
        .select_only()
        .columns([
            D::MerchantId,
            D::DepositAddressId,
            D::ToAddress,
            D::ChainId,
            D::TokenId,
            D::Decimals,
        ])
        .column(D::Amount)
        .into_tuple::<(i64, i64, String, i64, Option<i64>, i32, Stored<BaseUnits>)>()
        .stream(db)
        .await?;
    while let Some((merchant_id, address_id, address, chain_id, token_id, decimals, Stored(amount))) =
        rows.try_next().await?
    {
        let token_id = token_column(token_id);
        let row = pairs
            .entry((address_id, token_id))
            .or_insert_with(|| collectable::ActiveModel {
                merchant_id: Set(merchant_id),
                deposit_address_id: Set(address_id),
                address: Set(address),
                chain_id: Set(chain_id),
                token_id: Set(token_id),
                decimals: Set(decimals),
                credited: Set(Stored(BaseUnits::ZERO)),
                collected: Set(Stored(BaseUnits::ZERO)),
                waiting_key: Set(String::new()),
                updated_at: Set(now),
                ..Default::default()
            });
        let sum = row.credited.as_ref().0.saturating_add(amount);
        row.credited = Set(Stored(sum));
        row.waiting_key = Set(waiting_key(sum));
    }
    Ok(pairs)
}

/// A pair whose stored credit is not the sum of its credited deposits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditDifference {
    pub deposit_address_id: i64,
    pub token_id: i64,
    /// None: no row stored.
    pub stored: Option<BaseUnits>,
    pub recomputed: BaseUnits,
}

impl Store {
    /// Fills the rows of deposits credited before collection existed (an upgrade): only when no
    /// row is stored and some deposit is credited, so after every migration it costs two
    /// one-row reads. Nothing was collected then: all of it waits. Several processes starting
    /// at once: the one that commits second fails on the pairs' unique key and starts again.
    pub(crate) async fn fill_collectable_if_empty(&self) -> AppResult<()> {
        let db = self.connection();
        let any_row = collectable::Entity::find()
            .select_only()
            .column(collectable::Column::Id);
        let any_credit = credited_deposits().select_only().column(deposit::Column::Id);
        if any_row.into_tuple::<i64>().one(db).await?.is_some()
            || any_credit.into_tuple::<i64>().one(db).await?.is_none()
        {
            return Ok(());
        }
        let tx = self.begin_write().await?;
        let pairs = recompute(&tx, chrono::Utc::now()).await?;
        let count = pairs.len();
        for batch in pairs.into_values().collect::<Vec<_>>().chunks(INSERT_BATCH) {
            collectable::Entity::insert_many(batch.to_vec()).exec(&tx).await?;
        }
        tx.commit().await?;
        tracing::info!(
            pairs = count,
            "collection: credited deposits counted for the addresses that hold them"
        );
        Ok(())
    }

    /// Every pair whose stored credit differs from its credited deposits (`coffer admin rollup
    /// verify`); a row with nothing credited and no deposit agrees.
    pub async fn verify_collectable(&self) -> AppResult<Vec<CreditDifference>> {
        let db = self.connection();
        let mut recomputed = recompute(db, chrono::Utc::now()).await?;
        let mut differences = Vec::new();
        let mut stored = collectable::Entity::find()
            .select_only()
            .columns([
                collectable::Column::DepositAddressId,
                collectable::Column::TokenId,
                collectable::Column::Credited,
            ])
            .into_tuple::<(i64, i64, Stored<BaseUnits>)>()
            .stream(db)
            .await?;
        while let Some((address_id, token_id, Stored(credited))) = stored.try_next().await? {
            let expected = recomputed
                .remove(&(address_id, token_id))
                .map_or(BaseUnits::ZERO, |row| row.credited.as_ref().0);
            if expected != credited {
                differences.push(CreditDifference {
                    deposit_address_id: address_id,
                    token_id,
                    stored: Some(credited),
                    recomputed: expected,
                });
            }
        }
        differences.extend(
            recomputed
                .into_iter()
                .map(|((address_id, token_id), row)| CreditDifference {
                    deposit_address_id: address_id,
                    token_id,
                    stored: None,
                    recomputed: row.credited.as_ref().0,
                }),
        );
        Ok(differences)
    }

    /// How many (address, token) rows are stored.
    pub async fn collectable_count(&self) -> AppResult<u64> {
        use sea_orm::PaginatorTrait;
        Ok(collectable::Entity::find().count(self.connection()).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sort_as_the_amounts_do() {
        let amounts = [0u128, 1, 9, 10, 999_999, 1_000_000, u128::MAX];
        let keys: Vec<String> = amounts
            .iter()
            .map(|a| waiting_key(BaseUnits::from_u128(*a)))
            .collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]));
        assert!(keys.iter().all(|k| k.len() == KEY_WIDTH));
        let max: BaseUnits = "115792089237316195423570985008687907853269984665640564039457584007913129639935"
            .parse()
            .unwrap();
        assert_eq!(waiting_key(max).len(), KEY_WIDTH, "the largest amount fits");
    }

    #[test]
    fn what_waits_never_goes_below_zero() {
        let (five, three) = (BaseUnits::from_u128(5), BaseUnits::from_u128(3));
        assert_eq!(waiting(five, three), BaseUnits::from_u128(2));
        assert_eq!(waiting(three, five), BaseUnits::ZERO);
    }
}
