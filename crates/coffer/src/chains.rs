//! The chains of this deployment: the catalogue rows the console sees and the adapters the
//! services use, both from configuration.

use anyhow::Context;
use coffer_chain::devchain::{self, Devchain};
use coffer_domain::chains::ChainRegistry;
use coffer_domain::clock::Clock;
use coffer_domain::ports::chain::ChainAdapter;
use coffer_store::catalogue::{ChainSpec, TokenSpec};
use coffer_store::Store;
use std::sync::Arc;

use crate::config::Config;

pub const DEVCHAIN_ID: i64 = coffer_store::catalogue::DEVCHAIN_ID;
pub const DEVCHAIN_USDT_TOKEN_ID: i64 = 1;

/// The catalogue rows: the devchain (when enabled) and every configured chain with its tokens.
pub fn specs(config: &Config) -> Vec<ChainSpec> {
    let mut specs = Vec::new();
    if config.devchain.enabled {
        specs.push(ChainSpec {
            id: DEVCHAIN_ID,
            name: "Devchain".into(),
            symbol: devchain::NATIVE_SYMBOL.into(),
            txurl: String::new(),
            decimals: devchain::NATIVE_DECIMALS.into(),
            family: devchain::FAMILY.name.into(),
            tokens: vec![TokenSpec {
                id: DEVCHAIN_USDT_TOKEN_ID,
                symbol: devchain::USDT_SYMBOL.into(),
                price: "1".into(),
                decimals: devchain::USDT_DECIMALS.into(),
                contract: devchain::USDT_CONTRACT.into(),
            }],
        });
    }
    for c in &config.chains {
        specs.push(ChainSpec {
            id: c.id,
            name: c.name.clone(),
            symbol: c.symbol.clone(),
            txurl: c.txurl.clone(),
            decimals: c.decimals,
            family: c.family.settings().family().name.into(),
            tokens: c
                .tokens
                .iter()
                .map(|t| TokenSpec {
                    id: t.id,
                    symbol: t.symbol.clone(),
                    price: t.price.clone(),
                    decimals: t.decimals,
                    contract: t.contract.clone(),
                })
                .collect(),
        });
    }
    specs
}

pub struct Chains {
    pub registry: Arc<ChainRegistry>,
    pub devchain: Option<Devchain>,
}

/// Syncs the catalogue and builds one adapter per chain. Nodes are not contacted here: a node
/// that is down must not stop the console (balances then show as unavailable).
pub async fn build(config: &Config, store: &Store, clock: Arc<dyn Clock>) -> anyhow::Result<Chains> {
    coffer_store::catalogue::sync_chains(store.connection(), &specs(config))
        .await
        .context("syncing the chain catalogue")?;
    let mut adapters: Vec<Arc<dyn ChainAdapter>> = Vec::new();
    let devchain = if config.devchain.enabled {
        let chain = Devchain::open(store.connection().clone(), DEVCHAIN_ID, clock)
            .await
            .context("opening the devchain")?;
        adapters.push(Arc::new(chain.clone()));
        Some(chain)
    } else {
        None
    };
    let mut tron_resources = Vec::new();
    for c in &config.chains {
        let built = c.family.settings().adapter(c.id, c.rpc_url.expose())?;
        adapters.push(built.chain);
        tron_resources.extend(built.tron_resources);
    }
    Ok(Chains {
        registry: Arc::new(ChainRegistry::new(adapters).with_tron_resources(tron_resources)),
        devchain,
    })
}

/// Per-chain confirmations and start blocks, and per-token dust minimums, from configuration.
pub fn scan_settings(config: &Config) -> coffer_domain::deposits::scanner::ScanSettings {
    use coffer_domain::amount::BaseUnits;
    use coffer_domain::deposits::scanner::{ChainScanSettings, ScanSettings};
    let mut settings = ScanSettings {
        lease: config.workers.lease(),
        ..ScanSettings::default()
    };
    if config.devchain.enabled {
        settings.chains.insert(
            DEVCHAIN_ID,
            ChainScanSettings {
                confirmations: config.devchain.confirmations,
                // The devchain lives in this database: scanning it from genesis is cheap.
                start_block: Some(0),
            },
        );
        if let Ok(min) = BaseUnits::from_decimal(&config.devchain.min_deposit, devchain::USDT_DECIMALS) {
            settings.dust.insert(DEVCHAIN_USDT_TOKEN_ID, min);
        }
    }
    for c in &config.chains {
        settings.chains.insert(
            c.id,
            ChainScanSettings {
                confirmations: c
                    .confirmations
                    .unwrap_or_else(|| c.family.settings().default_confirmations()),
                start_block: c.scan_from_block,
            },
        );
        for t in &c.tokens {
            let min = t.min_deposit.as_deref().and_then(|m| {
                u8::try_from(t.decimals)
                    .ok()
                    .and_then(|d| BaseUnits::from_decimal(m, d).ok())
            });
            if let Some(min) = min {
                settings.dust.insert(t.id, min);
            }
        }
    }
    settings
}
