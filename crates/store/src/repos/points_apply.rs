//! One batch of ledger ops in one write transaction (`PointsLedger::apply`).
//!
//! Lock order, so that concurrent batches on PostgreSQL never deadlock: the ops run sorted by
//! the merchant account they touch (stable, so one account's ops keep their order), each
//! merchant account updated as its op runs; the platform's accounts (revenue, outside, grants:
//! no limit to check, and touched by nearly every transfer) take the batch's summed change once
//! at the end, in id order. A merchant debit is one conditional UPDATE (the row lock decides
//! between concurrent holds: none takes the account past its credit limit); a refused op has
//! written nothing.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};
use coffer_domain::codes::StoredCode;
use coffer_domain::error::AppResult;
use coffer_domain::points::{
    keys, AccountRef, LedgerOp, NewTransfer, Outcome, PointAsset, Refusal, Resolution, TransferKind,
};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, Set};

use super::points::{balance_of, named_one};
use crate::entities::Stored;
use crate::entities::{point_account as account, point_open_hold as open_hold, point_transfer as transfer};

/// What a transfer changes on one account: (debits posted, credits posted, debits pending,
/// credits pending).
#[derive(Debug, Clone, Copy, Default)]
struct Delta([i64; 4]);

pub(crate) async fn apply(tx: &DatabaseTransaction, ops: &[LedgerOp]) -> AppResult<Vec<Outcome>> {
    let mut order: Vec<(i64, usize)> = Vec::with_capacity(ops.len());
    for (index, op) in ops.iter().enumerate() {
        order.push((merchant_of(tx, op).await?, index));
    }
    order.sort_by_key(|(merchant, _)| *merchant);
    let mut batch = Batch {
        tx,
        accounts: HashMap::new(),
        platform: BTreeMap::new(),
    };
    let mut outcomes: Vec<Option<Outcome>> = vec![None; ops.len()];
    for (_, index) in order {
        let outcome = match &ops[index] {
            LedgerOp::Transfer(new) => batch.transfer(new).await?,
            LedgerOp::Resolve {
                hold_key,
                resolution,
                at,
            } => batch.resolve(hold_key, *resolution, *at).await?,
        };
        outcomes[index] = Some(outcome);
    }
    batch.apply_platform().await?;
    Ok(outcomes.into_iter().map(|o| o.expect("every op ran")).collect())
}

/// The merchant whose account an op touches (0: none), the batch's lock order.
async fn merchant_of(tx: &DatabaseTransaction, op: &LedgerOp) -> AppResult<i64> {
    Ok(match op {
        LedgerOp::Transfer(new) => new.debit.merchant().max(new.credit.merchant()),
        LedgerOp::Resolve { hold_key, .. } => {
            find_key(tx, hold_key).await?.map_or(0, |hold| hold.merchant_id)
        }
    })
}

pub(crate) async fn find_key(tx: &DatabaseTransaction, key: &str) -> AppResult<Option<transfer::Model>> {
    Ok(transfer::Entity::find()
        .filter(transfer::Column::TransferKey.eq(key))
        .one(tx)
        .await?)
}

struct Batch<'a> {
    tx: &'a DatabaseTransaction,
    accounts: HashMap<(AccountRef, i32), i64>,
    /// The platform accounts' summed change, applied at the end in id order.
    platform: BTreeMap<i64, Delta>,
}

