//! TRON energy's services and rounds (docs/operations.md, "TRON energy"): built once in
//! `app.rs`, the rounds run on every node (each order leased, every delegation and transaction
//! changed only from the state it leaves, so any number of nodes do each piece of work once).

use std::sync::Arc;
use std::time::Duration;

use coffer_domain::chains::ChainRegistry;
use coffer_domain::energy::janitor::{EnergyJanitor, JanitorReport};
use coffer_domain::energy::order::EnergyOrders;
use coffer_domain::energy::pool::EnergyPool;
use coffer_domain::energy::provider::{EnergyProvider, OwnStake};
use coffer_domain::energy::quote::EnergyQuotes;
use coffer_domain::energy::supply::{EnergySupply, SupplyReport};
use coffer_domain::energy::EnergyStaking;
use coffer_domain::points::ledger::PointsService;
use coffer_domain::ports::{Ports, Work};
use coffer_domain::rates::RateCard;
use coffer_domain::vault::KeyVault;
use tokio::task::JoinHandle;

use crate::workers::rounds;

/// How often the energy account's stored transactions are followed (and sent again when no node
/// has them).
const FOLLOW_EVERY: Duration = Duration::from_secs(3);
/// How often orders due are supplied (one TRON block).
const SUPPLY_EVERY: Duration = Duration::from_secs(3);
/// How often delegations no longer owed are taken back, and the chain searched for orphans.
const JANITOR_EVERY: Duration = Duration::from_secs(15);

#[derive(Clone)]
pub struct EnergyRounds {
    pub staking: Arc<EnergyStaking>,
    pub quotes: Arc<EnergyQuotes>,
    pub orders: Arc<EnergyOrders>,
    pub supply: Arc<EnergySupply>,
    pub janitor: Arc<EnergyJanitor>,
    /// Where smart collection's sweeps get their energy.
    pub pool: Arc<EnergyPool>,
}

pub struct EnergyDeps {
    pub ports: Ports,
    pub chains: Arc<ChainRegistry>,
    pub vault: Arc<KeyVault>,
    pub points: PointsService,
    pub rates: RateCard,
    pub owner: String,
    pub lease: chrono::Duration,
}

/// The supply round every [`SUPPLY_EVERY`], and at once when an order is placed in this process
/// (its first delivery then reaches the next block).
async fn supply_loop(supply: Arc<EnergySupply>) {
    let wakeups = supply.quotes.ports.wakeups.clone();
    loop {
        match supply.round().await {
            Ok(report) if report != SupplyReport::default() => {
                tracing::info!(?report, "energy orders supplied")
            }
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "energy orders supplied: round failed"),
        }
        wakeups.wait(Work::EnergyOrders, SUPPLY_EVERY).await;
    }
}

impl EnergyRounds {
    pub fn build(d: EnergyDeps) -> EnergyRounds {
        let staking = Arc::new(EnergyStaking::new(d.ports.clone(), d.chains.clone(), d.vault));
        let provider: Arc<dyn EnergyProvider> = Arc::new(OwnStake {
            staking: staking.clone(),
            lock_blocks: None,
        });
        let quotes = Arc::new(EnergyQuotes {
            ports: d.ports.clone(),
            chains: d.chains.clone(),
            rates: d.rates,
            staking: staking.clone(),
        });
        let pool = Arc::new(EnergyPool {
            ports: d.ports.clone(),
            chains: d.chains.clone(),
            staking: staking.clone(),
            provider: provider.clone(),
        });
        EnergyRounds {
            pool,
            orders: Arc::new(EnergyOrders {
                quotes: quotes.clone(),
                points: d.points.clone(),
            }),
            supply: Arc::new(EnergySupply {
                quotes: quotes.clone(),
                staking: staking.clone(),
                provider: provider.clone(),
                points: d.points,
                owner: d.owner,
                lease: d.lease,
            }),
            janitor: Arc::new(EnergyJanitor {
                ports: d.ports,
                chains: d.chains,
                staking: staking.clone(),
                provider,
            }),
            quotes,
            staking,
        }
    }

    /// Starts every round on its own task.
    pub fn spawn(self) -> Vec<JoinHandle<()>> {
        vec![
            rounds(
                FOLLOW_EVERY,
                "energy transactions settled",
                self.staking,
                |staking| async move { staking.follow().await },
                |settled| *settled == 0,
            ),
            tokio::spawn(supply_loop(self.supply)),
            rounds(
                JANITOR_EVERY,
                "energy delegations taken back",
                self.janitor,
                |janitor| async move { janitor.round().await },
                |report| *report == JanitorReport::default(),
            ),
        ]
    }
}
