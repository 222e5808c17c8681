//! The command line: `coffer serve | migrate | config | admin ...`.

use anyhow::Context;
use clap::{Parser, Subcommand};
use coffer_domain::clock::SystemClock;
use coffer_domain::codes::StoredCode;
use coffer_domain::ports::{MerchantStatus, RollupAudit, RollupBucket, RollupDifference, ALL_TIME};
use coffer_store::admin::DemoOutcome;
use std::path::PathBuf;
use std::sync::Arc;

use crate::admin_wallets::{apply_status_label, AddressCmd, MasterKeyCmd, SeedCmd, TokenCmd};
use crate::app::{open_store, open_vault, App};
use crate::config::Config;

#[derive(Parser)]
#[command(
    name = "coffer",
    version,
    about = "Coffer: custody and payment collection for merchants"
)]
pub struct Cli {
    /// Configuration file (optional; defaults and COFFER__ variables apply without it).
    #[arg(long, global = true)]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Migrate the database and serve the console, the API and the workers.
    Serve,
    /// Create or update the database schema, then exit.
    Migrate,
    /// Print the effective configuration with secrets masked.
    Config,
    /// Operator tasks.
    #[command(subcommand)]
    Admin(Admin),
}

#[derive(Subcommand)]
pub enum Admin {
    /// Create the demo merchant and its admin user (or reset that user's password).
    Demo,
    /// Manage users.
    #[command(subcommand)]
    User(UserCmd),
    /// The IP list: review merchants' requests to call the merchant API from an address.
    #[command(subcommand)]
    Ip(IpCmd),
    /// Registered merchants: list those awaiting activation, activate or disable one.
    #[command(subcommand)]
    Merchant(MerchantCmd),
    /// Merchant seeds (generated at activation; import one for a merchant without a seed).
    #[command(subcommand)]
    Seed(SeedCmd),
    /// The master key that seals seeds and authenticator secrets.
    #[command(subcommand, name = "master-key")]
    MasterKey(MasterKeyCmd),
    /// Merchants' cold-address requests: list, approve, reject.
    #[command(subcommand)]
    Token(TokenCmd),
    /// End users' deposit addresses.
    #[command(subcommand)]
    Address(AddressCmd),
    /// The embedded devchain: play end user (fund, send), mine, reorganise.
    #[command(subcommand)]
    Devchain(crate::devchain_cli::DevchainCmd),
    /// The hourly order buckets behind the totals: check them against the orders, or recompute them.
    #[command(subcommand)]
    Rollup(RollupCmd),
    /// Merchants' points: balances, grants, credit limits.
    #[command(subcommand)]
    Points(crate::admin_points::PointsCmd),
    /// The points ledger: check its invariants.
    #[command(subcommand)]
    Ledger(crate::admin_points::LedgerCmd),
    /// The rate card: what each service costs a merchant (set, list).
    #[command(subcommand)]
    Rate(crate::admin_rates::RateCmd),
    /// Monthly bills: list them, issue a period's.
    #[command(subcommand)]
    Bill(crate::admin_bills::BillCmd),
    /// The TRON energy pool: the platform's energy account, staking and unstaking TRX.
    #[command(subcommand)]
    Energy(crate::admin_energy::EnergyCmd),
    /// Exchange pairs: where each pair's price comes from (fixed, a feed, none).
    #[command(subcommand)]
    Exchange(crate::admin_exchange::ExchangeCmd),
    /// Show mails kept in the outbox (mail.transport = "outbox").
    Outbox {
        /// Only mails to this address.
        #[arg(long)]
        to: Option<String>,
        /// One JSON object per line.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
pub enum RollupCmd {
    /// Recompute every bucket from the orders and print each one that differs (exit status 1).
    Verify,
    /// Replace every bucket by its recomputation (after a restore, or rows written by hand).
    Rebuild,
}

#[derive(Subcommand)]
pub enum IpCmd {
    /// List requests; with --pending only those awaiting review.
    List {
        #[arg(long)]
        pending: bool,
    },
    /// Approve a pending request: the address may call the merchant API.
    Approve { id: i64 },
    /// Reject a pending request.
    Reject { id: i64 },
}

#[derive(Subcommand)]
pub enum MerchantCmd {
    /// List merchants (id, admin e-mail, status, registered); with --pending only the e-mails
    /// and times of those awaiting activation.
    List {
        #[arg(long)]
        pending: bool,
    },
    /// Activate the merchant whose admin has this e-mail.
    Activate { email: String },
    /// Disable the merchant whose admin has this e-mail (its users can no longer sign in).
    Disable { email: String },
}

#[derive(Subcommand)]
pub enum UserCmd {
    /// Add a user whose role holds exactly the given menu ids.
    Add {
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
        /// Comma-separated menu ids, e.g. 1,3,301.
        #[arg(long, value_delimiter = ',')]
        menus: Vec<i64>,
        /// The new user joins the merchant of this existing user (default: the demo admin).
        #[arg(long)]
        merchant_of: Option<String>,
    },
}

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    let (path, required) = match &cli.config {
        Some(path) => (path.clone(), true),
        None => (PathBuf::from("coffer.toml"), false),
    };
    let config = Config::load(&path, required)?;
    crate::telemetry::init(&config.log);
    match cli.command {
        Command::Serve => serve(&config).await,
        Command::Migrate => {
            open_store(&config).await?.migrate().await.context("migrating")?;
            println!("Database is up to date.");
            Ok(())
        }
        Command::Config => {
            println!("{}", toml_like(&config)?);
            Ok(())
        }
        Command::Admin(admin) => run_admin(&config, admin).await,
    }
}

async fn serve(config: &Config) -> anyhow::Result<()> {
    let app = App::build(config, Arc::new(SystemClock)).await?;
    let addr = app.local_addr();
    tracing::info!(%addr, database = app.store.backend_name(), "Coffer started");
    // One exact line on stdout: scripts and tests read the address from it.
    println!("Coffer listening on http://{addr}");
    app.serve(shutdown_signal()).await?;
    tracing::info!("Coffer stopped");
    Ok(())
}

async fn run_admin(config: &Config, admin: Admin) -> anyhow::Result<()> {
    let store = open_store(config).await?;
    if let Admin::Demo = admin {
        // Under the migration's lock: two at once make one demo merchant with one seed.
        return store
            .migrate_then(seed_demo(config, &store))
            .await
            .context("migrating")?;
    }
    store.migrate().await.context("migrating")?;
    match admin {
        Admin::Demo => unreachable!("the demo merchant is seeded with the migration, above"),
        Admin::User(UserCmd::Add {
            email,
            password,
            menus,
            merchant_of,
        }) => {
            let owner = merchant_of.unwrap_or_else(|| config.demo.email.clone());
            let id = store
                .add_user(&owner, &email, &password, &menus)
                .await
                .map_err(anyhow::Error::msg)?;
            println!("User {email} added (id {id}).");
        }
        Admin::Merchant(MerchantCmd::List { pending: true }) => {
            for (email, at) in store.pending_merchants().await.map_err(anyhow::Error::msg)? {
                println!("{email}\tregistered {}", at.to_rfc3339());
            }
        }
        Admin::Merchant(MerchantCmd::List { pending: false }) => {
            for m in store.merchants(None).await.map_err(anyhow::Error::msg)? {
                let status = match m.status {
                    MerchantStatus::Pending => "pending",
                    MerchantStatus::Active => "active",
                    MerchantStatus::Disabled => "disabled",
                };
                let registered = m.registered_at.to_rfc3339();
                println!("{}\t{}\t{status}\tregistered {registered}", m.id, m.admin_email);
            }
        }
        Admin::Merchant(MerchantCmd::Activate { email }) => {
            let merchant_id = set_status(&store, &email, MerchantStatus::Active).await?;
            // Its seed exists from activation on: deposit addresses can be derived at once.
            let (_, vault) = open_vault(config, &store).await?;
            vault.ensure_seed(merchant_id).await.map_err(anyhow::Error::msg)?;
            crate::admin_rates::ensure_defaults(config, &store).await?;
        }
        Admin::Merchant(MerchantCmd::Disable { email }) => {
            set_status(&store, &email, MerchantStatus::Disabled).await?;
        }
        Admin::Seed(cmd) => crate::admin_wallets::seed(config, &store, cmd).await?,
        Admin::MasterKey(cmd) => crate::admin_wallets::master_key(config, &store, cmd).await?,
        Admin::Token(cmd) => crate::admin_wallets::token(config, &store, cmd).await?,
        Admin::Address(cmd) => crate::admin_wallets::address(config, &store, cmd).await?,
        Admin::Devchain(cmd) => crate::devchain_cli::run(config, &store, cmd).await?,
        Admin::Points(cmd) => crate::admin_points::points(config, &store, cmd).await?,
        Admin::Ledger(cmd) => crate::admin_points::ledger(&store, cmd).await?,
        Admin::Rate(cmd) => crate::admin_rates::rate(config, &store, cmd).await?,
        Admin::Bill(cmd) => crate::admin_bills::bill(config, &store, cmd).await?,
        Admin::Energy(cmd) => print!("{}", crate::admin_energy::run(config, &store, cmd).await?),
        Admin::Exchange(cmd) => print!("{}", crate::admin_exchange::run(&store, cmd).await?),
        Admin::Ip(IpCmd::List { pending }) => {
            for ip in store.all_ips(pending).await.map_err(anyhow::Error::msg)? {
                let status = apply_status_label(ip.apply_status);
                println!(
                    "{}\tmerchant {}\t{}\t{status}\t{}",
                    ip.id, ip.merchant_id, ip.ip, ip.remark
                );
            }
        }
        Admin::Rollup(RollupCmd::Verify) => verify_rollup(&store).await?,
        Admin::Rollup(RollupCmd::Rebuild) => {
            let buckets = store.rebuild_rollup().await.map_err(anyhow::Error::msg)?;
            println!("Rebuilt {buckets} buckets from the orders.");
        }
        Admin::Ip(IpCmd::Approve { id }) => review_ip(&store, id, true).await?,
        Admin::Ip(IpCmd::Reject { id }) => review_ip(&store, id, false).await?,
        Admin::Outbox { to, json } => {
            for mail in store.outbox(to.as_deref()).await.map_err(anyhow::Error::msg)? {
                if json {
                    let line = serde_json::json!({
                        "id": mail.id, "to": mail.recipient, "subject": mail.subject,
                        "body": mail.body, "createdAt": mail.created_at.to_rfc3339(),
                    });
                    println!("{line}");
                } else {
                    println!(
                        "#{} {} to {}\n  {}\n  {}",
                        mail.id,
                        mail.created_at.to_rfc3339(),
                        mail.recipient,
                        mail.subject,
                        mail.body
                    );
                }
            }
        }
    }
    Ok(())
}

/// Creates the demo merchant and its seed, or resets its admin's password.
async fn seed_demo(config: &Config, store: &coffer_store::Store) -> anyhow::Result<()> {
    let password = config.demo.password.expose();
    let outcome = store
        .seed_demo(&config.demo.email, password)
        .await
        .map_err(anyhow::Error::msg)?;
    let merchant_id = store
        .merchant_of(&config.demo.email)
        .await
        .map_err(anyhow::Error::msg)?
        .context("the demo merchant")?;
    let (_, vault) = open_vault(config, store).await?;
    vault.ensure_seed(merchant_id).await.map_err(anyhow::Error::msg)?;
    crate::admin_rates::ensure_defaults(config, store).await?;
    let what = match outcome {
        DemoOutcome::Created => "Demo merchant created.",
        DemoOutcome::PasswordReset => "Demo merchant exists; its password was reset.",
    };
    println!(
        "{what}\n  e-mail:   {}\n  password: {password}",
        config.demo.email
    );
    Ok(())
}

/// Prints how many buckets agree (the all-time totals are checked too) and how many deposit
/// addresses' credits for collection agree with their deposits, or every difference and fails
/// (exit status 1).
async fn verify_rollup(store: &coffer_store::Store) -> anyhow::Result<()> {
    let differences = store.verify_rollup().await.map_err(anyhow::Error::msg)?;
    let credits = store.verify_collectable().await.map_err(anyhow::Error::msg)?;
    if differences.is_empty() && credits.is_empty() {
        let buckets = store.rollup_bucket_count().await.map_err(anyhow::Error::msg)?;
        let pairs = store.collectable_count().await.map_err(anyhow::Error::msg)?;
        println!("{buckets} buckets agree with the orders.");
        println!("{pairs} credits for collection agree with the deposits.");
        return Ok(());
    }
    for difference in &differences {
        println!("{}", difference_line(difference));
    }
    for credit in &credits {
        let stored = credit.stored.map_or("none".to_string(), |c| c.to_string());
        println!(
            "deposit address {} token {}: credited {stored}, deposits {}",
            credit.deposit_address_id, credit.token_id, credit.recomputed
        );
    }
    anyhow::ensure!(
        credits.is_empty(),
        "{} credits for collection differ from the deposits (a write outside the service?)",
        credits.len()
    );
    anyhow::bail!(
        "{} buckets differ from the orders; `coffer admin rollup rebuild` recomputes them",
        differences.len()
    )
}

/// One bucket's key, then its stored and recomputed figures.
pub fn difference_line(d: &RollupDifference) -> String {
    let figures = |bucket: &Option<RollupBucket>| match bucket {
        Some(b) => format!("count {} amount {} fee {}", b.count, b.amount, b.fee),
        None => "none".to_string(),
    };
    let k = &d.key;
    let token = k.token_id.map_or("native".to_string(), |id| id.to_string());
    let hour = if k.hour == ALL_TIME {
        "all-time".to_string()
    } else {
        k.hour.to_rfc3339()
    };
    format!(
        "merchant {} {:?} hour {hour} chain {} token {token} status {} credited {}: stored {}, recomputed {}",
        k.merchant_id,
        k.kind,
        k.chain_id,
        k.status.code(),
        k.credited,
        figures(&d.stored),
        figures(&d.recomputed),
    )
}

async fn review_ip(store: &coffer_store::Store, id: i64, approve: bool) -> anyhow::Result<()> {
    if !store.review_ip(id, approve).await.map_err(anyhow::Error::msg)? {
        anyhow::bail!("no IP request {id} awaiting review");
    }
    println!(
        "IP request {id} {}.",
        if approve { "approved" } else { "rejected" }
    );
    Ok(())
}

async fn set_status(store: &coffer_store::Store, email: &str, status: MerchantStatus) -> anyhow::Result<i64> {
    let Some(merchant_id) = store
        .set_merchant_status(email, status)
        .await
        .map_err(anyhow::Error::msg)?
    else {
        anyhow::bail!("no user with the e-mail {email}");
    };
    println!("Merchant of {email} is now {status:?}.");
    Ok(merchant_id)
}

fn toml_like(config: &Config) -> anyhow::Result<String> {
    Ok(serde_json::to_string_pretty(config)?)
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
}
