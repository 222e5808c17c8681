//! [`BillPayments`]: "I have paid" on `bill_payment`. Every change of a payment is
//! conditional on its being checked still, in one transaction with its bill, so of two nodes
//! deciding one payment exactly one changes anything; a payment is claimed for a minute before
//! it is checked, so one node checks it at a time.

use chrono::{DateTime, Duration, Utc};
use coffer_domain::bills::{BillPayment, BillStatus, PaymentStatus, Settled};
use coffer_domain::codes::StoredCode;
use coffer_domain::error::AppResult;
use coffer_domain::ports::{BillPayments, NewPayment, SubmitRefusal};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use super::merchant_api::is_unique_violation;
use crate::entities::{bill, bill_payment, Stored};
use crate::Store;

/// A claimed payment is not checked by another node for this long.
const CLAIM_SECONDS: i64 = 60;

pub(super) fn payment_of(row: bill_payment::Model) -> BillPayment {
    BillPayment {
        id: row.id,
        bill_id: row.bill_id,
        merchant_id: row.merchant_id,
        chain_id: row.chain_id,
        tx_hash: row.tx_hash,
        status: row.status.0,
        amount: row.amount,
        counted: row.counted,
        reason: row.reason,
        submitted_at: row.submitted_at,
        resolved_at: row.resolved_at,
    }
}

#[async_trait::async_trait]
impl BillPayments for Store {
    async fn submit_payment(&self, p: &NewPayment) -> AppResult<Result<BillPayment, SubmitRefusal>> {
        let tx = self.begin_write().await?;
        let owned = bill::Entity::find()
            .filter(bill::Column::Id.eq(p.bill_id))
            .filter(bill::Column::MerchantId.eq(p.merchant_id))
            .one(&tx)
            .await?;
        if owned.is_none() {
            return Ok(Err(SubmitRefusal::NoBill));
        }
        let moved = bill::Entity::update_many()
            .col_expr(bill::Column::Status, Expr::value(BillStatus::Confirming.code()))
            .col_expr(bill::Column::Reason, Expr::value(Option::<String>::None))
            .col_expr(bill::Column::UpdatedAt, Expr::value(p.at))
            .filter(bill::Column::Id.eq(p.bill_id))
            .filter(bill::Column::MerchantId.eq(p.merchant_id))
            .filter(bill::Column::Status.eq(BillStatus::ToBePaid.code()))
            .exec(&tx)
            .await?;
        if moved.rows_affected != 1 {
            return Ok(Err(SubmitRefusal::NotPayable));
        }
        let row = bill_payment::ActiveModel {
            merchant_id: Set(p.merchant_id),
            bill_id: Set(p.bill_id),
            chain_id: Set(p.chain_id),
            tx_hash: Set(p.tx_hash.clone()),
            live_hash: Set(Some(p.tx_hash.clone())),
            status: Set(Stored(PaymentStatus::Confirming)),
            amount: Set(None),
            counted: Set(None),
            reason: Set(None),
            submitted_by: Set(p.submitted_by),
            submitted_at: Set(p.at),
            next_check_at: Set(p.at),
            resolved_at: Set(None),
            ..Default::default()
        };
        match row.insert(&tx).await {
            Ok(row) => {
                tx.commit().await?;
                Ok(Ok(payment_of(row)))
            }
            Err(err) if is_unique_violation(&err) => Ok(Err(SubmitRefusal::HashUsed)),
            Err(err) => Err(err.into()),
        }
    }

    async fn payments_due(&self, now: DateTime<Utc>, limit: u64) -> AppResult<Vec<BillPayment>> {
        use bill_payment::Column as C;
        let due = bill_payment::Entity::find()
            .filter(C::Status.eq(PaymentStatus::Confirming.code()))
            .filter(C::NextCheckAt.lte(now))
            .order_by_asc(C::NextCheckAt)
            .limit(limit)
            .all(self.connection())
            .await?;
        let mut claimed = Vec::new();
        for row in due {
            let taken = bill_payment::Entity::update_many()
                .col_expr(
                    C::NextCheckAt,
                    Expr::value(now + Duration::seconds(CLAIM_SECONDS)),
                )
                .filter(C::Id.eq(row.id))
                .filter(C::Status.eq(PaymentStatus::Confirming.code()))
                .filter(C::NextCheckAt.eq(row.next_check_at))
                .exec(self.connection())
                .await?;
            if taken.rows_affected == 1 {
                claimed.push(payment_of(row));
            }
        }
        Ok(claimed)
    }

