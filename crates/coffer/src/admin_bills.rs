//! `coffer admin bill …`: the operator's side of the monthly bills (docs/operations.md,
//! "Bills"): list them, and issue a period's bills now (the issuer round does it by itself
//! once a month has ended; issuing again finds the bills there are).

use std::sync::Arc;

use clap::{Subcommand, ValueEnum};
use coffer_domain::bills::issue::BillIssuer;
use coffer_domain::bills::{Bill, BillStatus, Period};
use coffer_domain::clock::SystemClock;
use coffer_domain::points::points_text;
use coffer_domain::ports::{BillRepo, PageRequest, Ports};
use coffer_store::Store;

use crate::config::Config;

#[derive(Subcommand)]
pub enum BillCmd {
    /// Bills, newest period first: id, merchant, period, amount, paid, status, payment, reason.
    List {
        #[arg(long)]
        merchant: Option<i64>,
        #[arg(long, value_enum)]
        status: Option<StatusArg>,
    },
    /// Issue the bills of a period that has ended ("2026-10", in the billing zone): every
    /// merchant's that owes something, or one merchant's.
    Issue {
        #[arg(long)]
        period: String,
        #[arg(long)]
        merchant: Option<i64>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
pub enum StatusArg {
    ToBePaid,
    Confirming,
    Paid,
}

impl From<StatusArg> for BillStatus {
    fn from(arg: StatusArg) -> BillStatus {
        match arg {
            StatusArg::ToBePaid => BillStatus::ToBePaid,
            StatusArg::Confirming => BillStatus::Confirming,
            StatusArg::Paid => BillStatus::Paid,
        }
    }
}

fn status_name(status: BillStatus) -> &'static str {
    match status {
        BillStatus::ToBePaid => "to be paid",
        BillStatus::Confirming => "confirming",
        BillStatus::Paid => "has paid",
    }
}

fn bill_line(b: &Bill) -> String {
    let payment = b.payment.as_ref().map_or_else(
        || "-".to_string(),
        |p| format!("chain {} {}", p.chain_id, p.tx_hash),
    );
    format!(
        "{}\tmerchant {}\t{} (UTC{:+})\tamount {}\tpaid {}\t{}\t{payment}\t{}",
        b.id,
        b.merchant_id,
        b.period.label,
        b.period.time_zone,
        points_text(b.amount),
        points_text(b.paid),
        status_name(b.status),
        b.reason.as_deref().unwrap_or("")
    )
}

pub async fn bill(config: &Config, store: &Store, cmd: BillCmd) -> anyhow::Result<()> {
    match cmd {
        BillCmd::List { merchant, status } => {
            let mut page = 1;
            let mut any = false;
            loop {
                let request = PageRequest::new(Some(page), Some(100)).map_err(anyhow::Error::msg)?;
                let found = store
                    .bills(merchant, status.map(BillStatus::from), request)
                    .await
                    .map_err(anyhow::Error::msg)?;
                for b in &found.list {
                    any = true;
                    println!("{}", bill_line(b));
                }
                if found.list.len() < 100 {
                    break;
                }
                page += 1;
            }
            if !any {
                println!("No bills.");
            }
        }
        BillCmd::Issue { period, merchant } => {
            let time_zone = config.billing.time_zone;
            let Some(period) = Period::parse(&period, time_zone) else {
                anyhow::bail!("the period is a month as YYYY-MM, e.g. 2026-10");
            };
            let ports = Ports::all_from(Arc::new(store.clone()), Arc::new(SystemClock));
            let issuer = BillIssuer::new(ports.clone(), time_zone);
            if !period.issuable(ports.clock.now()) {
                anyhow::bail!(
                    "{} has not ended yet (UTC{time_zone:+}): its bills are issued once it has",
                    period.label
                );
            }
            let (bills, failed) = issuer
                .issue_period(&period, merchant)
                .await
                .map_err(anyhow::Error::msg)?;
            for b in &bills {
                println!("{}", bill_line(b));
            }
            if bills.is_empty() {
                println!("Nobody owes anything for {}: no bill issued.", period.label);
            }
            if failed > 0 {
                anyhow::bail!("{failed} merchant(s) could not be billed: see the log, then run again");
            }
        }
    }
    Ok(())
}
