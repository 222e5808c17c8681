//! `[[chains]]`: the real chains. A file keeps one flat table per chain whose `family` key picks
//! the family; in code each family is a variant carrying its own settings, and says through
//! [`FamilySettings`] what the configuration and the wiring need of it. Adding a family is a
//! variant here (with its keys in [`ChainEntry`]) and its adapter module in the chain crate.

use std::sync::Arc;

use anyhow::Context;
use coffer_chain::evm::EvmAdapter;
use coffer_chain::tron::TronAdapter;
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{ChainAdapter, ChainFamily};
use coffer_domain::ports::tron_resources::TronResources;
use serde::{Deserialize, Serialize};

use super::{ConfigError, Secret};

/// A configured chain: what every chain has, and its family's own settings.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(from = "ChainEntry", into = "ChainEntry")]
pub struct ChainConfig {
    /// The platform's chain id (shown to the console and the merchant API); never reuse one.
    pub id: i64,
    pub family: FamilyConfig,
    pub name: String,
    pub symbol: String,
    pub decimals: i32,
    /// Block-explorer prefix of a transaction hash.
    pub txurl: String,
    /// JSON-RPC (EVM) or full node HTTP API (TRON) URL. Secret: provider URLs carry API keys.
    pub rpc_url: Secret,
    /// Blocks (including the deposit's) before a deposit is complete (the family's default if unset).
    pub confirmations: Option<u32>,
    /// Where the first scan starts; unset = the head when the scanner first runs.
    pub scan_from_block: Option<u64>,
    pub tokens: Vec<TokenConfig>,
}