impl Batch<'_> {
    async fn transfer(&mut self, new: &NewTransfer) -> AppResult<Outcome> {
        if new.amount <= 0 || new.debit == new.credit {
            return Ok(Outcome::Refused(Refusal::BadAmount));
        }
        if let Some(existing) = find_key(self.tx, &new.key).await? {
            let existing = named_one(self.tx, existing).await?;
            let same = existing.asset == new.asset
                && existing.debit == new.debit
                && existing.credit == new.credit
                && existing.amount == new.amount
                && existing.cause == new.cause
                && existing.kind == kind_of(new)
                && existing.origin.reference == new.origin.reference;
            return Ok(if same {
                Outcome::Again(existing)
            } else {
                Outcome::Refused(Refusal::KeyReused)
            });
        }
        let debit = self.account(new.debit, new.asset, new.at).await?;
        let credit = self.account(new.credit, new.asset, new.at).await?;
        let pending = new.hold_until.is_some();
        let (debit_delta, credit_delta) = if pending {
            (Delta([0, 0, new.amount, 0]), Delta([0, 0, 0, new.amount]))
        } else {
            (Delta([new.amount, 0, 0, 0]), Delta([0, new.amount, 0, 0]))
        };
        let mut available_after = 0;
        if new.debit.limited() {
            match self.debit_merchant(debit, new.amount, debit_delta).await? {
                Ok(after) => available_after = after,
                Err(spendable) => return Ok(Outcome::Refused(Refusal::Insufficient { spendable })),
            }
        } else {
            self.later(debit, debit_delta);
        }
        if new.credit.limited() {
            available_after = self.change(credit, credit_delta).await?;
        } else {
            self.later(credit, credit_delta);
        }
        let row = transfer::ActiveModel {
            transfer_key: Set(new.key.clone()),
            kind: Set(Stored(kind_of(new))),
            asset: Set(Stored(new.asset)),
            debit_account_id: Set(debit),
            credit_account_id: Set(credit),
            amount: Set(new.amount),
            pending_id: Set(None),
            hold_until: Set(new.hold_until),
            merchant_id: Set(new.debit.merchant().max(new.credit.merchant())),
            cause: Set(Stored(new.cause)),
            reference: Set(new.origin.reference.clone()),
            rate_id: Set(new.origin.rate_id),
            chain: Set(new.origin.chain.clone()),
            tx_hash: Set(new.origin.tx_hash.clone()),
            available_after: Set(available_after),
            created_at: Set(new.at),
            ..Default::default()
        };
        let stored = transfer::Entity::insert(row).exec_with_returning(self.tx).await?;
        if let Some(until) = new.hold_until {
            open_hold::Entity::insert(open_hold::ActiveModel {
                transfer_id: Set(stored.id),
                hold_until: Set(until),
            })
            .exec(self.tx)
            .await?;
        }
        Ok(Outcome::Done(named_one(self.tx, stored).await?))
    }

    async fn resolve(
        &mut self,
        hold_key: &str,
        resolution: Resolution,
        at: DateTime<Utc>,
    ) -> AppResult<Outcome> {
        let hold = match find_key(self.tx, hold_key).await? {
            Some(hold) if hold.kind.0 == TransferKind::Hold => hold,
            _ => return Ok(Outcome::Refused(Refusal::NoSuchHold)),
        };
        let kind = resolution.kind();
        let key = keys::resolution(hold_key, kind);
        // Resolved before: the same resolution again is a retry, any other finds it resolved.
        if let Some(by) = resolved_by(self.tx, hold.id).await? {
            let by = named_one(self.tx, by).await?;
            let same = by.key == key && (kind != TransferKind::Post || by.amount == posted_of(resolution));
            return Ok(match (same, by.key == key) {
                (true, _) => Outcome::Again(by),
                (false, true) => Outcome::Refused(Refusal::KeyReused),
                (false, false) => Outcome::Refused(Refusal::AlreadyResolved(by.kind)),
            });
        }
        let posted = match resolution {
            Resolution::Post(amount) if amount < 0 || amount > hold.amount => {
                return Ok(Outcome::Refused(Refusal::BadAmount))
            }
            Resolution::Expiry if hold.hold_until.is_some_and(|until| until > at) => {
                return Ok(Outcome::Refused(Refusal::NotExpired))
            }
            _ => posted_of(resolution),
        };
        // A void or expiry records the amount it released; a post, what it took.
        let amount = if kind == TransferKind::Post {
            posted
        } else {
            hold.amount
        };
        let released = open_hold::Entity::delete_by_id(hold.id).exec(self.tx).await?;
        if released.rows_affected == 0 {
            // Resolved by a batch that committed since the read above.
            return Ok(Outcome::Refused(match resolved_by(self.tx, hold.id).await? {
                Some(by) => Refusal::AlreadyResolved(by.kind.0),
                None => Refusal::NoSuchHold,
            }));
        }
        let debit_delta = Delta([posted, 0, -hold.amount, 0]);
        let credit_delta = Delta([0, posted, 0, -hold.amount]);
        let debit_is_merchant = self.is_merchant(hold.debit_account_id).await?;
        let mut available_after = 0;
        if debit_is_merchant {
            available_after = self.change(hold.debit_account_id, debit_delta).await?;
        } else {
            self.later(hold.debit_account_id, debit_delta);
        }
        if self.is_merchant(hold.credit_account_id).await? {
            available_after = self.change(hold.credit_account_id, credit_delta).await?;
        } else {
            self.later(hold.credit_account_id, credit_delta);
        }
        let row = transfer::ActiveModel {
            transfer_key: Set(key),
            kind: Set(Stored(kind)),
            asset: Set(hold.asset),
            debit_account_id: Set(hold.debit_account_id),
            credit_account_id: Set(hold.credit_account_id),
            amount: Set(amount),
            pending_id: Set(Some(hold.id)),
            hold_until: Set(None),
            merchant_id: Set(hold.merchant_id),
            cause: Set(hold.cause),
            reference: Set(hold.reference.clone()),
            rate_id: Set(hold.rate_id),
            chain: Set(hold.chain.clone()),
            tx_hash: Set(hold.tx_hash.clone()),
            available_after: Set(available_after),
            created_at: Set(at),
            ..Default::default()
        };
        let stored = transfer::Entity::insert(row).exec_with_returning(self.tx).await?;
        Ok(Outcome::Done(named_one(self.tx, stored).await?))
    }

    /// The account's id, made at first use.
    async fn account(&mut self, account: AccountRef, asset: PointAsset, at: DateTime<Utc>) -> AppResult<i64> {
        let cache_key = (account, asset.code());
        if let Some(id) = self.accounts.get(&cache_key) {
            return Ok(*id);
        }
        let id = account_id(self.tx, account, asset, at).await?;
        self.accounts.insert(cache_key, id);
        Ok(id)
    }

    async fn is_merchant(&mut self, id: i64) -> AppResult<bool> {
        if let Some(((account, _), _)) = self.accounts.iter().find(|(_, known)| **known == id) {
            return Ok(account.limited());
        }
        let row = account::Entity::find_by_id(id)
            .one(self.tx)
            .await?
            .ok_or_else(|| {
                coffer_domain::error::AppError::internal(format!("points account {id} is missing"))
            })?;
        let account = AccountRef::from_parts(row.kind.0, row.merchant_id);
        self.accounts.insert((account, row.asset.0.code()), id);
        Ok(account.limited())
    }

    /// Debits a merchant account only while it stays within its credit limit: the available
    /// points after, or Err(what it could spend).
    async fn debit_merchant(&mut self, id: i64, amount: i64, delta: Delta) -> AppResult<Result<i64, i64>> {
        use account::Column as A;
        let spendable = Expr::col(A::CreditsPosted)
            .add(Expr::col(A::CreditLimit))
            .sub(Expr::col(A::DebitsPosted))
            .sub(Expr::col(A::DebitsPending));
        let updated = changed(delta)
            .filter(A::Id.eq(id))
            .filter(spendable.gte(amount))
            .exec(self.tx)
            .await?;
        let row = read(self.tx, id).await?;
        let balance = balance_of(&row);
        Ok(if updated.rows_affected == 1 {
            Ok(balance.available())
        } else {
            Err(balance.spendable())
        })
    }

    /// Changes a merchant account now: its available points after.
    async fn change(&mut self, id: i64, delta: Delta) -> AppResult<i64> {
        changed(delta)
            .filter(account::Column::Id.eq(id))
            .exec(self.tx)
            .await?;
        Ok(balance_of(&read(self.tx, id).await?).available())
    }

    fn later(&mut self, id: i64, delta: Delta) {
        let sum = self.platform.entry(id).or_default();
        for (total, part) in sum.0.iter_mut().zip(delta.0) {
            *total += part;
        }
    }

    async fn apply_platform(&mut self) -> AppResult<()> {
        for (id, delta) in std::mem::take(&mut self.platform) {
            changed(delta)
                .filter(account::Column::Id.eq(id))
                .exec(self.tx)
                .await?;
        }
        Ok(())
    }
}

