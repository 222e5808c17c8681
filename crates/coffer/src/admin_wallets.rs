//! Operator commands for keys and wallets: seeds, master key rotation, cold-address requests,
//! deposit addresses.

use anyhow::{bail, Context};
use clap::Subcommand;
use coffer_domain::clock::SystemClock;
use coffer_domain::crypto::SecretBox;
use coffer_domain::ports::{ApplyStatus, PageRequest};
use coffer_store::Store;
use std::io::Read;
use std::path::PathBuf;
use std::sync::Arc;

use crate::app::{build_services, open_vault};
use crate::config::Config;

/// How the admin listings print a review state (token requests, allow-list IPs).
pub(crate) fn apply_status_label(status: ApplyStatus) -> &'static str {
    match status {
        ApplyStatus::Pending => "pending",
        ApplyStatus::Approved => "approved",
        ApplyStatus::Rejected => "rejected",
    }
}

#[derive(Subcommand)]
pub enum SeedCmd {
    /// Import a BIP39 mnemonic (read from stdin) as the seed of a merchant that has none yet.
    Import {
        /// An e-mail of one of the merchant's users.
        #[arg(long)]
        email: String,
    },
}

#[derive(Subcommand)]
pub enum MasterKeyCmd {
    /// Re-encrypt every sealed secret under a new master key (created in FILE when missing).
    /// Stop every `coffer serve` first; restart them with the new key.
    Rotate {
        #[arg(long)]
        to: PathBuf,
    },
}

#[derive(Subcommand)]
pub enum TokenCmd {
    /// Cold-address requests; with --pending only those awaiting review.
    List {
        #[arg(long)]
        pending: bool,
    },
    /// Approve a pending request: its addresses become the token's cold addresses at once.
    Approve { id: i64 },
    /// Reject a pending request with a reason the merchant sees.
    Reject {
        id: i64,
        #[arg(long)]
        reason: String,
    },
}

#[derive(Subcommand)]
pub enum AddressCmd {
    /// The deposit address of an end user (OpenID) on a chain, derived on first use.
    New {
        #[arg(long)]
        email: String,
        #[arg(long)]
        chain: i64,
        #[arg(long)]
        openid: String,
    },
}

async fn merchant(store: &Store, email: &str) -> anyhow::Result<i64> {
    store
        .merchant_of(email)
        .await
        .map_err(anyhow::Error::msg)?
        .with_context(|| format!("no user with the e-mail {email}"))
}

pub async fn seed(config: &Config, store: &Store, cmd: SeedCmd) -> anyhow::Result<()> {
    let SeedCmd::Import { email } = cmd;
    let merchant_id = merchant(store, &email).await?;
    let mut phrase = zeroize::Zeroizing::new(String::new());
    std::io::stdin()
        .read_to_string(&mut phrase)
        .context("reading the mnemonic from stdin")?;
    let (_, vault) = open_vault(config, store).await?;
    vault
        .import_seed(merchant_id, &phrase)
        .await
        .map_err(anyhow::Error::msg)?
        .map_err(anyhow::Error::new)?;
    println!("Seed imported for the merchant of {email}.");
    Ok(())
}

pub async fn master_key(config: &Config, store: &Store, cmd: MasterKeyCmd) -> anyhow::Result<()> {
    let MasterKeyCmd::Rotate { to } = cmd;
    let (_, vault) = open_vault(config, store).await?;
    let mut next_config = config.security.clone();
    next_config.master_key = crate::config::Secret::default();
    next_config.master_key_file = to.display().to_string();
    let next = SecretBox::new(&crate::keys::master_key(&next_config)?);
    let count = vault.rotate(&next).await.map_err(anyhow::Error::msg)?;
    println!(
        "Re-encrypted {count} secrets under the key in {}.\nSet security.master_key_file to it (or \
         security.master_key to its contents), keep a backup, and restart the service.",
        to.display()
    );
    Ok(())
}

pub async fn token(config: &Config, store: &Store, cmd: TokenCmd) -> anyhow::Result<()> {
    let services = build_services(config, store, Arc::new(SystemClock)).await?;
    let wallets = services.wallets;
    match cmd {
        TokenCmd::List { pending } => {
            let page = PageRequest { page: 1, size: 100 };
            let found = wallets
                .page_token_requests(None, None, pending, page)
                .await
                .map_err(anyhow::Error::msg)?;
            if found.list.is_empty() {
                let what = if pending { "awaiting review" } else { "at all" };
                println!("No cold-address requests {what}.");
            } else if found.total > found.list.len() as u64 {
                println!("The newest {} of {} requests:", found.list.len(), found.total);
            }
            for r in found.list {
                let status = apply_status_label(r.apply_status);
                println!(
                    "{}\tmerchant {}\t{} {}\t{status}",
                    r.id, r.merchant_id, r.chain_name, r.symbol
                );
                // What each address is to Coffer, so that nobody approves a sweep into a
                // wallet of its own (it would come back as a deposit).
                let known = wallets
                    .known_cold_addresses(r.chain_id, &r.cold_addresses)
                    .await
                    .map_err(anyhow::Error::msg)?;
                for c in &r.cold_addresses {
                    let what = known
                        .iter()
                        .find(|k| k.address == c.address)
                        .map(|k| format!("KNOWN: {}, cannot be approved", k.known_as.describe()))
                        .unwrap_or_else(|| "not an address Coffer knows".into());
                    println!("\t{} x{}\t{what}", c.address, c.ratio);
                }
            }
        }
        TokenCmd::Approve { id } => {
            if !wallets
                .review_token_request(id, true, "")
                .await
                .map_err(|e| anyhow::anyhow!("{}", e.msg_key().text(coffer_domain::Locale::EnUs)))?
            {
                bail!("no token request {id} awaiting review");
            }
            println!("Token request {id} approved: its addresses are the cold addresses now.");
        }
        TokenCmd::Reject { id, reason } => {
            if reason.trim().is_empty() {
                bail!("a rejection needs a --reason the merchant will read");
            }
            if !wallets
                .review_token_request(id, false, &reason)
                .await
                .map_err(anyhow::Error::msg)?
            {
                bail!("no token request {id} awaiting review");
            }
            println!("Token request {id} rejected.");
        }
    }
    Ok(())
}

pub async fn address(config: &Config, store: &Store, cmd: AddressCmd) -> anyhow::Result<()> {
    let AddressCmd::New { email, chain, openid } = cmd;
    let merchant_id = merchant(store, &email).await?;
    let services = build_services(config, store, Arc::new(SystemClock)).await?;
    let record = services
        .wallets
        .deposit_address(merchant_id, chain, &openid)
        .await
        .map_err(|e| anyhow::anyhow!("{}", e.msg_key().text(coffer_domain::Locale::EnUs)))?;
    println!("{}", record.address);
    Ok(())
}
