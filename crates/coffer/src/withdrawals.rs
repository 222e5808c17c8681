//! Wiring of withdrawals: the service behind the API and the executor the workers run.

use coffer_domain::auth::AuthService;
use coffer_domain::callbacks::keys::PlatformKeys;
use coffer_domain::chains::ChainRegistry;
use coffer_domain::points::charges::WorkFees;
use coffer_domain::ports::Ports;
use coffer_domain::vault::KeyVault;
use coffer_domain::withdrawals::executor::{ExecutorSettings, HaltPoint, WithdrawalExecutor};
use coffer_domain::withdrawals::risk::RiskControl;
use coffer_domain::withdrawals::{WithdrawalService, WithdrawalSettings};
use coffer_store::Store;
use std::sync::Arc;

use crate::config::{Config, HaltAfter};

pub struct Withdrawals {
    pub service: Arc<WithdrawalService>,
    pub executor: Arc<WithdrawalExecutor>,
}

pub struct WithdrawalDeps {
    pub store: Store,
    pub ports: Ports,
    pub chains: Arc<ChainRegistry>,
    pub vault: Arc<KeyVault>,
    pub platform_keys: Arc<PlatformKeys>,
    /// Passing a withdrawal needs the reviewer's Google code.
    pub auth: Arc<AuthService>,
    pub owner: String,
    /// What work costs in points (the door's check, the hold before signing).
    pub fees: WorkFees,
}

pub fn build(config: &Config, deps: WithdrawalDeps) -> anyhow::Result<Withdrawals> {
    let repo = Arc::new(deps.store.clone());
    let confirmations = crate::chains::scan_settings(config)
        .chains
        .into_iter()
        .map(|(id, c)| (id, c.confirmations))
        .collect();
    let service = Arc::new(WithdrawalService {
        ports: deps.ports.clone(),
        lists: coffer_domain::orders::OrderLists::new(repo.clone(), repo),
        chains: deps.chains.clone(),
        auth: deps.auth,
        settings: WithdrawalSettings {
            confirmations,
            maker_checker: config.withdrawals.maker_checker,
            // Permissions and accounts
            review_cooling_off: chrono::Duration::hours(config.withdrawals.review_cooling_off_hours),
        },
        fees: deps.fees.clone(),
    });
    let timeout = std::time::Duration::from_secs(config.callbacks.timeout_secs);
    let executor = Arc::new(WithdrawalExecutor {
        ports: deps.ports,
        vault: deps.vault,
        chains: deps.chains,
        risk: RiskControl {
            transport: Arc::new(crate::transport::HttpTransport::new(
                config.callbacks.allow_private_targets,
                config.callbacks.proxy_url.as_deref(),
            )?),
            keys: deps.platform_keys,
            timeout,
        },
        owner: deps.owner,
        fees: deps.fees,
        settings: ExecutorSettings {
            halt_after: config.withdrawals.halt_after.map(|h| match h {
                HaltAfter::Signed => HaltPoint::Signed,
                HaltAfter::Broadcast => HaltPoint::Broadcast,
            }),
            lease: config.workers.lease(),
            ..ExecutorSettings::default()
        },
    });
    Ok(Withdrawals { service, executor })
}
