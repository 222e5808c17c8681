//! [`BillRepo`]: monthly bills on `bill`, `bill_line` and `bill_payment`, and the postpaid
//! fees they are made of (posted transfers of the merchants' billed accounts). Every change of
//! a payment is conditional on its being checked still, in one transaction with its bill, so
//! of two nodes deciding one payment exactly one changes anything.

use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Duration, Utc};
use coffer_domain::bills::{
    Bill, BillLine, BillPayment, BillStatus, BilledFee, NewBill, PaymentStatus, Period, Settled,
};
use coffer_domain::codes::StoredCode;
use coffer_domain::error::AppResult;
use coffer_domain::points::{AccountKind, PointAsset, TransferKind, Volume};
use coffer_domain::ports::{BillRepo, MerchantId, NewPayment, PageRequest, Paged, SubmitRefusal};
use coffer_domain::rates::{ChargeMode, Service};
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    QueryTrait, Set,
};

use super::merchant_api::is_unique_violation;
use super::query::{find_owned, insert_once, merchant_rows, page_as, within};
use crate::entities::{
    bill, bill_line, bill_payment, point_account as account, point_transfer as transfer, service_rate, Stored,
};
use crate::Store;

/// A claimed payment is not checked by another node for this long.
const CLAIM_SECONDS: i64 = 60;

fn line_of(row: bill_line::Model) -> BillLine {
    BillLine {
        service: row.service.0,
        rate_id: row.rate_id,
        rate_text: row.rate_text,
        charges: row.charges,
        volume: row.volume,
        amount: row.amount,
    }
}

