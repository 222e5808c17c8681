//! Issuing a period's bills: once the month has ended (and a short grace passed), each merchant
//! that owes something gets one bill whose lines add up to it. The round does it on every node;
//! the unique (merchant, period) key and the ledger's keys make any number of runs issue each
//! bill, and charge each monthly fee, once.

use std::collections::BTreeMap;
use std::sync::Mutex;

use chrono::Duration;

use super::{Bill, BillLine, BilledFee, NewBill, Period};
use crate::amount::BaseUnits;
use crate::codes::StoredCode;
use crate::error::{AppError, AppResult};
use crate::points::{AccountRef, Cause, LedgerOp, NewTransfer, Origin, Outcome, PointAsset, Refusal};
use crate::ports::{MerchantId, Ports};
use crate::rates::{ChargeMode, PayMode, Rate, Service};

pub struct BillIssuer {
    pub ports: Ports,
    /// The billing zone: whole hours east of UTC.
    pub time_zone: i32,
    /// The last period this process issued every bill of, so the round reads nothing more
    /// until the next month ends.
    done: Mutex<Option<String>>,
}

impl BillIssuer {
    pub fn new(ports: Ports, time_zone: i32) -> BillIssuer {
        BillIssuer {
            ports,
            time_zone,
            done: Mutex::new(None),
        }
    }

    /// The round: the last ended period's bills, for every merchant that owes something.
    pub async fn round(&self) -> AppResult<usize> {
        let period = Period::last_issuable(self.ports.clock.now(), self.time_zone);
        if self.done.lock().expect("done").as_deref() == Some(period.label.as_str()) {
            return Ok(0);
        }
        let (issued, failed) = self.issue_period(&period, None).await?;
        if failed == 0 {
            *self.done.lock().expect("done") = Some(period.label);
        }
        Ok(issued.len())
    }

    /// Issues the period's bills (one merchant's, or every merchant's that owes something):
    /// the bills there are afterwards, and how many merchants failed (logged, left for the
    /// next run: one merchant's trouble never stops another's bill).
    pub async fn issue_period(
        &self,
        period: &Period,
        merchant: Option<MerchantId>,
    ) -> AppResult<(Vec<Bill>, usize)> {
        let merchants = match merchant {
            Some(m) => vec![m],
            None => self.ports.bills.unbilled_merchants(period).await?,
        };
        let (mut bills, mut failed) = (Vec::new(), 0);
        for m in merchants {
            match self.issue(m, period).await {
                Ok(Some(bill)) => bills.push(bill),
                Ok(None) => {}
                Err(err) => {
                    failed += 1;
                    tracing::error!(merchant = m, period = %period.label, error = %err, "a bill could not be issued");
                }
            }
        }
        Ok((bills, failed))
    }

    /// The merchant's bill for the period, issued now if it has none: None when it owes
    /// nothing. Refused before the period has ended.
    pub async fn issue(&self, merchant: MerchantId, period: &Period) -> AppResult<Option<Bill>> {
        let now = self.ports.clock.now();
        if !period.issuable(now) {
            return Err(AppError::Invalid(crate::messages::MsgKey::BillPeriodNotEnded));
        }
        let rates = self.ports.rates.rates_of(merchant).await?;
        let fees = self.ports.bills.billed_fees(merchant, period).await?;
        let mut lines = fee_lines(&fees, &rates);
        for rate in &rates {
            if let Some(line) = self.monthly_fee(merchant, period, rate).await? {
                lines.push(line);
            }
        }
        if lines.is_empty() {
            return Ok(None);
        }
        let bill = NewBill {
            merchant_id: merchant,
            period: period.clone(),
            lines,
            issued_at: now,
        };
        Ok(Some(self.ports.bills.insert_bill(&bill).await?))
    }

    /// The monthly fee of a row in force during the period, for the part of it the row was in
    /// force: taken from points when prepaid and they cover it, else a line of the bill. The
    /// ledger key is the same either way, so a second run (on any node) finds what the first
    /// did and never charges both.
    async fn monthly_fee(
        &self,
        merchant: MerchantId,
        period: &Period,
        rate: &Rate,
    ) -> AppResult<Option<BillLine>> {
        if rate.service != Service::Monthly || rate.terms.mode != ChargeMode::Monthly || rate.terms.fixed <= 0
        {
            return Ok(None);
        }
        let in_force = period.overlap(rate.valid_from, rate.valid_to);
        let amount = prorated(rate.terms.fixed, in_force, period.end - period.start);
        if amount <= 0 {
            return Ok(None);
        }
        let key = format!("monthly:{merchant}:{}:{}", period.label, rate.id);
        let charge = |debit| {
            LedgerOp::Transfer(NewTransfer {
                key: key.clone(),
                asset: PointAsset::Usdt,
                debit,
                credit: AccountRef::Revenue,
                amount,
                cause: Cause::MonthlyFee,
                hold_until: None,
                origin: Origin {
                    reference: format!("bill:{}", period.label),
                    rate_id: Some(rate.id),
                    ..Origin::default()
                },
                at: self.ports.clock.now(),
            })
        };
        let billed = AccountRef::Billed(merchant);
        let first = match rate.terms.pay {
            PayMode::Prepaid => AccountRef::Merchant(merchant),
            PayMode::Postpaid => billed,
        };
        let outcome = self.ports.points.apply(&[charge(first)]).await?;
        if let [Outcome::Refused(Refusal::Insufficient { .. })] = outcome.as_slice() {
            self.ports.points.apply(&[charge(billed)]).await?;
        }
        let made = self
            .ports
            .points
            .transfer_by_key(&key)
            .await?
            .ok_or_else(|| AppError::internal(format!("monthly fee {key} was not recorded")))?;
        if made.debit != billed {
            return Ok(None);
        }
        let mut rate_text = rate.terms.text();
        if rate.terms.pay == PayMode::Prepaid {
            rate_text.push_str(" (points did not cover it)");
        }
        Ok(Some(BillLine {
            service: Service::Monthly,
            rate_id: Some(rate.id),
            rate_text,
            charges: in_force.num_seconds().div_euclid(86_400)
                + i64::from(in_force.num_seconds() % 86_400 != 0),
            volume: None,
            amount: made.amount,
        }))
    }
}

