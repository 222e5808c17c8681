//! Platform configuration a console reads: chains and tokens, public keys, merchant settings.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::chains::ChainRegistry;
use crate::error::{AppError, AppResult};
use crate::ports::chain::{Asset, ChainFamily};
use crate::ports::{ConfigRepo, MerchantId};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenInfo {
    pub tokenid: i64,
    pub symbol: String,
    /// USD price as a decimal string.
    pub price: String,
    pub decimals: i32,
    pub contract: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainNode {
    pub chainid: i64,
    pub chainname: String,
    pub symbol: String,
    /// Block-explorer prefix for a transaction hash.
    pub txurl: String,
    pub decimals: i32,
    /// The family's stored name ("dev", "evm", "tron"); its address rule is in chain/addressRules.
    pub family: String,
    pub tokens: Vec<TokenInfo>,
}

#[derive(Debug, Clone)]
pub struct MerchantSettings {
    /// UTC offset in hours, -11 to +13.
    pub time_zone: i32,
    pub multi_address_collect: bool,
    pub enabled_chain_ids: Vec<i64>,
}

/// Where the data behind a merchant's home config stands: each part only ever counts up, so
/// any change gives another value. The console keeps the home config while it stays the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ConfigVersion {
    /// Changes of the chains and tokens (the platform's, every merchant sees them).
    pub platform: i64,
    /// Changes of this merchant's settings.
    pub merchant: i64,
}

impl ConfigVersion {
    /// The value the console compares: opaque to it.
    pub fn token(&self) -> String {
        format!("{}.{}", self.platform, self.merchant)
    }
}

#[derive(Debug, Clone)]
pub struct HomeConfig {
    /// Read before the rest: a change in between costs one more fetch, never a stale cache.
    pub version: ConfigVersion,
    pub chain_nodes: Vec<ChainNode>,
    pub partner_chain_nodes: Vec<ChainNode>,
    pub token_icon_url: String,
    /// TRX one USDT transfer burns without energy, read live (None: no TRON node answered).
    pub tron_energy_base_amount: Option<crate::energy::base::BurnFigures>,
    pub time_zone: i32,
    pub multi_address_collect: bool,
}

/// The node of a chain among the configured ones.
pub fn node_of(nodes: &[ChainNode], chain_id: i64) -> Option<&ChainNode> {
    nodes.iter().find(|n| n.chainid == chain_id)
}

/// The chain's name, "" for a chain no longer configured.
pub fn chain_name(nodes: &[ChainNode], chain_id: i64) -> String {
    node_of(nodes, chain_id)
        .map(|n| n.chainname.clone())
        .unwrap_or_default()
}

/// What to ask a chain's node for the balance of a token (None: the native coin), the token by
/// its contract as configured; None for a token the configuration does not have.
pub fn chain_asset(nodes: &[ChainNode], chain_id: i64, token_id: Option<i64>) -> Option<Asset> {
    let Some(token_id) = token_id else {
        return Some(Asset::Native);
    };
    let token = node_of(nodes, chain_id)?
        .tokens
        .iter()
        .find(|t| t.tokenid == token_id)?;
    Some(Asset::Token {
        contract: token.contract.clone(),
    })
}

/// Longest key list a caller may ask for at once.
const MAX_KEYS: usize = 50;
/// A token's symbol on its chain (token 0: the chain's native coin); None when not configured.
pub fn token_symbol(nodes: &[ChainNode], chain_id: i64, token_id: i64) -> Option<String> {
    let node = node_of(nodes, chain_id)?;
    match token_id {
        0 => Some(node.symbol.clone()),
        id => node
            .tokens
            .iter()
            .find(|t| t.tokenid == id)
            .map(|t| t.symbol.clone()),
    }
}

/// What a reader calls a chain and its tokens, by their names (the operation log's targets):
/// "USDT (Devchain)", "USDT → DEV (Devchain)", "Devchain"; None for a chain or token no
/// longer configured.
pub fn chain_label(nodes: &[ChainNode], chain_id: i64, token_ids: &[i64]) -> Option<String> {
    let chain = node_of(nodes, chain_id)?;
    if token_ids.is_empty() {
        return Some(chain.chainname.clone());
    }
    let symbols: Option<Vec<String>> = token_ids
        .iter()
        .map(|&id| token_symbol(nodes, chain_id, id))
        .collect();
    Some(format!("{} ({})", symbols?.join(" → "), chain.chainname))
}