/// A family with its own settings; `family = "evm"` in the file picks the variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FamilyConfig {
    Evm(EvmConfig),
    Tron(TronConfig),
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EvmConfig {
    /// The chain id the node must report; required (checked with the other keys, by name).
    pub evm_chain_id: Option<u64>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TronConfig {
    /// The most a TRC20 transfer may burn, in sun.
    pub fee_limit_sun: Option<u64>,
}

/// A chain's adapters: the general one, and the ports only its family has.
pub struct FamilyAdapters {
    pub chain: Arc<dyn ChainAdapter>,
    pub tron_resources: Option<Arc<dyn TronResources>>,
}

/// What the configuration and the wiring need of a family: one impl per family.
pub trait FamilySettings {
    /// The family as its adapter module declares it (stored name, address rule).
    fn family(&self) -> ChainFamily;
    /// Blocks before a deposit is complete when the chain does not say.
    fn default_confirmations(&self) -> u32;
    /// Whether a token contract is written as an address of the family.
    fn is_address(&self, text: &str) -> bool;
    /// The family's own keys of chain `chain_id`.
    fn validate(&self, chain_id: i64) -> Result<(), ConfigError>;
    /// The chain's adapters; the node is not contacted here.
    fn adapter(&self, chain_id: i64, url: &str) -> anyhow::Result<FamilyAdapters>;
}

impl FamilyConfig {
    pub fn settings(&self) -> &dyn FamilySettings {
        match self {
            FamilyConfig::Evm(evm) => evm,
            FamilyConfig::Tron(tron) => tron,
        }
    }
}

impl FamilySettings for EvmConfig {
    fn family(&self) -> ChainFamily {
        coffer_chain::evm::FAMILY
    }
    fn default_confirmations(&self) -> u32 {
        12
    }
    fn is_address(&self, text: &str) -> bool {
        coffer_chain::keys::parse_evm_address(text).is_ok()
    }
    fn validate(&self, chain_id: i64) -> Result<(), ConfigError> {
        if self.evm_chain_id.is_none() {
            return Err(ConfigError::Invalid {
                key: "chains.evm_chain_id",
                problem: format!("EVM chain {chain_id} needs it"),
            });
        }
        Ok(())
    }
    fn adapter(&self, chain_id: i64, url: &str) -> anyhow::Result<FamilyAdapters> {
        let evm_chain_id = self.evm_chain_id.unwrap_or_default();
        let adapter =
            EvmAdapter::new(chain_id, url, evm_chain_id).with_context(|| format!("chain {chain_id}"))?;
        Ok(FamilyAdapters {
            chain: Arc::new(adapter),
            tron_resources: None,
        })
    }
}

impl FamilySettings for TronConfig {
    fn family(&self) -> ChainFamily {
        coffer_chain::tron::FAMILY
    }
    fn default_confirmations(&self) -> u32 {
        19
    }
    fn is_address(&self, text: &str) -> bool {
        coffer_chain::keys::parse_tron_address(text).is_ok()
    }
    fn validate(&self, _chain_id: i64) -> Result<(), ConfigError> {
        Ok(())
    }
    fn adapter(&self, chain_id: i64, url: &str) -> anyhow::Result<FamilyAdapters> {
        let adapter = Arc::new(
            TronAdapter::new(chain_id, url, self.fee_limit_sun)
                .with_context(|| format!("chain {chain_id}"))?,
        );
        Ok(FamilyAdapters {
            chain: adapter.clone(),
            tron_resources: Some(adapter),
        })
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenConfig {
    /// The platform's token id; never reuse one.
    pub id: i64,
    pub symbol: String,
    pub contract: String,
    pub decimals: i32,
    /// USD price as a decimal string.
    #[serde(default = "one")]
    pub price: String,
    /// Deposits below this (decimal) are recorded as dust, not credited.
    #[serde(default)]
    pub min_deposit: Option<String>,
}

fn one() -> String {
    "1".into()
}

/// The `family` key's values.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum ChainFamilyConfig {
    Evm,
    Tron,
}

/// A `[[chains]]` table as written: one flat table for every family, so files and environment
/// variables read as they always have and a misspelt key is refused by name. A family's keys on
/// another family's chain are accepted and ignored, as they always were.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChainEntry {
    id: i64,
    family: ChainFamilyConfig,
    name: String,
    symbol: String,
    decimals: i32,
    #[serde(default)]
    txurl: String,
    rpc_url: Secret,
    #[serde(default)]
    evm_chain_id: Option<u64>,
    #[serde(default)]
    fee_limit_sun: Option<u64>,
    #[serde(default)]
    confirmations: Option<u32>,
    #[serde(default)]
    scan_from_block: Option<u64>,
    #[serde(default)]
    tokens: Vec<TokenConfig>,
}

impl From<ChainEntry> for ChainConfig {
    fn from(entry: ChainEntry) -> ChainConfig {
        let family = match entry.family {
            ChainFamilyConfig::Evm => FamilyConfig::Evm(EvmConfig {
                evm_chain_id: entry.evm_chain_id,
            }),
            ChainFamilyConfig::Tron => FamilyConfig::Tron(TronConfig {
                fee_limit_sun: entry.fee_limit_sun,
            }),
        };
        ChainConfig {
            id: entry.id,
            family,
            name: entry.name,
            symbol: entry.symbol,
            decimals: entry.decimals,
            txurl: entry.txurl,
            rpc_url: entry.rpc_url,
            confirmations: entry.confirmations,
            scan_from_block: entry.scan_from_block,
            tokens: entry.tokens,
        }
    }
}

impl From<ChainConfig> for ChainEntry {
    fn from(chain: ChainConfig) -> ChainEntry {
        let (family, evm_chain_id, fee_limit_sun) = match chain.family {
            FamilyConfig::Evm(evm) => (ChainFamilyConfig::Evm, evm.evm_chain_id, None),
            FamilyConfig::Tron(tron) => (ChainFamilyConfig::Tron, None, tron.fee_limit_sun),
        };
        ChainEntry {
            id: chain.id,
            family,
            name: chain.name,
            symbol: chain.symbol,
            decimals: chain.decimals,
            txurl: chain.txurl,
            rpc_url: chain.rpc_url,
            evm_chain_id,
            fee_limit_sun,
            confirmations: chain.confirmations,
            scan_from_block: chain.scan_from_block,
            tokens: chain.tokens,
        }
    }
}

/// Ids unique across chains and tokens (the devchain's included), then each chain's own keys.
pub(super) fn validate_chains(chains: &[ChainConfig]) -> Result<(), ConfigError> {
    let invalid = |key, problem: String| Err(ConfigError::Invalid { key, problem });
    let mut chain_ids = vec![crate::chains::DEVCHAIN_ID];
    let mut token_ids = vec![crate::chains::DEVCHAIN_USDT_TOKEN_ID];
    for c in chains {
        if chain_ids.contains(&c.id) {
            return invalid(
                "chains.id",
                format!("{} is used twice (1337 is the devchain)", c.id),
            );
        }
        chain_ids.push(c.id);
        if c.rpc_url.is_empty() {
            return invalid("chains.rpc_url", format!("chain {} needs a node URL", c.id));
        }
        if !(0..=36).contains(&c.decimals) {
            return invalid("chains.decimals", format!("chain {}: 0 to 36", c.id));
        }
        let family = c.family.settings();
        family.validate(c.id)?;
        for t in &c.tokens {
            if token_ids.contains(&t.id) {
                return invalid(
                    "chains.tokens.id",
                    format!("{} is used twice (1 is devchain USDT)", t.id),
                );
            }
            token_ids.push(t.id);
            if !family.is_address(&t.contract) {
                return invalid(
                    "chains.tokens.contract",
                    format!("token {}: not an address of its chain", t.id),
                );
            }
            validate_token_amounts(t)?;
        }
    }
    Ok(())
}

fn validate_token_amounts(t: &TokenConfig) -> Result<(), ConfigError> {
    let invalid = |key, problem: String| Err(ConfigError::Invalid { key, problem });
    if !(0..=36).contains(&t.decimals) {
        return invalid("chains.tokens.decimals", format!("token {}: 0 to 36", t.id));
    }
    let min_ok = t
        .min_deposit
        .as_deref()
        .is_none_or(|m| u8::try_from(t.decimals).is_ok_and(|d| BaseUnits::from_decimal(m, d).is_ok()));
    if !min_ok {
        return invalid(
            "chains.tokens.min_deposit",
            format!("token {}: a decimal within its decimals", t.id),
        );
    }
    if BaseUnits::from_decimal(&t.price, 18).is_err() {
        return invalid(
            "chains.tokens.price",
            format!("token {}: a decimal like 1 or 0.25", t.id),
        );
    }
    Ok(())
}
