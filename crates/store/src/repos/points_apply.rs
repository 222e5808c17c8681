//! One batch of ledger ops in one write transaction (`PointsLedger::apply`).
//!
//! 1. Every account the batch names is made if missing (in a fixed order), then the merchant
//!    accounts are read and locked at once in id order (`FOR UPDATE` on PostgreSQL; SQLite's
//!    transaction already holds the only write lock).
//! 2. The ops run in order against those totals in memory: a debit that would take a merchant
//!    account below minus its credit limit is refused and writes nothing; a transfer made is
//!    staged (a hold to be marked open, a resolution to delete that mark).
//! 3. At the end (`points_batch.rs`) the staged transfers are written in multi-row INSERTs, and
//!    each account's change once: the merchant accounts in one UPDATE, then the platform's
//!    (revenue, outside, grants: touched by nearly every transfer, held for the shortest time)
//!    in id order. Every batch takes its locks in that one order, so
//!    concurrent batches from any number of nodes never deadlock, and none overspends.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};
use coffer_domain::codes::StoredCode;
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::points::{
    keys, AccountRef, Balance, Cause, LedgerOp, NewTransfer, Outcome, Refusal, Resolution, Transfer,
    TransferKind,
};
use sea_orm::DatabaseTransaction;

use super::points::named_with;
use crate::entities::point_transfer as transfer;
use crate::entities::Stored;

pub(crate) async fn apply(tx: &DatabaseTransaction, ops: &[LedgerOp]) -> AppResult<Vec<Outcome>> {
    let mut batch = Batch::read(tx, ops).await?;
    let mut slots = Vec::with_capacity(ops.len());
    for op in ops {
        slots.push(match op {
            LedgerOp::Transfer(new) => batch.transfer(new).await?,
            LedgerOp::Resolve {
                hold_key,
                resolution,
                at,
            } => batch.resolve(hold_key, *resolution, *at).await?,
        });
    }
    batch.flush().await?;
    batch.write_totals().await?;
    slots
        .into_iter()
        .map(|slot| match slot {
            Slot::Ready(outcome) => Ok(*outcome),
            Slot::Made(key) => Ok(Outcome::Done(batch.named(batch.by_key[&key].clone())?)),
        })
        .collect()
}

fn ready(outcome: Outcome) -> Slot {
    Slot::Ready(Box::new(outcome))
}

/// An op's outcome, or the key of the transfer it made (its id is known once written).
enum Slot {
    Ready(Box<Outcome>),
    Made(String),
}

pub(super) struct Account {
    pub(super) name: AccountRef,
    /// The totals read under the lock (merchant accounts) plus this batch's changes.
    pub(super) balance: Balance,
    /// This batch's change.
    pub(super) change: Balance,
}

pub(super) struct Batch<'a> {
    pub(super) tx: &'a DatabaseTransaction,
    /// Every transfer with a key the batch names, and those it made.
    pub(super) by_key: HashMap<String, transfer::Model>,
    /// Resolutions of the holds the batch names, by hold id.
    pub(super) resolution_of: HashMap<i64, transfer::Model>,
    pub(super) ids: HashMap<(AccountRef, i32), i64>,
    pub(super) accounts: BTreeMap<i64, Account>,
    /// Transfers made and not yet written (id 0 until then), written together.
    pub(super) staged: Vec<String>,
    /// Holds made, marked open once written; holds resolved, their mark deleted.
    pub(super) opened: Vec<(String, DateTime<Utc>)>,
    pub(super) released: Vec<i64>,
}

