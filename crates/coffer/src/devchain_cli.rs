//! `coffer admin devchain fund|send|reorg|mine|balance`: the operator plays end user on the
//! embedded devchain, to demo and test deposits.
//!
//! `send` pays from the built-in "player" wallet: the devchain key of the public development
//! mnemonic "test test test test test test test test test test test junk" at m/44'/1'/0'/0/0,
//! address 0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0. It is funded automatically (and a
//! block mined) when it cannot pay, then the transfer is signed and broadcast through the
//! chain adapter like any wallet would.

use anyhow::{anyhow, bail, Context};
use clap::{Subcommand, ValueEnum};
use coffer_chain::devchain::{self, Devchain, DEV_MNEMONIC};
use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::SystemClock;
use coffer_domain::ports::chain::{Asset, ChainAdapter, KeyPurpose, TransferRequest};
use coffer_store::Store;
use std::sync::Arc;

use crate::config::Config;

#[derive(Subcommand, Debug)]
pub enum DevchainCmd {
    /// Mint coins or tokens to an address (the faucet); they arrive with the next block.
    Fund {
        /// The recipient: 0x + 40 hex digits, lowercase or EIP-55 checksummed.
        address: String,
        /// A decimal amount, e.g. 25.5.
        amount: String,
        #[arg(long, value_enum, ignore_case = true, default_value_t = Token::Usdt)]
        token: Token,
    },
    /// Send from the built-in player wallet (funded automatically when short); prints the
    /// transaction hash.
    Send {
        #[arg(long)]
        to: String,
        /// A decimal amount, e.g. 25.5.
        #[arg(long)]
        amount: String,
        #[arg(long, value_enum, ignore_case = true, default_value_t = Token::Usdt)]
        token: Token,
    },
    /// Replace the last N blocks: their transactions return to the pool and are mined again
    /// in N new blocks with other hashes.
    Reorg {
        #[arg(long)]
        depth: u64,
    },
    /// Mine blocks now.
    Mine {
        #[arg(long, default_value_t = 1)]
        blocks: u64,
    },
    /// Show the DEV and USDT balances of an address.
    Balance { address: String },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Token {
    #[value(name = "USDT")]
    Usdt,
    #[value(name = "DEV")]
    Dev,
}

impl Token {
    fn asset(self) -> Asset {
        match self {
            Token::Usdt => Asset::Token {
                contract: devchain::USDT_CONTRACT.into(),
            },
            Token::Dev => Asset::Native,
        }
    }

    fn decimals(self) -> u8 {
        match self {
            Token::Usdt => devchain::USDT_DECIMALS,
            Token::Dev => devchain::NATIVE_DECIMALS,
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Token::Usdt => devchain::USDT_SYMBOL,
            Token::Dev => devchain::NATIVE_SYMBOL,
        }
    }

    fn show(self, amount: BaseUnits) -> String {
        format!("{} {}", amount.to_decimal(self.decimals()), self.symbol())
    }

