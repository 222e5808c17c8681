//! The batch's reads and writes (`points_apply.rs` runs its ops): the accounts made if missing
//! and locked, the transfers found by key; at the end, the staged transfers written together and
//! each account's change once.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use coffer_domain::codes::StoredCode;
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::points::{keys, AccountRef, Balance, LedgerOp, PointAsset};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use super::points::balance_of;
use super::points_apply::{Account, Batch};
use crate::entities::Stored;
use crate::entities::{point_account as account, point_open_hold as open_hold, point_transfer as transfer};

/// Rows per multi-row statement: 17 columns each stay far below SQLite's limit of bound values.
const FLUSH_ROWS: usize = 500;

impl<'a> Batch<'a> {
    pub(super) async fn read(tx: &'a DatabaseTransaction, ops: &[LedgerOp]) -> AppResult<Batch<'a>> {
        let mut keys: BTreeSet<String> = BTreeSet::new();
        for op in ops {
            match op {
                LedgerOp::Transfer(new) => {
                    keys.insert(new.key.clone());
                }
                LedgerOp::Resolve {
                    hold_key, resolution, ..
                } => {
                    keys.insert(hold_key.clone());
                    keys.insert(keys::resolution(hold_key, resolution.kind()));
                }
            }
        }
        let by_key: HashMap<String, transfer::Model> = transfer::Entity::find()
            .filter(transfer::Column::TransferKey.is_in(keys))
            .all(tx)
            .await?
            .into_iter()
            .map(|row| (row.transfer_key.clone(), row))
            .collect();
        // The accounts: those new transfers name, and those of the holds resolved.
        let mut named: BTreeSet<(i32, i64, i32)> = BTreeSet::new();
        let mut hold_ids = Vec::new();
        let mut ids: HashMap<(AccountRef, i32), i64> = HashMap::new();
        // Those of the transfers found by key too: a retry answers with the transfer made.
        let mut by_id: BTreeSet<i64> = by_key
            .values()
            .flat_map(|row| [row.debit_account_id, row.credit_account_id])
            .collect();
        for op in ops {
            match op {
                LedgerOp::Transfer(new) => {
                    for side in [new.debit, new.credit] {
                        named.insert((side.kind().code(), side.merchant(), new.asset.code()));
                    }
                }
                LedgerOp::Resolve { hold_key, .. } => {
                    if let Some(hold) = by_key.get(hold_key) {
                        hold_ids.push(hold.id);
                    }
                }
            }
        }
        // One read for the accounts that exist; each missing one is made (in key order).
        let merchants: BTreeSet<i64> = named.iter().map(|(_, merchant, _)| *merchant).collect();
        for row in account::Entity::find()
            .filter(account::Column::MerchantId.is_in(merchants))
            .all(tx)
            .await?
        {
            ids.insert(
                (
                    AccountRef::from_parts(row.kind.0, row.merchant_id),
                    row.asset.0.code(),
                ),
                row.id,
            );
        }
        for (kind, merchant, asset) in named {
            let name = AccountRef::from_parts(
                coffer_domain::points::AccountKind::from_code(kind).expect("a kind the batch named"),
                merchant,
            );
            let id = match ids.get(&(name, asset)) {
                Some(id) => *id,
                None => {
                    let asset = PointAsset::from_code(asset).expect("an asset the batch named");
                    let id = account_id(tx, name, asset, Utc::now()).await?;
                    ids.insert((name, asset.code()), id);
                    id
                }
            };
            by_id.insert(id);
        }
        let mut locked = account::Entity::find()
            .filter(account::Column::Id.is_in(by_id))
            .order_by_asc(account::Column::Id);
        if tx.get_database_backend() == DatabaseBackend::Postgres {
            locked = locked.lock_exclusive();
        }
        let mut accounts = BTreeMap::new();
        for row in locked.all(tx).await? {
            let name = AccountRef::from_parts(row.kind.0, row.merchant_id);
            ids.insert((name, row.asset.0.code()), row.id);
            accounts.insert(
                row.id,
                Account {
                    name,
                    balance: balance_of(&row),
                    change: Balance::default(),
                },
            );
        }
        // Read again after the locks: a transfer another batch committed meanwhile under one of
        // our keys is found (its retry answers with it) instead of clashing on the key.
        let late: Vec<String> = ops
            .iter()
            .filter_map(|op| match op {
                LedgerOp::Transfer(new) if !by_key.contains_key(&new.key) => Some(new.key.clone()),
                _ => None,
            })
            .collect();
        let mut by_key = by_key;
        if !late.is_empty() {
            for row in transfer::Entity::find()
                .filter(transfer::Column::TransferKey.is_in(late))
                .all(tx)
                .await?
            {
                if ![row.debit_account_id, row.credit_account_id]
                    .iter()
                    .all(|id| accounts.contains_key(id))
                {
                    return Err(AppError::internal(format!(
                        "transfer {} was made at the same time on other accounts",
                        row.transfer_key
                    )));
                }
                by_key.insert(row.transfer_key.clone(), row);
            }
        }
        // Read after the locks: a resolution another batch committed meanwhile is seen.
        let resolution_of = if hold_ids.is_empty() {
            HashMap::new()
        } else {
            transfer::Entity::find()
                .filter(transfer::Column::PendingId.is_in(hold_ids))
                .all(tx)
                .await?
                .into_iter()
                .filter_map(|row| row.pending_id.map(|hold| (hold, row)))
                .collect()
        };
        Ok(Batch {
            tx,
            by_key,
            resolution_of,
            ids,
            accounts,
            staged: Vec::new(),
            opened: Vec::new(),
            released: Vec::new(),
        })
    }

    pub(super) fn stage(&mut self, row: transfer::Model) {
        self.staged.push(row.transfer_key.clone());
        self.by_key.insert(row.transfer_key.clone(), row);
    }

    /// Writes the staged transfers (a few multi-row INSERTs), learns their ids, marks the new
    /// holds open and unmarks those resolved.
    pub(super) async fn flush(&mut self) -> AppResult<()> {
        let staged = std::mem::take(&mut self.staged);
        for chunk in staged.chunks(FLUSH_ROWS) {
            let rows = chunk.iter().map(|key| {
                let mut row: transfer::ActiveModel = self.by_key[key].clone().into();
                row.id = sea_orm::ActiveValue::NotSet;
                row
            });
            transfer::Entity::insert_many(rows).exec(self.tx).await?;
            let ids: Vec<(i64, String)> = transfer::Entity::find()
                .select_only()
                .columns([transfer::Column::Id, transfer::Column::TransferKey])
                .filter(transfer::Column::TransferKey.is_in(chunk.iter().cloned()))
                .into_tuple()
                .all(self.tx)
                .await?;
            for (id, key) in ids {
                let row = self.by_key.get_mut(&key).expect("a staged key");
                row.id = id;
                if let Some(hold) = row.pending_id {
                    self.resolution_of.insert(hold, row.clone());
                }
            }
        }
        let opened = std::mem::take(&mut self.opened);
        for chunk in opened.chunks(FLUSH_ROWS) {
            let rows = chunk.iter().map(|(key, until)| open_hold::ActiveModel {
                transfer_id: Set(self.by_key[key].id),
                hold_until: Set(*until),
            });
            open_hold::Entity::insert_many(rows).exec(self.tx).await?;
        }
        let released = std::mem::take(&mut self.released);
        for chunk in released.chunks(FLUSH_ROWS) {
            let deleted = open_hold::Entity::delete_many()
                .filter(open_hold::Column::TransferId.is_in(chunk.iter().copied()))
                .exec(self.tx)
                .await?;
            if deleted.rows_affected != chunk.len() as u64 {
                return Err(AppError::internal(
                    "a hold resolved in this batch was not marked open",
                ));
            }
        }
        Ok(())
    }

    /// Each account's change, once: the merchant accounts (locked since the start) in one
    /// statement, then the platform's, one each in id order.
    pub(super) async fn write_totals(&self) -> AppResult<()> {
        let changed: Vec<(i64, &Account)> = self
            .accounts
            .iter()
            .filter(|(_, a)| a.change != Balance::default())
            .map(|(id, a)| (*id, a))
            .collect();
        let (merchants, platform): (Vec<_>, Vec<_>) =
            changed.into_iter().partition(|(_, a)| a.name.limited());
        if !merchants.is_empty() {
            update_totals(&merchants).exec(self.tx).await?;
        }
        for one in platform {
            update_totals(&[one]).exec(self.tx).await?;
        }
        Ok(())
    }
}

/// `UPDATE point_account SET total = total + CASE id WHEN … END, … WHERE id IN (…)`: every
/// given account's change in one statement.
fn update_totals(accounts: &[(i64, &Account)]) -> sea_orm::UpdateMany<account::Entity> {
    use account::Column as A;
    let by_id = |part: fn(&Balance) -> i64| {
        let mut case = sea_orm::sea_query::CaseStatement::new();
        for (id, account) in accounts {
            case = case.case(Expr::col(A::Id).eq(*id), Expr::val(part(&account.change)));
        }
        case.finally(Expr::val(0i64))
    };
    let add = |column: A, part: fn(&Balance) -> i64| {
        (
            column,
            Expr::col(column).add(sea_orm::sea_query::SimpleExpr::Case(Box::new(by_id(part)))),
        )
    };
    let mut update = account::Entity::update_many();
    for (column, value) in [
        add(A::DebitsPosted, |b| b.debits_posted),
        add(A::CreditsPosted, |b| b.credits_posted),
        add(A::DebitsPending, |b| b.debits_pending),
        add(A::CreditsPending, |b| b.credits_pending),
    ] {
        update = update.col_expr(column, value);
    }
    update.filter(A::Id.is_in(accounts.iter().map(|(id, _)| *id)))
}

/// The account's id; the row is made (all zero) the first time the account is used.
pub(crate) async fn account_id(
    db: &impl ConnectionTrait,
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
    let row = find()
        .one(db)
        .await?
        .ok_or_else(|| AppError::internal("points account missing right after its insert"))?;
    Ok(row.id)
}
