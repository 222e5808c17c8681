//! `coffer admin points …` and `coffer admin ledger verify`: the operator's side of the points
//! ledger (docs/operations.md, "Points and bills").

use anyhow::Context;
use chrono::Utc;
use clap::{Subcommand, ValueEnum};
use coffer_domain::points::verify::differences;
use coffer_domain::points::{
    parse_points, points_text, AccountRef, Cause, LedgerOp, NewTransfer, Origin, Outcome, PointAsset, Refusal,
};
use coffer_domain::ports::{LedgerAudit, PointsLedger};
use coffer_store::Store;

#[derive(Subcommand)]
pub enum LedgerCmd {
    /// Check the ledger's invariants; print each difference and exit 1 if any.
    Verify,
}

#[derive(Subcommand)]
pub enum PointsCmd {
    /// A merchant's points: posted, held, available, credit limit.
    Balance {
        #[arg(long)]
        merchant: i64,
    },
    /// Give a merchant points (or take them back with --take). The reference names why (a
    /// ticket, a contract); the same reference again changes nothing, so a retried command
    /// never grants twice.
    Grant {
        #[arg(long)]
        merchant: i64,
        #[arg(long, value_enum)]
        asset: AssetArg,
        /// Points, up to 6 decimals.
        #[arg(long)]
        amount: String,
        #[arg(long)]
        reference: String,
        /// Take the points back instead (never below the merchant's credit limit).
        #[arg(long)]
        take: bool,
    },
    /// How far below zero the merchant's points may go (default 0).
    CreditLimit {
        #[arg(long)]
        merchant: i64,
        #[arg(long, value_enum)]
        asset: AssetArg,
        #[arg(long)]
        amount: String,
    },
}

#[derive(Clone, Copy, ValueEnum)]
pub enum AssetArg {
    Usdt,
    Trx,
}

impl From<AssetArg> for PointAsset {
    fn from(arg: AssetArg) -> PointAsset {
        match arg {
            AssetArg::Usdt => PointAsset::Usdt,
            AssetArg::Trx => PointAsset::Trx,
        }
    }
}

pub async fn ledger(store: &Store, cmd: LedgerCmd) -> anyhow::Result<()> {
    let LedgerCmd::Verify = cmd;
    let facts = store.ledger_facts().await.map_err(anyhow::Error::msg)?;
    let found = differences(&facts);
    if found.is_empty() {
        println!(
            "The ledger holds: {} accounts agree with their transfers, every asset sums to zero, every hold is resolved at most once.",
            facts.accounts.len()
        );
        return Ok(());
    }
    for line in &found {
        println!("{line}");
    }
    anyhow::bail!("{} differences in the points ledger", found.len())
}

pub async fn points(store: &Store, cmd: PointsCmd) -> anyhow::Result<()> {
    match cmd {
        PointsCmd::Balance { merchant } => {
            known(store, merchant).await?;
            for asset in [PointAsset::Usdt, PointAsset::Trx] {
                let b = store
                    .balance(AccountRef::Merchant(merchant), asset)
                    .await
                    .map_err(anyhow::Error::msg)?;
                println!(
                    "{}\tposted {}\theld {}\tavailable {}\tcredit limit {}",
                    asset_name(asset),
                    points_text(b.posted()),
                    points_text(b.debits_pending),
                    points_text(b.available()),
                    points_text(b.credit_limit)
                );
            }
        }
        PointsCmd::Grant {
            merchant,
            asset,
            amount,
            reference,
            take,
        } => {
            known(store, merchant).await?;
            let amount = points_arg(&amount)?;
            let reference = reference.trim();
            anyhow::ensure!(
                !reference.is_empty() && reference.len() <= 100,
                "--reference must be 1 to 100 characters"
            );
            let (debit, credit) = if take {
                (AccountRef::Merchant(merchant), AccountRef::Grants)
            } else {
                (AccountRef::Grants, AccountRef::Merchant(merchant))
            };
            let key = format!("grant:{merchant}:{reference}");
            let op = LedgerOp::Transfer(NewTransfer {
                key: key.clone(),
                asset: asset.into(),
                debit,
                credit,
                amount,
                cause: Cause::Grant,
                hold_until: None,
                origin: Origin {
                    reference: format!("grant:{reference}"),
                    ..Origin::default()
                },
                at: Utc::now(),
            });
            let outcome = store.apply(&[op]).await.map_err(anyhow::Error::msg)?.pop();
            match outcome.context("one outcome")? {
                Outcome::Done(t) => println!(
                    "Done: transfer {} ({key}); available now {}.",
                    t.id,
                    points_text(t.available_after)
                ),
                Outcome::Again(t) => println!("Already done: transfer {} ({key}); nothing changed.", t.id),
                Outcome::Refused(Refusal::KeyReused) => anyhow::bail!(
                    "the reference {reference:?} was used for another grant of merchant {merchant}; choose another"
                ),
                Outcome::Refused(Refusal::Insufficient { spendable }) => anyhow::bail!(
                    "the merchant can give back at most {} now",
                    points_text(spendable)
                ),
                Outcome::Refused(other) => anyhow::bail!("refused: {other:?}"),
            }
        }
        PointsCmd::CreditLimit {
            merchant,
            asset,
            amount,
        } => {
            known(store, merchant).await?;
            let limit = points_arg(&amount)?;
            store
                .set_credit_limit(merchant, asset.into(), limit)
                .await
                .map_err(anyhow::Error::msg)?;
            println!(
                "Merchant {merchant} may now go {} points below zero.",
                points_text(limit)
            );
        }
    }
    Ok(())
}

async fn known(store: &Store, merchant: i64) -> anyhow::Result<()> {
    anyhow::ensure!(
        store
            .merchant_exists(merchant)
            .await
            .map_err(anyhow::Error::msg)?,
        "no merchant {merchant}"
    );
    Ok(())
}

fn points_arg(text: &str) -> anyhow::Result<i64> {
    parse_points(text).context("the amount must be points with at most 6 decimals, e.g. 10 or 0.5")
}

pub fn asset_name(asset: PointAsset) -> &'static str {
    match asset {
        PointAsset::Usdt => "USDT points",
        PointAsset::Trx => "TRX points",
    }
}
