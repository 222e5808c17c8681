//! The home configuration (`/api/partner/home/config`): chains with their tokens, in the legacy
//! names the console reads (`chainid`, `chainname`, `txurl`, `tokenid`).

use chrono::{DateTime, Utc};
use coffer_domain::config::{ChainNode, HomeConfig, TokenInfo};
use coffer_domain::energy::base::BurnFigures;
use serde::Serialize;

use super::listed;

#[derive(Debug, Clone, Serialize)]
pub struct TokenInfoView {
    pub tokenid: i64,
    pub symbol: String,
    /// USD price as a decimal string.
    pub price: String,
    pub decimals: i32,
    pub contract: String,
}

impl From<TokenInfo> for TokenInfoView {
    fn from(t: TokenInfo) -> Self {
        TokenInfoView {
            tokenid: t.tokenid,
            symbol: t.symbol,
            price: t.price,
            decimals: t.decimals,
            contract: t.contract,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ChainNodeView {
    pub chainid: i64,
    pub chainname: String,
    pub symbol: String,
    /// Block-explorer prefix for a transaction hash.
    pub txurl: String,
    pub decimals: i32,
    /// The family's stored name ("dev", "evm", "tron").
    pub family: String,
    pub tokens: Vec<TokenInfoView>,
}

impl From<ChainNode> for ChainNodeView {
    fn from(c: ChainNode) -> Self {
        ChainNodeView {
            chainid: c.chainid,
            chainname: c.chainname,
            symbol: c.symbol,
            txurl: c.txurl,
            decimals: c.decimals,
            family: c.family,
            tokens: listed(c.tokens),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EnergyBaseAmountView {
    /// TRX one USDT transfer burns to an address holding USDT, and to one holding none, read
    /// live from a TRON node at `readAt`; "" and null when no node answered.
    pub with_usdt: String,
    pub without_usdt: String,
    pub read_at: Option<DateTime<Utc>>,
}

impl From<Option<BurnFigures>> for EnergyBaseAmountView {
    fn from(e: Option<BurnFigures>) -> Self {
        match e {
            Some(e) => EnergyBaseAmountView {
                with_usdt: e.with_usdt,
                without_usdt: e.without_usdt,
                read_at: Some(e.read_at),
            },
            None => EnergyBaseAmountView {
                with_usdt: String::new(),
                without_usdt: String::new(),
                read_at: None,
            },
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HomeConfigView {
    pub chain_nodes: Vec<ChainNodeView>,
    pub partner_chain_nodes: Vec<ChainNodeView>,
    pub token_icon_url: String,
    pub tron_energy_base_amount: EnergyBaseAmountView,
    pub time_zone: i32,
    pub multi_address_collect: bool,
    /// What `/check/cache/update` answers while this config is current.
    pub cache_version: String,
}

impl From<HomeConfig> for HomeConfigView {
    fn from(h: HomeConfig) -> Self {
        HomeConfigView {
            chain_nodes: listed(h.chain_nodes),
            partner_chain_nodes: listed(h.partner_chain_nodes),
            token_icon_url: h.token_icon_url,
            tron_energy_base_amount: h.tron_energy_base_amount.into(),
            time_zone: h.time_zone,
            multi_address_collect: h.multi_address_collect,
            cache_version: h.version.token(),
        }
    }
}