fn payment_of(row: bill_payment::Model) -> BillPayment {
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

fn bill_of(row: bill::Model, lines: Vec<BillLine>, payment: Option<BillPayment>) -> Bill {
    Bill {
        id: row.id,
        merchant_id: row.merchant_id,
        period: Period {
            label: row.period,
            start: row.period_start,
            end: row.period_end,
            time_zone: row.time_zone,
        },
        amount: row.amount,
        paid: row.paid,
        status: row.status.0,
        reason: row.reason,
        issued_at: row.issued_at,
        paid_at: row.paid_at,
        lines,
        payment,
    }
}

/// The ids of the billed accounts (USDT points: bills are paid in USDT).
fn billed_accounts() -> sea_orm::sea_query::SelectStatement {
    Query::select()
        .column(account::Column::Id)
        .from(account::Entity)
        .and_where(account::Column::Kind.eq(AccountKind::Billed.code()))
        .and_where(account::Column::Asset.eq(PointAsset::Usdt.code()))
        .to_owned()
}

/// Postpaid fees posted in the period.
fn posted_in(period: &Period) -> sea_orm::Select<transfer::Entity> {
    transfer::Entity::find()
        .filter(transfer::Column::Kind.eq(TransferKind::Post.code()))
        .filter(within(
            transfer::Column::CreatedAt,
            Some(period.start),
            Some(period.end),
        ))
        .filter(transfer::Column::DebitAccountId.in_subquery(billed_accounts()))
}

impl Store {
    /// The bills' lines and latest payments, attached.
    async fn complete(&self, db: &impl ConnectionTrait, rows: Vec<bill::Model>) -> AppResult<Vec<Bill>> {
        let ids: Vec<i64> = rows.iter().map(|b| b.id).collect();
        let mut lines: HashMap<i64, Vec<BillLine>> = HashMap::new();
        for line in bill_line::Entity::find()
            .filter(bill_line::Column::BillId.is_in(ids.clone()))
            .order_by_asc(bill_line::Column::Id)
            .all(db)
            .await?
        {
            lines.entry(line.bill_id).or_default().push(line_of(line));
        }
        let mut latest: HashMap<i64, BillPayment> = HashMap::new();
        for payment in bill_payment::Entity::find()
            .filter(bill_payment::Column::BillId.is_in(ids))
            .order_by_asc(bill_payment::Column::Id)
            .all(db)
            .await?
        {
            latest.insert(payment.bill_id, payment_of(payment));
        }
        Ok(rows
            .into_iter()
            .map(|row| {
                let id = row.id;
                bill_of(row, lines.remove(&id).unwrap_or_default(), latest.remove(&id))
            })
            .collect())
    }

    async fn one_bill(&self, db: &impl ConnectionTrait, row: Option<bill::Model>) -> AppResult<Option<Bill>> {
        let Some(row) = row else { return Ok(None) };
        Ok(self.complete(db, vec![row]).await?.pop())
    }
}

#[async_trait::async_trait]
impl BillRepo for Store {
    async fn billed_fees(&self, merchant: MerchantId, period: &Period) -> AppResult<Vec<BilledFee>> {
        let rows = posted_in(period)
            .filter(transfer::Column::MerchantId.eq(merchant))
            .order_by_asc(transfer::Column::Id)
            .all(self.connection())
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| BilledFee {
                cause: row.cause.0,
                rate_id: row.rate_id,
                amount: row.amount,
                volume: row
                    .volume
                    .zip(row.volume_symbol)
                    .map(|(amount, symbol)| Volume { amount, symbol }),
            })
            .collect())
    }

    async fn unbilled_merchants(&self, period: &Period) -> AppResult<Vec<MerchantId>> {
        let db = self.connection();
        let mut owing: BTreeSet<MerchantId> = posted_in(period)
            .select_only()
            .column(transfer::Column::MerchantId)
            .distinct()
            .into_tuple::<i64>()
            .all(db)
            .await?
            .into_iter()
            .collect();
        let monthly = service_rate::Entity::find()
            .select_only()
            .column(service_rate::Column::MerchantId)
            .distinct()
            .filter(service_rate::Column::Service.eq(Service::Monthly.code()))
            .filter(service_rate::Column::ChargeMode.eq(ChargeMode::Monthly.code()))
            .filter(service_rate::Column::Fixed.gt(0))
            .filter(service_rate::Column::ValidFrom.lt(period.end))
            .filter(
                sea_orm::Condition::any()
                    .add(service_rate::Column::ValidTo.is_null())
                    .add(service_rate::Column::ValidTo.gt(period.start)),
            )
            .into_tuple::<i64>()
            .all(db)
            .await?;
        owing.extend(monthly);
        let billed: BTreeSet<MerchantId> = bill::Entity::find()
            .select_only()
            .column(bill::Column::MerchantId)
            .filter(bill::Column::Period.eq(&period.label))
            .into_tuple::<i64>()
            .all(db)
            .await?
            .into_iter()
            .collect();
        Ok(owing.difference(&billed).copied().collect())
    }

    async fn insert_bill(&self, new: &NewBill) -> AppResult<Bill> {
        let tx = self.begin_write().await?;
        let row = bill::ActiveModel {
            merchant_id: Set(new.merchant_id),
            period: Set(new.period.label.clone()),
            period_start: Set(new.period.start),
            period_end: Set(new.period.end),
            time_zone: Set(new.period.time_zone),
            amount: Set(new.amount()),
            paid: Set(0),
            status: Set(Stored(BillStatus::ToBePaid)),
            reason: Set(None),
            issued_at: Set(new.issued_at),
            paid_at: Set(None),
            updated_at: Set(new.issued_at),
            ..Default::default()
        };
        let key = [bill::Column::MerchantId, bill::Column::Period];
        if insert_once(&tx, row, key).await? {
            let stored = the_bill(&tx, new.merchant_id, &new.period.label).await?;
            let id = stored.map(|b| b.id).unwrap_or_default();
            for line in &new.lines {
                bill_line::ActiveModel {
                    merchant_id: Set(new.merchant_id),
                    bill_id: Set(id),
                    service: Set(Stored(line.service)),
                    rate_id: Set(line.rate_id),
                    rate_text: Set(line.rate_text.clone()),
                    charges: Set(line.charges),
                    volume: Set(line.volume.clone()),
                    amount: Set(line.amount),
                    ..Default::default()
                }
                .insert(&tx)
                .await?;
            }
        }
        tx.commit().await?;
        let row = the_bill(self.connection(), new.merchant_id, &new.period.label).await?;
        self.one_bill(self.connection(), row)
            .await?
            .ok_or_else(|| coffer_domain::AppError::internal("the bill just stored is gone"))
    }

    async fn bill(&self, merchant: MerchantId, id: i64) -> AppResult<Option<Bill>> {
        let row = find_owned::<bill::Entity>(self, merchant, id).await?;
        self.one_bill(self.connection(), row).await
    }

    async fn bills(
        &self,
        merchant: Option<MerchantId>,
        status: Option<BillStatus>,
        page: PageRequest,
    ) -> AppResult<Paged<Bill>> {
        let query = bill::Entity::find()
            .apply_if(merchant, |q, m| q.filter(bill::Column::MerchantId.eq(m)))
            .apply_if(status, |q, s| q.filter(bill::Column::Status.eq(s.code())))
            .order_by_desc(bill::Column::PeriodStart)
            .order_by_desc(bill::Column::Id);
        let rows = page_as(self, query, page, |row| row).await?;
        Ok(Paged {
            list: self.complete(self.connection(), rows.list).await?,
            total: rows.total,
        })
    }

    async fn oldest_unpaid(&self, merchant: MerchantId) -> AppResult<Option<Bill>> {
        let row = merchant_rows::<bill::Entity>(merchant)
            .filter(bill::Column::Status.ne(BillStatus::Paid.code()))
            .order_by_asc(bill::Column::PeriodStart)
            .one(self.connection())
            .await?;
        self.one_bill(self.connection(), row).await
    }

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

