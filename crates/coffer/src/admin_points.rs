//! `coffer admin points …` and `coffer admin ledger verify`: the operator's side of the points
//! ledger (docs/operations.md, "Points and bills").

use anyhow::Context;
use chrono::Utc;
use clap::{Subcommand, ValueEnum};
use coffer_domain::identity::{self, Email};
use coffer_domain::points::verify::differences;
use coffer_domain::points::{
    parse_points, points_text, AccountRef, Cause, LedgerOp, NewTransfer, Origin, Outcome, PointAsset, Refusal,
};
use coffer_domain::ports::{LedgerAudit, PointsLedger, RechargeRepo};

use crate::config::Config;
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
    /// Designate the platform's own merchant, whose deposit addresses take the merchants'
    /// recharges: the merchant of the user with this e-mail, or a new active merchant with
    /// this e-mail as its admin (then --password is needed). Once designated it stays: run
    /// again, it changes nothing.
    Platform {
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: Option<String>,
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

pub async fn points(config: &Config, store: &Store, cmd: PointsCmd) -> anyhow::Result<()> {
    match cmd {
        PointsCmd::Platform { email, password } => {
            // Under the startup lock: two at once create one merchant.
            store
                .migrate_then(platform(config, store, &email, password.as_deref()))
                .await
                .context("migrating")??;
        }
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

/// `coffer admin points platform`: designates (or creates) the platform merchant, with its
/// seed, its default rates, once.
async fn platform(config: &Config, store: &Store, email: &str, password: Option<&str>) -> anyhow::Result<()> {
    if let Some(id) = store.platform_merchant().await.map_err(anyhow::Error::msg)? {
        println!("The platform merchant is merchant {id}; nothing changed.");
        return Ok(());
    }
    let id = match store.merchant_of(email).await.map_err(anyhow::Error::msg)? {
        Some(id) => id,
        None => {
            let password = password
                .context("no user has this e-mail: give --password to create the platform merchant")?;
            let email = Email::parse(email).map_err(anyhow::Error::msg)?;
            identity::check_password_policy(password).map_err(anyhow::Error::msg)?;
            let hash = identity::hash_password(password).map_err(anyhow::Error::msg)?;
            store
                .create_merchant(PLATFORM_MERCHANT_NAME, &email, hash, "Platform admin")
                .await
                .map_err(anyhow::Error::msg)?
        }
    };
    // Its keys are under its own seed, sealed under the master key like every merchant's.
    let (_, vault) = crate::app::open_vault(config, store).await?;
    vault.ensure_seed(id).await.map_err(anyhow::Error::msg)?;
    crate::admin_rates::ensure_defaults(config, store).await?;
    let id = store
        .designate_platform(id, Utc::now())
        .await
        .map_err(anyhow::Error::msg)?;
    println!(
        "The platform merchant is merchant {id}: sign in as {email} to enable USDT and set its collection."
    );
    Ok(())
}

const PLATFORM_MERCHANT_NAME: &str = "Platform";