/// `fixed` for `part` of `whole`, rounded down to the base unit.
fn prorated(fixed: i64, part: Duration, whole: Duration) -> i64 {
    let whole = whole.num_seconds().max(1) as i128;
    let part = (part.num_seconds() as i128).clamp(0, whole);
    (fixed as i128 * part / whole) as i64
}

/// What one line counts so far: charges, points, and the amounts charged on per token.
type LineTotals = (i64, i64, BTreeMap<String, Vec<String>>);

/// One line per (service, rate row): how many fees, on what, for how much.
fn fee_lines(fees: &[BilledFee], rates: &[Rate]) -> Vec<BillLine> {
    let mut groups: BTreeMap<(i32, Option<i64>), LineTotals> = BTreeMap::new();
    for fee in fees {
        let Some(service) = service_of(fee.cause) else {
            continue;
        };
        let (charges, amount, volumes) = groups.entry((service.code(), fee.rate_id)).or_default();
        *charges += 1;
        *amount += fee.amount;
        if let Some(v) = &fee.volume {
            volumes
                .entry(v.symbol.clone())
                .or_default()
                .push(v.amount.clone());
        }
    }
    groups
        .into_iter()
        .filter_map(|((service, rate_id), (charges, amount, volumes))| {
            let service = Service::from_code(service)?;
            let rate_text = rates
                .iter()
                .find(|r| Some(r.id) == rate_id)
                .map_or_else(|| "unknown rate".to_string(), |r| r.terms.text());
            let volume = volumes
                .iter()
                .map(|(symbol, amounts)| format!("{} {symbol}", decimal_sum(amounts)))
                .collect::<Vec<_>>()
                .join(", ");
            Some(BillLine {
                service,
                rate_id,
                rate_text,
                charges,
                volume: (!volume.is_empty()).then_some(volume),
                amount,
            })
        })
        .collect()
}

fn service_of(cause: Cause) -> Option<Service> {
    match cause {
        Cause::CollectionFee => Some(Service::CollectionFee),
        Cause::PaymentFee => Some(Service::PaymentFee),
        Cause::EnergyFee | Cause::CollectionEnergy => Some(Service::Energy),
        Cause::ExchangeFee => Some(Service::ExchangeFee),
        _ => None,
    }
}

/// The exact sum of decimal texts ("1.5" + "2.25" = "3.75").
pub fn decimal_sum(amounts: &[String]) -> String {
    let decimals = amounts
        .iter()
        .map(|a| a.split_once('.').map_or(0, |(_, f)| f.len()))
        .max()
        .unwrap_or(0)
        .min(77) as u8;
    let total = amounts
        .iter()
        .filter_map(|a| BaseUnits::from_decimal(a, decimals).ok())
        .fold(BaseUnits::ZERO, BaseUnits::saturating_add);
    total.to_decimal(decimals)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::points::Volume;
    use crate::rates::RateTerms;

    #[test]
    fn lines_group_fees_by_service_and_row_and_add_up() {
        let fee = |cause, rate_id, amount, volume: &str| BilledFee {
            cause,
            rate_id: Some(rate_id),
            amount,
            volume: Some(Volume {
                amount: volume.into(),
                symbol: "USDT".into(),
            }),
        };
        let fees = [
            fee(Cause::CollectionFee, 1, 500_000, "100"),
            fee(Cause::CollectionFee, 1, 250_000, "50.25"),
            fee(Cause::PaymentFee, 2, 1_000_000, "7"),
            fee(Cause::CollectionFee, 3, 100, "0.000001"),
        ];
        let rate = |id| Rate {
            id,
            merchant_id: 9,
            service: Service::CollectionFee,
            terms: RateTerms {
                mode: ChargeMode::Fixed,
                fixed: 1_000_000,
                ..RateTerms::FREE
            },
            valid_from: chrono::Utc::now(),
            valid_to: None,
            created_at: chrono::Utc::now(),
        };
        let lines = fee_lines(&fees, &[rate(1), rate(2)]);
        assert_eq!(lines.len(), 3);
        assert_eq!(
            (lines[0].charges, lines[0].amount, lines[0].volume.as_deref()),
            (2, 750_000, Some("150.25 USDT"))
        );
        assert_eq!(lines[0].rate_text, "fixed 1 per transaction");
        assert_eq!(lines[1].rate_text, "unknown rate");
        assert_eq!(lines[2].service, Service::PaymentFee);
        assert_eq!(lines.iter().map(|l| l.amount).sum::<i64>(), 1_750_100);
    }

    #[test]
    fn a_monthly_fee_is_prorated_down_to_the_base_unit() {
        let month = Duration::days(30);
        assert_eq!(prorated(30_000_000, month, month), 30_000_000);
        assert_eq!(prorated(30_000_000, Duration::days(15), month), 15_000_000);
        assert_eq!(prorated(10, Duration::days(1), month), 0);
        assert_eq!(decimal_sum(&["1.5".into(), "2.25".into(), "3".into()]), "6.75");
    }
}
