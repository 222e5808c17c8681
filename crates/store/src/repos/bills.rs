//! [`BillRepo`]: monthly bills on `bill` and `bill_line`, and the postpaid fees they are made
//! of (posted transfers of the merchants' billed accounts); their payments are
//! `bill_payments.rs`'s.

use std::collections::{BTreeSet, HashMap};

use coffer_domain::bills::{
    Bill, BillLine, BillPayment, BillStatus, BilledFee, NewBill, PaymentStatus, Period,
};
use coffer_domain::codes::StoredCode;
use coffer_domain::error::AppResult;
use coffer_domain::points::{AccountKind, PointAsset, TransferKind, Volume};
use coffer_domain::ports::{BillRepo, MerchantId, PageRequest, Paged};
use coffer_domain::rates::{ChargeMode, Service};
use sea_orm::sea_query::Query;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    QueryTrait, Set,
};

use super::bill_payments::payment_of;
use super::query::{find_owned, insert_once, merchant_rows, page_as, within};
use crate::entities::{
    bill, bill_line, bill_payment, point_account as account, point_transfer as transfer, service_rate, Stored,
};
use crate::Store;

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
