//! `coffer admin rate`: the operator sets what services cost a merchant and reads its rows.

use clap::Subcommand;
use coffer_domain::clock::SystemClock;
use coffer_domain::ports::Ports;
use coffer_domain::rates::{PayMode, Rate, RateCard, RateStatus};
use coffer_store::Store;
use std::sync::Arc;

use crate::config::Config;
use crate::rates::{rate_card, refusal_text, RateText, ServiceName};

#[derive(Subcommand)]
pub enum RateCmd {
    /// New terms for one service of a merchant, from now on: the row in force is closed.
    Set {
        /// The merchant's id (`coffer admin rate list` and the console show it).
        #[arg(long)]
        merchant: i64,
        #[arg(long, value_enum)]
        service: ServiceName,
        #[command(flatten)]
        terms: RateText,
    },
    /// Every row of a merchant, current and past, newest first, with its status.
    List {
        #[arg(long)]
        merchant: i64,
    },
}

fn card(config: &Config, store: &Store) -> RateCard {
    rate_card(
        config,
        Ports::all_from(Arc::new(store.clone()), Arc::new(SystemClock)),
    )
}

/// Gives merchants lacking a row of a service the configured default (after activation).
pub async fn ensure_defaults(config: &Config, store: &Store) -> anyhow::Result<()> {
    let card = card(config, store);
    card.ensure_defaults(&card.defaults, card.ports.clock.now())
        .await
        .map_err(anyhow::Error::msg)?;
    Ok(())
}

pub async fn rate(config: &Config, store: &Store, cmd: RateCmd) -> anyhow::Result<()> {
    let card = card(config, store);
    let now = card.ports.clock.now();
    match cmd {
        RateCmd::Set {
            merchant,
            service,
            terms,
        } => {
            let service = service.service();
            let terms = terms
                .terms(service)
                .map_err(|e| anyhow::anyhow!(refusal_text(&e)))?;
            let rate = card
                .set(merchant, service, terms, now)
                .await
                .map_err(|e| anyhow::anyhow!(refusal_text(&e)))?;
            println!("{}", row_line(&rate, now));
        }
        RateCmd::List { merchant } => {
            for rate in card.rates(merchant).await.map_err(anyhow::Error::msg)? {
                println!("{}", row_line(&rate, now));
            }
        }
    }
    Ok(())
}

/// One row: id, service, terms, pay mode, validity and status, tab-separated.
fn row_line(rate: &Rate, now: chrono::DateTime<chrono::Utc>) -> String {
    let t = &rate.terms;
    let terms = t.text();
    let to = rate.valid_to.map_or("open".to_string(), |to| to.to_rfc3339());
    let status = match rate.status(now) {
        RateStatus::Effective => "effective",
        RateStatus::Expired => "expired",
    };
    let pay = match t.pay {
        PayMode::Prepaid => "prepaid",
        PayMode::Postpaid => "postpaid",
    };
    let service = format!("{:?}", ServiceName::of(rate.service)).to_lowercase();
    format!(
        "{}\t{service}\t{terms}\t{pay}\tfrom {}\tto {to}\t{status}",
        rate.id,
        rate.valid_from.to_rfc3339(),
    )
}
