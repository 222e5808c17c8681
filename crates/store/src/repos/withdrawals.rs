//! [`WithdrawalRepo`]: storing a withdrawal and its state changes (one conditional UPDATE, the
//! review, the callback event and the move between hourly buckets in one transaction), the
//! sums the limits need and the reviews; order_queries.rs has the lists.

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::ports::{
    CallbackEvent, EventBuilder, InsertOutcome, MerchantId, NewWithdrawal, ReviewRecord, Transition,
    WithdrawalRecord, WithdrawalRepo,
};
use coffer_domain::ports::{CallbackStatus, NotifyStatus, OrderStatus};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QuerySelect, Set,
};

use super::order_sums::sum_amounts;
use super::query::{all_as, find_owned, merchant_rows, merchant_rows_newest_first, set_column};
use super::rollup_shift::{shift, RollupEntry};
use crate::entities::{withdrawal, withdrawal_review, Stored};
use crate::Store;

impl From<withdrawal::Model> for WithdrawalRecord {
    fn from(m: withdrawal::Model) -> WithdrawalRecord {
        WithdrawalRecord {
            id: m.id,
            merchant_id: m.merchant_id,
            order_no: m.order_no,
            merchant_order_no: m.merchant_order_no,
            source: m.source.0,
            open_id: m.open_id,
            security_code: m.security_code,
            chain_id: m.chain_id,
            token_id: m.token_id,
            decimals: m.decimals,
            requested_from: m.requested_from,
            from_address: m.from_address,
            to_address: m.to_address,
            amount: m.amount.0,
            actual_amount: m.actual_amount.0,
            fee: m.fee.map(|fee| fee.0),
            tx_hash: m.tx_hash,
            signed_raw: m.signed_raw,
            nonce: m.nonce,
            block_number: m.block_number,
            required_confirmations: m.required_confirmations,
            status: m.status.0,
            review_required: m.review_required,
            risk_reasons: m
                .risk_reasons
                .split(',')
                .filter(|r| !r.is_empty())
                .map(str::to_string)
                .collect(),
            reason: m.reason,
            remark: m.remark,
            created_by: m.created_by,
            created_by_email: m.created_by_email,
            reviewer_email: m.reviewer_email,
            reviewed_at: m.reviewed_at,
            approved_at: m.approved_at,
            broadcast_at: m.broadcast_at,
            completed_at: m.completed_at,
            next_attempt_at: m.next_attempt_at,
            callback_status: m.callback_status.0,
            callback_result: m.callback_result,
            notify_status: m.notify_status.0,
            created_at: m.created_at,
        }
    }
}

pub(crate) async fn reread<C: sea_orm::ConnectionTrait>(db: &C, id: i64) -> AppResult<withdrawal::Model> {
    withdrawal::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::internal("withdrawal vanished"))
}

