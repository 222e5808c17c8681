//! [`PointsLedger`]: the points ledger on `point_account`, `point_transfer` and
//! `point_open_hold` (the batch itself in `points_apply.rs`, the audit in `ledger_audit.rs`).

use chrono::{DateTime, Utc};
use coffer_domain::codes::StoredCode;
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::points::{
    AccountKind, AccountRef, Balance, Cause, LedgerOp, Origin, Outcome, PointAsset, Transfer, Volume,
};
use coffer_domain::ports::{MerchantId, PageRequest, Paged, PointsLedger, TransferFilter};
use sea_orm::sea_query::{Expr, Query};
use std::collections::HashMap;

use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait,
    Select,
};

use super::points_apply::apply;
use super::points_batch::account_id;
use super::query::{page_as, within};
use crate::entities::{point_account as account, point_open_hold as open_hold, point_transfer as transfer};
use crate::Store;

#[async_trait::async_trait]
impl PointsLedger for Store {
    async fn apply(&self, ops: &[LedgerOp]) -> AppResult<Vec<Outcome>> {
        if ops.is_empty() {
            return Ok(Vec::new());
        }
        let tx = self.begin_write().await?;
        let outcomes = apply(&tx, ops).await?;
        tx.commit().await?;
        Ok(outcomes)
    }

    async fn balance(&self, account: AccountRef, asset: PointAsset) -> AppResult<Balance> {
        Ok(account::Entity::find()
            .filter(account::Column::Kind.eq(account.kind().code()))
            .filter(account::Column::MerchantId.eq(account.merchant()))
            .filter(account::Column::Asset.eq(asset.code()))
            .one(self.connection())
            .await?
            .map(|row| balance_of(&row))
            .unwrap_or_default())
    }