    fn parse(self, text: &str) -> anyhow::Result<BaseUnits> {
        BaseUnits::from_decimal(text, self.decimals())
            .map_err(|e| anyhow!("invalid amount {text:?} of {}: {e}", self.symbol()))
    }
}

/// What the player wallet gets on top of what a send needs when it is topped up.
const TOP_UP_USDT: &str = "1000";
const TOP_UP_DEV: &str = "1";

/// `coffer admin devchain ...` on the service's (migrated) database.
pub async fn run(config: &Config, store: &Store, cmd: DevchainCmd) -> anyhow::Result<()> {
    if !config.devchain.enabled {
        bail!("the devchain is disabled in this configuration (devchain.enabled = false)");
    }
    run_on(store.connection().clone(), config.devchain.block_interval_ms, cmd).await
}

/// The same on a migrated database connection; `block_interval_ms` only shapes the hints.
pub async fn run_on(
    db: devchain::DatabaseConnection,
    block_interval_ms: u64,
    cmd: DevchainCmd,
) -> anyhow::Result<()> {
    let chain = Devchain::open(db, coffer_store::catalogue::DEVCHAIN_ID, Arc::new(SystemClock))
        .await
        .context("opening the devchain")?;
    let next_block = if block_interval_ms > 0 {
        format!(
            "it is included in the next block (`coffer serve` mines one every {} ms, or run \
             `coffer admin devchain mine`)",
            block_interval_ms
        )
    } else {
        "it is included when a block is mined: `coffer admin devchain mine`".to_string()
    };
    match cmd {
        DevchainCmd::Fund {
            address,
            amount,
            token,
        } => {
            let address = parse_address(&chain, &address)?;
            let amount = token.parse(&amount)?;
            let hash = chain.fund(&address, &token.asset(), amount).await?;
            println!(
                "Funded {address} with {}.\n  tx {hash}\n  {next_block}",
                token.show(amount)
            );
        }
        DevchainCmd::Send { to, amount, token } => {
            let to = parse_address(&chain, &to)?;
            let amount = token.parse(&amount)?;
            let seed = coffer_chain::keys::seed(DEV_MNEMONIC, "").expect("the dev mnemonic is valid");
            let player = chain.derive(&seed, KeyPurpose::Deposit, 0)?;
            top_up(&chain, &player.address, token, amount).await?;
            let request = TransferRequest {
                from: player.address.clone(),
                to: to.clone(),
                asset: token.asset(),
                amount,
                nonce: None,
            };
            let signed = chain.sign_transfer(&player.secret, &request).await?;
            chain.broadcast(&signed).await?;
            println!(
                "Sent {} from the player wallet {} to {to}.\n  tx {}\n  {next_block}",
                token.show(amount),
                player.address,
                signed.hash
            );
        }
        DevchainCmd::Reorg { depth } => {
            let head = chain.head().await?;
            let mut old = Vec::new();
            for number in head.number.saturating_sub(depth) + 1..=head.number {
                old.push(
                    chain
                        .block(number, &[])
                        .await?
                        .map(|b| b.hash)
                        .unwrap_or_default(),
                );
            }
            let new = chain.reorg(depth).await?;
            println!("Reorganised the last {depth} block(s); their transactions were mined again:");
            for (block, old) in new.iter().zip(old) {
                println!("  #{}  {old}  ->  {}", block.number, block.hash);
            }
        }
        DevchainCmd::Mine { blocks } => {
            if blocks == 0 || blocks > 10_000 {
                bail!("--blocks must be between 1 and 10000");
            }
            for _ in 0..blocks {
                let block = chain.mine().await?;
                let transfers = chain
                    .block(block.number, &[devchain::USDT_CONTRACT.into()])
                    .await?
                    .map_or(0, |b| b.transfers.len());
                println!(
                    "Block #{}  {}  ({transfers} transfer(s))",
                    block.number, block.hash
                );
            }
        }
        DevchainCmd::Balance { address } => {
            let address = parse_address(&chain, &address)?;
            let head = chain.head().await?;
            println!("{address} at block #{}:", head.number);
            for token in [Token::Dev, Token::Usdt] {
                let balance = chain.balance(&address, &token.asset()).await?;
                println!("  {}", token.show(balance));
            }
        }
    }
    Ok(())
}

fn parse_address(chain: &Devchain, text: &str) -> anyhow::Result<String> {
    chain.parse_address(text).map_err(|_| {
        anyhow!("{text:?} is not a devchain address (0x + 40 hex digits, lowercase or EIP-55 checksummed)")
    })
}

/// Funds the player wallet when it cannot pay `amount` of `token` plus the fee, and mines a
/// block so the funds are spendable at once.
async fn top_up(chain: &Devchain, player: &str, token: Token, amount: BaseUnits) -> anyhow::Result<()> {
    let fee = devchain::fee();
    let mut minted = Vec::new();
    let need = match token {
        Token::Dev => amount.checked_add(fee).context("the amount is too large")?,
        Token::Usdt => amount,
    };
    let have = chain.spendable(player, &token.asset()).await?;
    if have < need {
        let extra = token.parse(if token == Token::Dev {
            TOP_UP_DEV
        } else {
            TOP_UP_USDT
        })?;
        let top = need
            .checked_sub(have)
            .and_then(|v| v.checked_add(extra))
            .context("the amount is too large")?;
        chain.fund(player, &token.asset(), top).await?;
        minted.push(token.show(top));
    }
    if token == Token::Usdt && chain.spendable(player, &Asset::Native).await? < fee {
        let top = Token::Dev.parse(TOP_UP_DEV)?;
        chain.fund(player, &Asset::Native, top).await?;
        minted.push(Token::Dev.show(top));
    }
    if !minted.is_empty() {
        let block = chain.mine().await?;
        println!(
            "Player wallet {player} topped up with {} (block #{}).",
            minted.join(" and "),
            block.number
        );
    }
    Ok(())
}