/// A new withdrawal's row (status 0: the executor screens it next). An exchange's payout or
/// refund is never announced as a withdrawal (its exchange order is).
pub(crate) fn new_row(new: &NewWithdrawal, now: DateTime<Utc>) -> withdrawal::ActiveModel {
    withdrawal::ActiveModel {
        merchant_id: Set(new.merchant_id),
        // Unique placeholder until the id is known.
        order_no: Set(format!("pending:{}", uuid::Uuid::new_v4())),
        merchant_order_no: Set(new.merchant_order_no.clone()),
        source: Set(Stored(new.source)),
        open_id: Set(new.open_id.clone()),
        security_code: Set(new.security_code.clone()),
        chain_id: Set(new.chain_id),
        token_id: Set(new.token_id),
        decimals: Set(new.decimals),
        requested_from: Set(new.requested_from.clone()),
        from_address: Set(String::new()),
        to_address: Set(new.to_address.clone()),
        amount: Set(Stored(new.amount)),
        actual_amount: Set(Stored(BaseUnits::ZERO)),
        fee: Set(None),
        tx_hash: Set(String::new()),
        signed_raw: Set(String::new()),
        nonce: Set(None),
        block_number: Set(None),
        required_confirmations: Set(new.required_confirmations),
        status: Set(Stored(OrderStatus::New)),
        review_required: Set(false),
        risk_reasons: Set(String::new()),
        reason: Set(String::new()),
        remark: Set(new.remark.clone()),
        created_by: Set(new.created_by),
        created_by_email: Set(new.created_by_email.clone()),
        reviewer_email: Set(String::new()),
        reviewed_at: Set(None),
        approved_at: Set(None),
        broadcast_at: Set(None),
        completed_at: Set(None),
        next_attempt_at: Set(now),
        lease_owner: Set(String::new()),
        lease_until: Set(None),
        callback_status: Set(Stored(if new.source.is_exchange() {
            CallbackStatus::NotAnnounced
        } else {
            CallbackStatus::Pending
        })),
        callback_result: Set(String::new()),
        notify_status: Set(Stored(NotifyStatus::NotRequired)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

/// Completes a row just inserted in `tx`: its order number, and its hourly bucket.
pub(crate) async fn finish_new(
    tx: &DatabaseTransaction,
    id: i64,
    now: DateTime<Utc>,
) -> AppResult<withdrawal::Model> {
    let order_no = format!("W{}{:010}", now.format("%Y%m%d"), id);
    use withdrawal::Column as W;
    set_column(tx, W::OrderNo, W::Id, id, order_no).await?;
    let row = reread(tx, id).await?;
    shift(tx, None, Some(RollupEntry::of_withdrawal(&row))).await?;
    Ok(row)
}

async fn by_merchant_order(
    store: &Store,
    merchant_id: MerchantId,
    merchant_order_no: &str,
) -> AppResult<Option<WithdrawalRecord>> {
    let row = merchant_rows::<withdrawal::Entity>(merchant_id)
        .filter(withdrawal::Column::MerchantOrderNo.eq(merchant_order_no))
        .one(store.connection())
        .await?;
    Ok(row.map(WithdrawalRecord::from))
}

/// The UPDATE of a transition from exactly `from`: the new state and every field it sets.
fn transition_update(
    id: i64,
    from: OrderStatus,
    c: &Transition,
    now: DateTime<Utc>,
) -> sea_orm::UpdateMany<withdrawal::Entity> {
    use withdrawal::Column as W;
    let mut u = withdrawal::Entity::update_many()
        .col_expr(W::Status, Expr::value(Stored(c.to)))
        .col_expr(W::UpdatedAt, Expr::value(now))
        .filter(W::Id.eq(id))
        .filter(W::Status.eq(Stored(from)));
    let text = [
        (W::Reason, &c.reason),
        (W::FromAddress, &c.from_address),
        (W::TxHash, &c.tx_hash),
        (W::SignedRaw, &c.signed_raw),
    ];
    for (column, value) in text {
        if let Some(v) = value {
            u = u.col_expr(column, Expr::value(v.clone()));
        }
    }
    let times = [
        (W::ApprovedAt, c.approved_at),
        (W::BroadcastAt, c.broadcast_at),
        (W::CompletedAt, c.completed_at),
        (W::NextAttemptAt, c.next_attempt_at),
    ];
    for (column, value) in times {
        if let Some(v) = value {
            u = u.col_expr(column, Expr::value(v));
        }
    }
    if let Some(v) = c.review_required {
        u = u.col_expr(W::ReviewRequired, Expr::value(v));
    }
    if let Some(v) = &c.risk_reasons {
        u = u.col_expr(W::RiskReasons, Expr::value(v.join(",")));
    }
    if let Some(v) = c.fee {
        u = u.col_expr(W::Fee, Expr::value(Some(Stored(v))));
    }
    if let Some(v) = c.actual_amount {
        u = u.col_expr(W::ActualAmount, Expr::value(Stored(v)));
    }
    if let Some(v) = c.nonce {
        u = u.col_expr(W::Nonce, Expr::value(v));
    }
    if let Some(v) = c.block_number {
        u = u.col_expr(W::BlockNumber, Expr::value(v));
    }
    if let Some(r) = &c.review {
        u = u
            .col_expr(W::ReviewerEmail, Expr::value(r.reviewer_email.clone()))
            .col_expr(W::ReviewedAt, Expr::value(r.created_at));
    }
    u
}

/// The review row of a transition (for the withdrawal changed, whatever `r` names).
async fn record_review(tx: &DatabaseTransaction, w: &WithdrawalRecord, r: &ReviewRecord) -> AppResult<()> {
    withdrawal_review::ActiveModel {
        withdrawal_id: Set(w.id),
        merchant_id: Set(w.merchant_id),
        action: Set(Stored(r.action)),
        reviewer: Set(r.reviewer),
        reviewer_email: Set(r.reviewer_email.clone()),
        reason: Set(r.reason.clone()),
        created_at: Set(r.created_at),
        ..Default::default()
    }
    .insert(tx)
    .await?;
    Ok(())
}

#[async_trait::async_trait]
impl WithdrawalRepo for Store {
    async fn insert_withdrawal(&self, new: &NewWithdrawal, now: DateTime<Utc>) -> AppResult<InsertOutcome> {
        if let Some(no) = &new.merchant_order_no {
            if let Some(existing) = by_merchant_order(self, new.merchant_id, no).await? {
                return Ok(InsertOutcome::Existing(existing));
            }
        }
        let tx = self.begin_write().await?;
        let inserted = new_row(new, now).insert(&tx).await;
        let inserted = match (inserted, &new.merchant_order_no) {
            (Ok(row), _) => row,
            // Another request with the same merchant order number won the race: that one stands.
            (Err(err), Some(no)) if super::merchant_api::is_unique_violation(&err) => {
                drop(tx);
                return match by_merchant_order(self, new.merchant_id, no).await? {
                    Some(existing) => Ok(InsertOutcome::Existing(existing)),
                    None => Err(err.into()),
                };
            }
            (Err(err), _) => return Err(err.into()),
        };
        let row = finish_new(&tx, inserted.id, now).await?;
        tx.commit().await?;
        Ok(InsertOutcome::Inserted(row.into()))
    }

    async fn withdrawal(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<WithdrawalRecord>> {
        let row = find_owned::<withdrawal::Entity>(self, merchant_id, id).await?;
        Ok(row.map(WithdrawalRecord::from))
    }

    async fn withdrawal_by_order_no(
        &self,
        merchant_id: MerchantId,
        merchant_order_no: &str,
    ) -> AppResult<Option<WithdrawalRecord>> {
        let row = merchant_rows::<withdrawal::Entity>(merchant_id)
            .filter(withdrawal::Column::MerchantOrderNo.eq(merchant_order_no))
            .one(self.connection())
            .await?;
        Ok(row.map(WithdrawalRecord::from))
    }

    /// Withdrawals of one token (None: the native coin) created at or after `since` and not
    /// rejected or failed: how many, and their exact sum.
    async fn withdrawn_since(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        token_id: Option<i64>,
        since: DateTime<Utc>,
    ) -> AppResult<(u64, BaseUnits)> {
        use withdrawal::Column as W;
        let token = match token_id {
            Some(id) => W::TokenId.eq(id),
            None => W::TokenId.is_null(),
        };
        let q = withdrawal::Entity::find()
            .filter(W::MerchantId.eq(merchant_id))
            .filter(W::ChainId.eq(chain_id))
            .filter(token)
            .filter(W::CreatedAt.gte(since))
            .filter(W::Status.is_not_in([Stored(OrderStatus::Rejected), Stored(OrderStatus::Failed)]));
        let totals = sum_amounts::<WithdrawalRecord>(self, q).await?;
        let sum = totals
            .all
            .sums
            .first()
            .map(|s| s.amount)
            .unwrap_or(BaseUnits::ZERO);
        Ok((totals.all.count, sum))
    }

    async fn reviews(&self, merchant_id: MerchantId, id: i64) -> AppResult<Vec<ReviewRecord>> {
        let query = merchant_rows_newest_first::<withdrawal_review::Entity>(merchant_id)
            .filter(withdrawal_review::Column::WithdrawalId.eq(id));
        all_as(self, query, |r| ReviewRecord {
            withdrawal_id: r.withdrawal_id,
            action: r.action.0,
            reviewer: r.reviewer,
            reviewer_email: r.reviewer_email,
            reason: r.reason,
            created_at: r.created_at,
        })
        .await
    }

    async fn transition(
        &self,
        id: i64,
        change: &Transition,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<Option<WithdrawalRecord>> {
        let tx = self.begin_write().await?;
        // The row is locked first (PostgreSQL; SQLite's write transaction excludes every other
        // writer already): the state read is the one the order leaves, for its bucket, and of
        // concurrent callers exactly one finds a state it may leave.
        let Some(before) = withdrawal::Entity::find_by_id(id)
            .lock_exclusive()
            .one(&tx)
            .await?
        else {
            return Ok(None);
        };
        if !change.from.contains(&before.status.0) {
            return Ok(None); // dropping `tx` rolls back (nothing was written)
        }
        let changed = transition_update(id, before.status.0, change, now)
            .exec(&tx)
            .await?;
        if changed.rows_affected == 0 {
            return Ok(None);
        }
        let after = reread(&tx, id).await?;
        shift(
            &tx,
            Some(RollupEntry::of_withdrawal(&before)),
            Some(RollupEntry::of_withdrawal(&after)),
        )
        .await?;
        let row = WithdrawalRecord::from(after);
        if let Some(review) = &change.review {
            record_review(&tx, &row, review).await?;
        }
        let Some(change) = change.event else {
            tx.commit().await?;
            return Ok(Some(row));
        };
        super::announce::announce(&tx, CallbackEvent::Withdrawal(&row, change), events).await?;
        // The event marked the order as notifying: the caller sees that too.
        let row = reread(&tx, id).await?;
        tx.commit().await?;
        Ok(Some(row.into()))
    }
}
