//! Balances and nonces, derived from the transactions in the database. Every block in
//! `devchain_block` is canonical (a reorganisation deletes the blocks it replaces), so "included"
//! means `block_number IS NOT NULL`. Sums are done here, exactly, never in SQL.

use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{ChainError, ChainResult};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use std::collections::HashMap;

use super::entities::tx;
use super::{fee, ZERO_ADDRESS};

pub(crate) fn db_err(err: DbErr) -> ChainError {
    ChainError::Unavailable(format!("devchain database: {err}"))
}

pub(crate) fn units(text: &str) -> ChainResult<BaseUnits> {
    text.parse()
        .map_err(|_| ChainError::Protocol(format!("devchain amount {text:?} is not base units")))
}

/// Balances of some addresses, keyed by (address, asset) with asset "" for the native coin.
#[derive(Debug, Default)]
pub(crate) struct Balances {
    credit: HashMap<(String, String), BaseUnits>,
    debit: HashMap<(String, String), BaseUnits>,
}

impl Balances {
    fn add(
        map: &mut HashMap<(String, String), BaseUnits>,
        key: (String, String),
        v: BaseUnits,
    ) -> ChainResult<()> {
        let slot = map.entry(key).or_default();
        *slot = slot
            .checked_add(v)
            .ok_or_else(|| ChainError::Protocol("devchain balance overflow".into()))?;
        Ok(())
    }

    /// Applies a successful transaction: the recipient gets the amount, the sender pays the
    /// amount and the fee (fees are burnt, like EIP-1559's base fee).
    pub fn apply(&mut self, t: &tx::Model) -> ChainResult<()> {
        let amount = units(&t.amount)?;
        Self::add(&mut self.credit, (t.recipient.clone(), t.asset.clone()), amount)?;
        if t.sender != ZERO_ADDRESS {
            Self::add(&mut self.debit, (t.sender.clone(), t.asset.clone()), amount)?;
            Self::add(&mut self.debit, (t.sender.clone(), String::new()), units(&t.fee)?)?;
        }
        Ok(())
    }

    /// Subtracts a pending outgoing transaction (amount and fee) from what its sender can spend.
    pub fn reserve(&mut self, t: &tx::Model) -> ChainResult<()> {
        Self::add(
            &mut self.debit,
            (t.sender.clone(), t.asset.clone()),
            units(&t.amount)?,
        )?;
        Self::add(&mut self.debit, (t.sender.clone(), String::new()), units(&t.fee)?)
    }

    /// The balance, or None when more went out than came in (for a spendable amount: the
    /// pending transactions already overspend it).
    pub fn get(&self, address: &str, asset: &str) -> Option<BaseUnits> {
        let key = (address.to_string(), asset.to_string());
        let credit = self.credit.get(&key).copied().unwrap_or_default();
        credit.checked_sub(self.debit.get(&key).copied().unwrap_or_default())
    }

    pub fn get_confirmed(&self, address: &str, asset: &str) -> ChainResult<BaseUnits> {
        self.get(address, asset)
            .ok_or_else(|| ChainError::Protocol(format!("devchain balance of {address} is negative")))
    }

    /// Whether `sender` can pay `amount` of `asset` plus the fee.
    pub fn can_pay(&self, sender: &str, asset: &str, amount: BaseUnits, fee: BaseUnits) -> bool {
        let native = self.get(sender, "").unwrap_or_default();
        if asset.is_empty() {
            amount.checked_add(fee).is_some_and(|need| need <= native)
        } else {
            fee <= native && amount <= self.get(sender, asset).unwrap_or_default()
        }
    }
}

/// The balances of `addresses` from the successful transactions of all included blocks.
pub(crate) async fn confirmed<C: ConnectionTrait>(db: &C, addresses: &[String]) -> ChainResult<Balances> {
    let mut balances = Balances::default();
    if addresses.is_empty() {
        return Ok(balances);
    }
    let rows = tx::Entity::find()
        .filter(tx::Column::BlockNumber.is_not_null())
        .filter(tx::Column::Success.eq(true))
        .filter(
            Condition::any()
                .add(tx::Column::Sender.is_in(addresses.iter().cloned()))
                .add(tx::Column::Recipient.is_in(addresses.iter().cloned())),
        )
        .all(db)
        .await
        .map_err(db_err)?;
    for row in &rows {
        balances.apply(row)?;
    }
    Ok(balances)
}

/// What `address` can still spend: its confirmed balances minus its pending transactions.
pub(crate) async fn spendable<C: ConnectionTrait>(db: &C, address: &str) -> ChainResult<Balances> {
    let mut balances = confirmed(db, &[address.to_string()]).await?;
    let pending = tx::Entity::find()
        .filter(tx::Column::BlockNumber.is_null())
        .filter(tx::Column::Sender.eq(address))
        .all(db)
        .await
        .map_err(db_err)?;
    for row in &pending {
        balances.reserve(row)?;
    }
    Ok(balances)
}

/// The nonce the next transaction of `address` must carry: one past its highest nonce among
/// included transactions (failed ones too: they are on chain), and pending ones if asked.
pub(crate) async fn next_nonce<C: ConnectionTrait>(db: &C, address: &str, pending: bool) -> ChainResult<u64> {
    let mut query = tx::Entity::find().filter(tx::Column::Sender.eq(address));
    if !pending {
        query = query.filter(tx::Column::BlockNumber.is_not_null());
    }
    let last = query
        .order_by_desc(tx::Column::Nonce)
        .one(db)
        .await
        .map_err(db_err)?;
    Ok(last.map_or(0, |t| t.nonce as u64 + 1))
}

/// Whether `sender` can pay `amount` of `asset` and the fee, for messages: what is missing.
pub(crate) fn shortfall(b: &Balances, sender: &str, asset: &str, amount: BaseUnits) -> Option<String> {
    let describe = |v: BaseUnits, asset: &str| super::describe(v, asset);
    let native = b.get(sender, "").unwrap_or_default();
    if asset.is_empty() {
        let Some(need) = amount.checked_add(fee()) else {
            return Some("the amount is too large".into());
        };
        (need > native).then(|| {
            format!(
                "insufficient funds: {sender} can spend {}, the transfer needs {} (amount + fee)",
                describe(native, ""),
                describe(need, "")
            )
        })
    } else {
        let have = b.get(sender, asset).unwrap_or_default();
        if amount > have {
            Some(format!(
                "insufficient funds: {sender} can spend {}, the transfer needs {}",
                describe(have, asset),
                describe(amount, asset)
            ))
        } else {
            (fee() > native).then(|| {
                format!(
                    "insufficient funds for the fee: {sender} can spend {}, the fee is {}",
                    describe(native, ""),
                    describe(fee(), "")
                )
            })
        }
    }
}