    async fn check_later(&self, payment_id: i64, at: DateTime<Utc>, note: Option<&str>) -> AppResult<()> {
        use bill_payment::Column as C;
        bill_payment::Entity::update_many()
            .col_expr(C::NextCheckAt, Expr::value(at))
            .col_expr(C::Reason, Expr::value(note.map(str::to_string)))
            .filter(C::Id.eq(payment_id))
            .filter(C::Status.eq(PaymentStatus::Confirming.code()))
            .exec(self.connection())
            .await?;
        Ok(())
    }

    async fn refuse_payment(&self, payment_id: i64, reason: &str, at: DateTime<Utc>) -> AppResult<bool> {
        use bill_payment::Column as C;
        let tx = self.begin_write().await?;
        let Some(bill_id) = decide(&tx, payment_id).await? else {
            return Ok(false);
        };
        bill_payment::Entity::update_many()
            .col_expr(C::Status, Expr::value(PaymentStatus::Refused.code()))
            .col_expr(C::LiveHash, Expr::value(Option::<String>::None))
            .col_expr(C::Reason, Expr::value(reason))
            .col_expr(C::ResolvedAt, Expr::value(at))
            .filter(C::Id.eq(payment_id))
            .exec(&tx)
            .await?;
        let settled = Settled {
            paid: 0,
            status: BillStatus::ToBePaid,
            reason: Some(reason.to_string()),
            paid_at: None,
        };
        set_bill(&tx, bill_id, &settled, false, at).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn accept_payment(
        &self,
        payment_id: i64,
        points: i64,
        counted: i64,
        settled: &Settled,
        at: DateTime<Utc>,
    ) -> AppResult<bool> {
        use bill_payment::Column as C;
        let tx = self.begin_write().await?;
        let Some(bill_id) = decide(&tx, payment_id).await? else {
            return Ok(false);
        };
        bill_payment::Entity::update_many()
            .col_expr(C::Status, Expr::value(PaymentStatus::Accepted.code()))
            .col_expr(C::Amount, Expr::value(points))
            .col_expr(C::Counted, Expr::value(counted))
            .col_expr(C::Reason, Expr::value(Option::<String>::None))
            .col_expr(C::ResolvedAt, Expr::value(at))
            .filter(C::Id.eq(payment_id))
            .exec(&tx)
            .await?;
        set_bill(&tx, bill_id, settled, true, at).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn accepted_since(&self, since: DateTime<Utc>) -> AppResult<Vec<BillPayment>> {
        use bill_payment::Column as C;
        let rows = bill_payment::Entity::find()
            .filter(C::Status.eq(PaymentStatus::Accepted.code()))
            .filter(C::ResolvedAt.gte(since))
            .order_by_asc(C::Id)
            .all(self.connection())
            .await?;
        Ok(rows.into_iter().map(payment_of).collect())
    }
}

/// Takes the decision on a payment being checked: its status moves on by a conditional
/// update first, so of two nodes only one goes on. The payment's bill, or None.
async fn decide(tx: &sea_orm::DatabaseTransaction, payment_id: i64) -> AppResult<Option<i64>> {
    use bill_payment::Column as C;
    let taken = bill_payment::Entity::update_many()
        .col_expr(C::Status, Expr::value(PaymentStatus::Refused.code()))
        .filter(C::Id.eq(payment_id))
        .filter(C::Status.eq(PaymentStatus::Confirming.code()))
        .exec(tx)
        .await?;
    if taken.rows_affected != 1 {
        return Ok(None);
    }
    Ok(bill_payment::Entity::find_by_id(payment_id)
        .one(tx)
        .await?
        .map(|p| p.bill_id))
}

/// The bill after a decision on its payment; what it has paid changes only on an acceptance.
async fn set_bill(
    tx: &sea_orm::DatabaseTransaction,
    bill_id: i64,
    settled: &Settled,
    paid_changed: bool,
    at: DateTime<Utc>,
) -> AppResult<()> {
    use bill::Column as B;
    let mut update = bill::Entity::update_many()
        .col_expr(B::Status, Expr::value(settled.status.code()))
        .col_expr(B::Reason, Expr::value(settled.reason.clone()))
        .col_expr(B::PaidAt, Expr::value(settled.paid_at))
        .col_expr(B::UpdatedAt, Expr::value(at))
        .filter(B::Id.eq(bill_id));
    if paid_changed {
        update = update.col_expr(B::Paid, Expr::value(settled.paid));
    }
    update.exec(tx).await?;
    Ok(())
}