/// What a resolution posts: its amount for a post, nothing for a void or an expiry.
fn posted_of(resolution: Resolution) -> i64 {
    match resolution {
        Resolution::Post(amount) => amount,
        Resolution::Void | Resolution::Expiry => 0,
    }
}

async fn resolved_by(tx: &DatabaseTransaction, hold_id: i64) -> AppResult<Option<transfer::Model>> {
    Ok(transfer::Entity::find()
        .filter(transfer::Column::PendingId.eq(hold_id))
        .one(tx)
        .await?)
}

fn kind_of(new: &NewTransfer) -> TransferKind {
    if new.hold_until.is_some() {
        TransferKind::Hold
    } else {
        TransferKind::Single
    }
}

fn changed(delta: Delta) -> sea_orm::UpdateMany<account::Entity> {
    use account::Column as A;
    let [dp, cp, dpend, cpend] = delta.0;
    account::Entity::update_many()
        .col_expr(A::DebitsPosted, Expr::col(A::DebitsPosted).add(dp))
        .col_expr(A::CreditsPosted, Expr::col(A::CreditsPosted).add(cp))
        .col_expr(A::DebitsPending, Expr::col(A::DebitsPending).add(dpend))
        .col_expr(A::CreditsPending, Expr::col(A::CreditsPending).add(cpend))
}

async fn read(tx: &DatabaseTransaction, id: i64) -> AppResult<account::Model> {
    account::Entity::find_by_id(id)
        .one(tx)
        .await?
        .ok_or_else(|| coffer_domain::error::AppError::internal(format!("points account {id} is missing")))
}

/// The account's id; the row is made (all zero) the first time the account is used.
pub(crate) async fn account_id(
    db: &impl sea_orm::ConnectionTrait,
    account: AccountRef,
    asset: PointAsset,
    at: DateTime<Utc>,
) -> AppResult<i64> {
    use account::Column as A;
    let find = || {
        account::Entity::find()
            .filter(A::Kind.eq(account.kind().code()))
            .filter(A::MerchantId.eq(account.merchant()))
            .filter(A::Asset.eq(asset.code()))
    };
    if let Some(row) = find().one(db).await? {
        return Ok(row.id);
    }
    account::Entity::insert(account::ActiveModel {
        kind: Set(Stored(account.kind())),
        merchant_id: Set(account.merchant()),
        asset: Set(Stored(asset)),
        debits_posted: Set(0),
        credits_posted: Set(0),
        debits_pending: Set(0),
        credits_pending: Set(0),
        credit_limit: Set(0),
        low_notified: Set(false),
        created_at: Set(at),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([A::Kind, A::MerchantId, A::Asset])
            .do_nothing()
            .to_owned(),
    )
    .do_nothing()
    .exec(db)
    .await?;
    let row = find().one(db).await?.ok_or_else(|| {
        coffer_domain::error::AppError::internal("points account missing right after its insert")
    })?;
    Ok(row.id)
}
