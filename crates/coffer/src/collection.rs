//! Wiring of collection's sweep executor (the planner needs only the store and the clock).

use coffer_domain::chains::ChainRegistry;
use coffer_domain::collection::executor::{SweepExecutor, SweepHalt, SweepSettings};
use coffer_domain::energy::pool::EnergyPool;
use coffer_domain::points::charges::WorkFees;
use coffer_domain::ports::Ports;
use coffer_domain::vault::KeyVault;
use std::sync::Arc;

use crate::config::{Config, SweepHaltAfter};

pub fn sweep_executor(
    config: &Config,
    ports: Ports,
    vault: Arc<KeyVault>,
    chains: Arc<ChainRegistry>,
    owner: String,
    fees: WorkFees,
    energy: Option<Arc<EnergyPool>>,
) -> Arc<SweepExecutor> {
    let c = &config.collection;
    let confirmations = crate::chains::scan_settings(config)
        .chains
        .into_iter()
        .map(|(id, chain)| (id, chain.confirmations))
        .collect();
    Arc::new(SweepExecutor {
        ports,
        vault,
        chains,
        owner,
        fees,
        energy,
        settings: SweepSettings {
            lease: config.workers.lease(),
            batch: c.batch.clamp(1, 1000),
            retry: chrono::Duration::seconds(c.retry_secs.max(1)),
            confirmations,
            halt_after: c.halt_after.map(|h| match h {
                SweepHaltAfter::TopUpSigned => SweepHalt::TopUpSigned,
                SweepHaltAfter::TopUpBroadcast => SweepHalt::TopUpBroadcast,
                SweepHaltAfter::SweepSigned => SweepHalt::SweepSigned,
                SweepHaltAfter::SweepBroadcast => SweepHalt::SweepBroadcast,
            }),
            ..SweepSettings::default()
        },
    })
}