    async fn set_credit_limit(
        &self,
        merchant_id: MerchantId,
        asset: PointAsset,
        limit: i64,
    ) -> AppResult<()> {
        let tx = self.begin_write().await?;
        let id = account_id(&tx, AccountRef::Merchant(merchant_id), asset, Utc::now()).await?;
        account::Entity::update_many()
            .col_expr(account::Column::CreditLimit, Expr::value(limit))
            .filter(account::Column::Id.eq(id))
            .exec(&tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    async fn transfer_by_key(&self, key: &str) -> AppResult<Option<Transfer>> {
        let row = transfer::Entity::find()
            .filter(transfer::Column::TransferKey.eq(key))
            .one(self.connection())
            .await?;
        match row {
            Some(row) => Ok(Some(named_one(self.connection(), row).await?)),
            None => Ok(None),
        }
    }

    async fn expired_holds(&self, now: DateTime<Utc>, limit: u64) -> AppResult<Vec<Transfer>> {
        let due: Vec<i64> = open_hold::Entity::find()
            .select_only()
            .column(open_hold::Column::TransferId)
            .filter(open_hold::Column::HoldUntil.lt(now))
            .order_by_asc(open_hold::Column::HoldUntil)
            .limit(limit)
            .into_tuple()
            .all(self.connection())
            .await?;
        let rows = transfer::Entity::find()
            .filter(transfer::Column::Id.is_in(due))
            .order_by_asc(transfer::Column::Id)
            .all(self.connection())
            .await?;
        named(self.connection(), rows).await
    }

    async fn open_holds(&self, causes: &[Cause], after_id: i64, limit: u64) -> AppResult<Vec<Transfer>> {
        let open = Query::select()
            .column(open_hold::Column::TransferId)
            .from(open_hold::Entity)
            .to_owned();
        let rows = transfer::Entity::find()
            .filter(transfer::Column::Id.in_subquery(open))
            .filter(transfer::Column::Cause.is_in(causes.iter().map(|c| c.code())))
            .filter(transfer::Column::Id.gt(after_id))
            .order_by_asc(transfer::Column::Id)
            .limit(limit)
            .all(self.connection())
            .await?;
        named(self.connection(), rows).await
    }

    async fn transfers(
        &self,
        merchant_id: MerchantId,
        filter: &TransferFilter,
        page: PageRequest,
    ) -> AppResult<Paged<Transfer>> {
        let query = selected(merchant_id, filter).order_by_desc(transfer::Column::Id);
        let paged = page_as(self, query, page, |row| row).await?;
        Ok(Paged {
            list: named(self.connection(), paged.list).await?,
            total: paged.total,
        })
    }

    async fn transfers_before(
        &self,
        merchant_id: MerchantId,
        filter: &TransferFilter,
        before_id: Option<i64>,
        limit: u64,
    ) -> AppResult<Vec<Transfer>> {
        let rows = selected(merchant_id, filter)
            .apply_if(before_id, |q, id| q.filter(transfer::Column::Id.lt(id)))
            .order_by_desc(transfer::Column::Id)
            .limit(limit)
            .all(self.connection())
            .await?;
        named(self.connection(), rows).await
    }
}

/// The transfers of the merchant's points the ledger screen's filter selects: not those of its
/// billed account (postpaid fees are the bill's lines, not points).
fn selected(merchant_id: MerchantId, filter: &TransferFilter) -> Select<transfer::Entity> {
    let points_accounts = Query::select()
        .column(account::Column::Id)
        .from(account::Entity)
        .and_where(account::Column::Kind.eq(AccountKind::Merchant.code()))
        .and_where(account::Column::MerchantId.eq(merchant_id))
        .to_owned();
    transfer::Entity::find()
        .filter(transfer::Column::MerchantId.eq(merchant_id))
        .filter(
            Condition::any()
                .add(transfer::Column::DebitAccountId.in_subquery(points_accounts.clone()))
                .add(transfer::Column::CreditAccountId.in_subquery(points_accounts)),
        )
        .filter(within(transfer::Column::CreatedAt, filter.start, filter.end))
        .apply_if(filter.asset, |q, asset| {
            q.filter(transfer::Column::Asset.eq(asset.code()))
        })
        .apply_if(filter.cause, |q, cause| {
            q.filter(transfer::Column::Cause.eq(cause.code()))
        })
}

pub(crate) fn balance_of(row: &account::Model) -> Balance {
    Balance {
        debits_posted: row.debits_posted,
        credits_posted: row.credits_posted,
        debits_pending: row.debits_pending,
        credits_pending: row.credits_pending,
        credit_limit: row.credit_limit,
    }
}

/// Stored transfers as the domain's records, their accounts named (one read for all).
pub(crate) async fn named(db: &impl ConnectionTrait, rows: Vec<transfer::Model>) -> AppResult<Vec<Transfer>> {
    let mut ids: Vec<i64> = rows
        .iter()
        .flat_map(|row| [row.debit_account_id, row.credit_account_id])
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let names: HashMap<i64, AccountRef> = account::Entity::find()
        .filter(account::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|a| (a.id, AccountRef::from_parts(a.kind.0, a.merchant_id)))
        .collect();
    let name = |id: i64| {
        names
            .get(&id)
            .copied()
            .ok_or_else(|| AppError::internal(format!("points account {id} is missing")))
    };
    rows.into_iter()
        .map(|row| {
            let (debit, credit) = (name(row.debit_account_id)?, name(row.credit_account_id)?);
            Ok(named_with(row, debit, credit))
        })
        .collect()
}

/// A stored transfer as the domain's record, its accounts' names known.
pub(crate) fn named_with(row: transfer::Model, debit: AccountRef, credit: AccountRef) -> Transfer {
    Transfer {
        id: row.id,
        debit,
        credit,
        key: row.transfer_key,
        kind: row.kind.0,
        asset: row.asset.0,
        amount: row.amount,
        pending_id: row.pending_id,
        hold_until: row.hold_until,
        merchant_id: row.merchant_id,
        cause: row.cause.0,
        origin: Origin {
            reference: row.reference,
            rate_id: row.rate_id,
            chain: row.chain,
            tx_hash: row.tx_hash,
            volume: row
                .volume
                .zip(row.volume_symbol)
                .map(|(amount, symbol)| Volume { amount, symbol }),
        },
        available_after: row.available_after,
        created_at: row.created_at,
    }
}

/// One stored transfer as the domain's record.
pub(crate) async fn named_one(db: &impl ConnectionTrait, row: transfer::Model) -> AppResult<Transfer> {
    Ok(named(db, vec![row]).await?.pop().expect("one row in, one out"))
}