impl Batch<'_> {
    async fn transfer(&mut self, new: &NewTransfer) -> AppResult<Slot> {
        if new.amount <= 0 || new.debit == new.credit {
            return Ok(ready(Outcome::Refused(Refusal::BadAmount)));
        }
        let kind = if new.hold_until.is_some() {
            TransferKind::Hold
        } else {
            TransferKind::Single
        };
        if self.by_key.get(&new.key).is_some_and(|row| row.id == 0) {
            self.flush().await?;
        }
        if let Some(existing) = self.by_key.get(&new.key) {
            let existing = self.named(existing.clone())?;
            let same = existing.asset == new.asset
                && existing.debit == new.debit
                && existing.credit == new.credit
                && existing.amount == new.amount
                && existing.cause == new.cause
                && existing.kind == kind
                && existing.origin.reference == new.origin.reference;
            return Ok(ready(if same {
                Outcome::Again(existing)
            } else {
                Outcome::Refused(Refusal::KeyReused)
            }));
        }
        let debit = self.ids[&(new.debit, new.asset.code())];
        let credit = self.ids[&(new.credit, new.asset.code())];
        let debit_account = &self.accounts[&debit];
        if debit_account.name.limited()
            && !overdraws_by_right(new.cause)
            && debit_account.balance.spendable() < new.amount
        {
            return Ok(ready(Outcome::Refused(Refusal::Insufficient {
                spendable: debit_account.balance.spendable(),
            })));
        }
        let pending = kind == TransferKind::Hold;
        self.change(debit, |b| {
            if pending {
                b.debits_pending += new.amount
            } else {
                b.debits_posted += new.amount
            }
        });
        self.change(credit, |b| {
            if pending {
                b.credits_pending += new.amount
            } else {
                b.credits_posted += new.amount
            }
        });
        let available_after = self.merchant_available(debit, credit);
        self.stage(transfer::Model {
            id: 0,
            transfer_key: new.key.clone(),
            kind: Stored(kind),
            asset: Stored(new.asset),
            debit_account_id: debit,
            credit_account_id: credit,
            amount: new.amount,
            pending_id: None,
            hold_until: new.hold_until,
            merchant_id: new.debit.merchant().max(new.credit.merchant()),
            cause: Stored(new.cause),
            reference: new.origin.reference.clone(),
            rate_id: new.origin.rate_id,
            chain: new.origin.chain.clone(),
            tx_hash: new.origin.tx_hash.clone(),
            volume: new.origin.volume.as_ref().map(|v| v.amount.clone()),
            volume_symbol: new.origin.volume.as_ref().map(|v| v.symbol.clone()),
            available_after,
            created_at: new.at,
        });
        if let Some(until) = new.hold_until {
            self.opened.push((new.key.clone(), until));
        }
        Ok(Slot::Made(new.key.clone()))
    }

    async fn resolve(
        &mut self,
        hold_key: &str,
        resolution: Resolution,
        at: DateTime<Utc>,
    ) -> AppResult<Slot> {
        // A hold or resolution this batch made is written first: its id is needed.
        let key = keys::resolution(hold_key, resolution.kind());
        if [hold_key, key.as_str()]
            .iter()
            .any(|k| self.by_key.get(*k).is_some_and(|row| row.id == 0))
        {
            self.flush().await?;
        }
        let hold = match self.by_key.get(hold_key) {
            Some(hold) if hold.kind.0 == TransferKind::Hold => hold.clone(),
            _ => return Ok(ready(Outcome::Refused(Refusal::NoSuchHold))),
        };
        let kind = resolution.kind();
        if self.resolution_of.get(&hold.id).is_some_and(|row| row.id == 0) {
            self.flush().await?;
        }
        // Resolved before: the same resolution again is a retry, any other finds it resolved.
        if let Some(by) = self.resolution_of.get(&hold.id) {
            let by = self.named(by.clone())?;
            let same = by.key == key && (kind != TransferKind::Post || by.amount == posted_of(resolution));
            return Ok(ready(match (same, by.key == key) {
                (true, _) => Outcome::Again(by),
                (false, true) => Outcome::Refused(Refusal::KeyReused),
                (false, false) => Outcome::Refused(Refusal::AlreadyResolved(by.kind)),
            }));
        }
        let posted = match resolution {
            Resolution::Post(amount) if amount < 0 || amount > hold.amount => {
                return Ok(ready(Outcome::Refused(Refusal::BadAmount)))
            }
            Resolution::Expiry if hold.hold_until.is_some_and(|until| until > at) => {
                return Ok(ready(Outcome::Refused(Refusal::NotExpired)))
            }
            _ => posted_of(resolution),
        };
        self.released.push(hold.id);
        self.change(hold.debit_account_id, |b| {
            b.debits_pending -= hold.amount;
            b.debits_posted += posted;
        });
        self.change(hold.credit_account_id, |b| {
            b.credits_pending -= hold.amount;
            b.credits_posted += posted;
        });
        // A void or expiry records the amount it released; a post, what it took.
        let amount = if kind == TransferKind::Post {
            posted
        } else {
            hold.amount
        };
        let available_after = self.merchant_available(hold.debit_account_id, hold.credit_account_id);
        let row = transfer::Model {
            id: 0,
            transfer_key: key.clone(),
            kind: Stored(kind),
            asset: hold.asset,
            debit_account_id: hold.debit_account_id,
            credit_account_id: hold.credit_account_id,
            amount,
            pending_id: Some(hold.id),
            hold_until: None,
            merchant_id: hold.merchant_id,
            cause: hold.cause,
            reference: hold.reference.clone(),
            rate_id: hold.rate_id,
            chain: hold.chain.clone(),
            tx_hash: hold.tx_hash.clone(),
            volume: hold.volume.clone(),
            volume_symbol: hold.volume_symbol.clone(),
            available_after,
            created_at: at,
        };
        self.resolution_of.insert(hold.id, row.clone());
        self.stage(row);
        Ok(Slot::Made(key))
    }

    pub(super) fn change(&mut self, id: i64, edit: impl Fn(&mut Balance)) {
        let account = self
            .accounts
            .get_mut(&id)
            .expect("the batch read every account it names");
        edit(&mut account.balance);
        edit(&mut account.change);
    }

    /// The available points of the merchant account on either side, after the change.
    pub(super) fn merchant_available(&self, debit: i64, credit: i64) -> i64 {
        [debit, credit]
            .iter()
            .map(|id| &self.accounts[id])
            .find(|a| a.name.limited())
            .map_or(0, |a| a.balance.available())
    }

    pub(super) fn named(&self, row: transfer::Model) -> AppResult<Transfer> {
        let name = |id: i64| {
            self.accounts
                .get(&id)
                .map(|a| a.name)
                .ok_or_else(|| AppError::internal(format!("points account {id} was not read")))
        };
        let (debit, credit) = (name(row.debit_account_id)?, name(row.credit_account_id)?);
        Ok(named_with(row, debit, credit))
    }
}

/// Only the reversal of a recharge a reorganisation undid may take a merchant below its credit
/// limit: the points were never paid for, spent or not, and must leave.
fn overdraws_by_right(cause: Cause) -> bool {
    cause == Cause::RechargeReversal
}

/// What a resolution posts: its amount for a post, nothing for a void or an expiry.
fn posted_of(resolution: Resolution) -> i64 {
    match resolution {
        Resolution::Post(amount) => amount,
        Resolution::Void | Resolution::Expiry => 0,
    }
}
