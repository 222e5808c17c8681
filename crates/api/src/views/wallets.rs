//! Wallets and assets (menus 2, 5, 6): deposit addresses, hot wallets with their balances,
//! assets, their cold addresses and the requests that change them.

use coffer_domain::codes::StoredCode;
use coffer_domain::wallets::assets::{AssetEntry, ColdAddressEntry, TokenRequestEntry};
use coffer_domain::wallets::{DepositAddressEntry, HotWalletEntry, TokenBalance};
use serde::Serialize;

use super::asset_settings::{ColdShareView, CollectSettingsView, RiskLimitsView};
use super::{listed, time};

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DepositAddressView {
    pub id: i64,
    pub chain_id: i64,
    pub chainname: String,
    pub open_id: String,
    pub address: String,
    pub remark: String,
    pub createtime: String,
}

impl From<DepositAddressEntry> for DepositAddressView {
    fn from(a: DepositAddressEntry) -> Self {
        DepositAddressView {
            id: a.id,
            chain_id: a.chain_id,
            chainname: a.chain_name,
            open_id: a.open_id,
            address: a.address,
            remark: a.remark,
            createtime: time(a.created_at),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BalanceView {
    pub token_id: Option<i64>,
    pub symbol: String,
    /// Exact decimal string in the asset's units.
    pub amount: String,
}

impl From<TokenBalance> for BalanceView {
    fn from(b: TokenBalance) -> Self {
        BalanceView {
            token_id: b.token_id,
            symbol: b.symbol,
            amount: b.amount,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HotWalletView {
    pub id: i64,
    pub chain_id: i64,
    pub chainname: String,
    pub chainsymbol: String,
    pub address: String,
    pub status: i32,
    pub remark: String,
    pub balances: Vec<BalanceView>,
    pub balance_error: bool,
    pub createtime: String,
}

impl From<HotWalletEntry> for HotWalletView {
    fn from(w: HotWalletEntry) -> Self {
        HotWalletView {
            id: w.id,
            chain_id: w.chain_id,
            chainname: w.chain_name,
            chainsymbol: w.chain_symbol,
            address: w.address,
            status: w.status.code(),
            remark: w.remark,
            balances: listed(w.balances),
            balance_error: w.balance_error,
            createtime: time(w.created_at),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AssetView {
    pub id: i64,
    pub chain_id: i64,
    pub token_id: i64,
    pub chainname: String,
    pub chainsymbol: String,
    pub symbol: String,
    #[serde(rename = "symbol_price")]
    pub symbol_price: String,
    pub decimals: i32,
    pub contract: String,
    pub status: i32,
    pub payment_address: String,
    pub collect: CollectSettingsView,
    pub risk: RiskLimitsView,
    pub cold_addresses: Vec<ColdShareView>,
    pub cold_status: i32,
    pub apply_status: Option<i32>,
    pub createtime: String,
}

impl From<AssetEntry> for AssetView {
    fn from(a: AssetEntry) -> Self {
        AssetView {
            id: a.id,
            chain_id: a.chain_id,
            token_id: a.token_id,
            chainname: a.chain_name,
            chainsymbol: a.chain_symbol,
            symbol: a.symbol,
            symbol_price: a.symbol_price,
            decimals: a.decimals,
            contract: a.contract,
            status: a.status.code(),
            payment_address: a.payment_address,
            collect: a.collect.into(),
            risk: a.risk.into(),
            cold_status: i32::from(!a.cold_addresses.is_empty()),
            cold_addresses: listed(a.cold_addresses),
            apply_status: a.apply_status.map(StoredCode::code),
            createtime: time(a.created_at),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ColdAddressView {
    pub id: i64,
    pub asset_id: i64,
    pub chain_id: i64,
    pub chainname: String,
    pub token_id: i64,
    pub symbol: String,
    pub address: String,
    pub ratio: String,
    pub createtime: String,
}

impl From<ColdAddressEntry> for ColdAddressView {
    fn from(c: ColdAddressEntry) -> Self {
        ColdAddressView {
            id: c.id,
            asset_id: c.asset_id,
            chain_id: c.chain_id,
            chainname: c.chain_name,
            token_id: c.token_id,
            symbol: c.symbol,
            address: c.address,
            ratio: c.ratio,
            createtime: time(c.created_at),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TokenRequestView {
    pub id: i64,
    pub merchant_id: i64,
    pub asset_id: i64,
    pub chain_id: i64,
    pub chainname: String,
    pub token_id: i64,
    pub symbol: String,
    pub cold_addresses: Vec<ColdShareView>,
    pub status: i32,
    pub apply_status: i32,
    pub reason: String,
    pub createtime: String,
    pub reviewtime: Option<String>,
}

impl From<TokenRequestEntry> for TokenRequestView {
    fn from(r: TokenRequestEntry) -> Self {
        TokenRequestView {
            id: r.id,
            merchant_id: r.merchant_id,
            asset_id: r.asset_id,
            chain_id: r.chain_id,
            chainname: r.chain_name,
            token_id: r.token_id,
            symbol: r.symbol,
            cold_addresses: listed(r.cold_addresses),
            status: i32::from(r.in_force),
            apply_status: r.apply_status.code(),
            reason: r.reason,
            createtime: time(r.created_at),
            reviewtime: r.reviewed_at.map(time),
        }
    }
}