async fn the_bill(
    db: &impl ConnectionTrait,
    merchant: MerchantId,
    period: &str,
) -> AppResult<Option<bill::Model>> {
    Ok(bill::Entity::find()
        .filter(bill::Column::MerchantId.eq(merchant))
        .filter(bill::Column::Period.eq(period))
        .one(db)
        .await?)
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

/// Bills that do not hold together: lines not adding up to the amount, paid not what the
/// accepted payments counted, paid beyond the amount, "has paid" short of it (`ledger verify`).
pub(crate) async fn bad_bills(db: &impl ConnectionTrait) -> AppResult<Vec<(i64, String)>> {
    // Summed here, exactly: the database's SUM of BIGINT is NUMERIC on PostgreSQL.
    let sums = |rows: Vec<(i64, Option<i64>)>| {
        let mut by_bill: HashMap<i64, i64> = HashMap::new();
        for (id, amount) in rows {
            *by_bill.entry(id).or_default() += amount.unwrap_or(0);
        }
        by_bill
    };
    let lines = sums(
        bill_line::Entity::find()
            .select_only()
            .column(bill_line::Column::BillId)
            .column(bill_line::Column::Amount)
            .into_tuple::<(i64, Option<i64>)>()
            .all(db)
            .await?,
    );
    let counted = sums(
        bill_payment::Entity::find()
            .select_only()
            .column(bill_payment::Column::BillId)
            .column(bill_payment::Column::Counted)
            .filter(bill_payment::Column::Status.eq(PaymentStatus::Accepted.code()))
            .into_tuple::<(i64, Option<i64>)>()
            .all(db)
            .await?,
    );
    let mut bad = Vec::new();
    for b in bill::Entity::find()
        .order_by_asc(bill::Column::Id)
        .all(db)
        .await?
    {
        let lines = lines.get(&b.id).copied().unwrap_or(0);
        let counted = counted.get(&b.id).copied().unwrap_or(0);
        if lines != b.amount {
            bad.push((
                b.id,
                format!("its lines add up to {lines}, not its amount {}", b.amount),
            ));
        }
        if counted != b.paid {
            bad.push((
                b.id,
                format!("paid {} but its accepted payments counted {counted}", b.paid),
            ));
        }
        if b.paid > b.amount || (b.status.0 == BillStatus::Paid) != (b.paid >= b.amount) {
            bad.push((
                b.id,
                format!("status {:?} with {} of {} paid", b.status.0, b.paid, b.amount),
            ));
        }
    }
    Ok(bad)
}