pub struct ConfigService {
    repo: Arc<dyn ConfigRepo>,
    token_icon_url: String,
    chains: Arc<ChainRegistry>,
    /// The public key `promoVideoUrl`, from the service's configuration (not the database).
    promo_video_url: String,
    /// The live TRON burn figures of the home config.
    energy_base: Option<Arc<crate::energy::base::EnergyBase>>,
}

/// The public key whose value the configuration decides.
const PROMO_VIDEO_KEY: &str = "promoVideoUrl";
/// The product's own getting-started page, served by the binary: the link when none is set.
pub const GETTING_STARTED_PATH: &str = "/getting-started";

impl ConfigService {
    pub fn new(repo: Arc<dyn ConfigRepo>, token_icon_url: String, chains: Arc<ChainRegistry>) -> Self {
        ConfigService {
            repo,
            token_icon_url,
            chains,
            promo_video_url: GETTING_STARTED_PATH.to_string(),
            energy_base: None,
        }
    }

    /// The header's promotional video link; empty keeps the getting-started page.
    pub fn with_promo_video_url(mut self, url: &str) -> Self {
        if !url.trim().is_empty() {
            self.promo_video_url = url.trim().to_string();
        }
        self
    }

    /// Where the home config's TRON burn figures are read.
    pub fn with_energy_base(mut self, base: Arc<crate::energy::base::EnergyBase>) -> Self {
        self.energy_base = Some(base);
        self
    }

    /// Each configured chain's family with its address rule, by chain id: the console checks
    /// typed addresses with these rather than keeping its own copy.
    pub fn chain_families(&self) -> Vec<(i64, ChainFamily)> {
        self.chains.families()
    }

    /// Values of a comma-joined key list; every key asked is answered, unknown ones with None.
    pub async fn public_values(&self, joined: &str) -> AppResult<BTreeMap<String, Option<String>>> {
        let keys: Vec<String> = joined
            .split(',')
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .map(str::to_string)
            .collect();
        if keys.is_empty() {
            return Err(AppError::ConfigKeysEmpty);
        }
        if keys.len() > MAX_KEYS {
            return Err(AppError::BadRequest {
                detail: format!("at most {MAX_KEYS} keys"),
            });
        }
        let found = self.repo.public_values(&keys).await?;
        Ok(keys
            .into_iter()
            .map(|k| {
                let v = if k == PROMO_VIDEO_KEY {
                    Some(self.promo_video_url.clone())
                } else {
                    found.get(&k).cloned()
                };
                (k, v)
            })
            .collect())
    }

    /// For `/check/cache/update`: whether the console's cached home config is still current.
    pub async fn config_version(&self, merchant_id: MerchantId) -> AppResult<ConfigVersion> {
        self.repo.config_version(merchant_id).await
    }

    /// The merchant's time zone (whole hours from UTC): its days, and the times its files show.
    pub async fn merchant_time_zone(&self, merchant_id: MerchantId) -> AppResult<i32> {
        Ok(self.repo.merchant_settings(merchant_id).await?.time_zone)
    }

    pub async fn home_config(&self, merchant_id: MerchantId) -> AppResult<HomeConfig> {
        let version = self.repo.config_version(merchant_id).await?;
        let chain_nodes = self.repo.chain_nodes().await?;
        let settings = self.repo.merchant_settings(merchant_id).await?;
        let partner_chain_nodes = chain_nodes
            .iter()
            .filter(|c| settings.enabled_chain_ids.contains(&c.chainid))
            .cloned()
            .collect();
        Ok(HomeConfig {
            version,
            chain_nodes,
            partner_chain_nodes,
            token_icon_url: self.token_icon_url.clone(),
            tron_energy_base_amount: match &self.energy_base {
                Some(base) => base.figures().await,
                None => None,
            },
            time_zone: settings.time_zone,
            multi_address_collect: settings.multi_address_collect,
        })
    }

    /// [`chain_label`] from the configured chains.
    pub async fn chain_label(&self, chain_id: i64, token_ids: &[i64]) -> AppResult<Option<String>> {
        Ok(chain_label(&self.repo.chain_nodes().await?, chain_id, token_ids))
    }

    pub async fn ping(&self) -> AppResult<()> {
        self.repo.ping().await
    }
}
