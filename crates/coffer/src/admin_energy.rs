//! `coffer admin energy …`: the operator's TRON energy pool (docs/operations.md, "TRON
//! energy"). The platform's energy account stakes TRX for energy; what the pool holds is read
//! from the chain each time. Every transaction is stored before it is broadcast and followed by
//! the service's rounds (or `energy status`) until the chain includes it.

use std::sync::Arc;

use clap::Subcommand;
use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::SystemClock;
use coffer_domain::energy::{EnergyStaking, EnergyTx, PoolStatus, StakeOrder};
use coffer_domain::ports::tron_resources::energy_of_stake;
use coffer_store::Store;

use crate::config::Config;

#[derive(Subcommand)]
pub enum EnergyCmd {
    /// The energy account of a TRON chain (made on first use) and its pool, read from the
    /// chain: TRX, staked, delegated, energy a day, what can be delegated, the live price, the
    /// latest transactions. Sends again a stored transaction no node has.
    Status {
        #[arg(long)]
        chain: i64,
    },
    /// Stake TRX (a decimal amount) from the energy account for energy.
    Stake {
        #[arg(long)]
        chain: i64,
        #[arg(long)]
        trx: String,
    },
    /// Start unstaking TRX: it can be withdrawn after the chain's 14 days.
    Unstake {
        #[arg(long)]
        chain: i64,
        #[arg(long)]
        trx: String,
    },
    /// Withdraw every unstake whose 14 days have passed.
    Withdraw {
        #[arg(long)]
        chain: i64,
    },
}

fn trx_text(sun: u64) -> String {
    BaseUnits::from_u128(u128::from(sun)).to_decimal(6)
}

fn sun_arg(text: &str) -> anyhow::Result<u64> {
    let units = BaseUnits::from_decimal(text.trim(), 6)
        .map_err(|_| anyhow::anyhow!("the amount must be TRX with at most 6 decimals, e.g. 1000 or 0.5"))?;
    u64::try_from(units.0).map_err(|_| anyhow::anyhow!("{text} TRX is more than TRON holds"))
}

pub fn tx_line(tx: &EnergyTx) -> String {
    let amount = if tx.amount_sun > 0 {
        format!("{} TRX", trx_text(tx.amount_sun))
    } else {
        "-".into()
    };
    format!(
        "{}\t{}\t{amount}\t{}\t{}\t{}",
        tx.id,
        tx.kind.name(),
        tx.state.name(),
        tx.hash,
        tx.reason
    )
}

pub fn status_text(s: &PoolStatus) -> String {
    let r = &s.resources;
    let mut out = format!(
        "Energy account {} (chain {}, {})\n\
         TRX: {}\n\
         Staked for energy: {} TRX, of which delegated {} TRX\n\
         Energy a day: {} (used {}, available {})\n\
         Can delegate now: {} TRX of stake = {} energy a day\n\
         Network: {} energy a day over {} TRX staked; burning costs {} sun an energy\n",
        s.account.address,
        s.account.chain_id,
        s.account.path,
        trx_text(r.balance_sun),
        trx_text(r.staked_energy_sun),
        trx_text(r.delegated_energy_sun),
        r.energy_limit,
        r.energy_used,
        r.energy_available(),
        trx_text(s.can_delegate_sun),
        energy_of_stake(s.can_delegate_sun, r.total_energy_limit, r.total_energy_weight),
        r.total_energy_limit,
        r.total_energy_weight,
        s.energy_price_sun,
    );
    for u in &r.unstaking {
        out.push_str(&format!(
            "Unstaking: {} TRX, withdrawable from {} (Unix ms)\n",
            trx_text(u.amount_sun),
            u.expires_at_ms
        ));
    }
    if !s.recent.is_empty() {
        out.push_str("Latest transactions:\n");
        for tx in &s.recent {
            out.push_str(&tx_line(tx));
            out.push('\n');
        }
    }
    out
}

/// Runs a command and returns what it prints.
pub async fn run(config: &Config, store: &Store, cmd: EnergyCmd) -> anyhow::Result<String> {
    let services = crate::app::build_services(config, store, Arc::new(SystemClock)).await?;
    let staking: &EnergyStaking = &services.energy.staking;
    let (chain, order) = match cmd {
        EnergyCmd::Status { chain } => {
            staking.follow().await.map_err(anyhow::Error::msg)?;
            return Ok(status_text(&staking.status(chain).await?));
        }
        EnergyCmd::Stake { chain, trx } => (
            chain,
            StakeOrder::Stake {
                amount_sun: sun_arg(&trx)?,
            },
        ),
        EnergyCmd::Unstake { chain, trx } => (
            chain,
            StakeOrder::Unstake {
                amount_sun: sun_arg(&trx)?,
            },
        ),
        EnergyCmd::Withdraw { chain } => (chain, StakeOrder::Withdraw),
    };
    let tx = staking.submit(chain, order).await?;
    let line = tx_line(&tx);
    match tx.state {
        coffer_domain::energy::EnergyTxState::Failed => anyhow::bail!("refused by the chain: {line}"),
        _ => Ok(format!(
            "{line}\n`coffer admin energy status --chain {chain}` shows it once the chain includes it.\n"
        )),
    }
}
