//! A merchant's recharge address on a chain: the platform merchant's deposit address for
//! OpenID `points:<merchant>`, derived from the platform merchant's seed on the first ask (the
//! same every time after), with the rule and the confirmations the console shows beside it.

use std::collections::HashMap;
use std::sync::Arc;

use super::recharge::{accepts_coin, open_id, RECHARGE_COIN, RECHARGE_TOKEN};
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{MerchantId, Ports};
use crate::wallets::WalletService;

#[derive(Debug, Clone)]
pub struct RechargeAddress {
    pub chain_id: i64,
    pub chain_name: String,
    pub address: String,
    pub token: &'static str,
    /// The chain's native coin when it recharges too (TRX points, on TRON chains).
    pub coin: Option<&'static str>,
    /// A payment must be greater than this many tokens to be credited.
    pub minimum: &'static str,
    pub confirmations: u32,
}

pub struct RechargeAddresses {
    pub ports: Ports,
    pub wallets: Arc<WalletService>,
    /// Per chain id: the confirmations a deposit waits for (the scanner's settings).
    pub confirmations: HashMap<i64, u32>,
}

impl RechargeAddresses {
    pub async fn address(&self, merchant_id: MerchantId, chain_id: i64) -> AppResult<RechargeAddress> {
        self.platform_address(&open_id(merchant_id), chain_id).await
    }

    /// The platform merchant's address for `open_id` on the chain, where the recharge token
    /// is paid to it (a merchant's recharges, the bills' payments).
    pub async fn platform_address(&self, open_id: &str, chain_id: i64) -> AppResult<RechargeAddress> {
        let unavailable = || AppError::Invalid(MsgKey::RechargeUnavailable);
        let platform = self
            .ports
            .recharge
            .platform_merchant()
            .await?
            .ok_or_else(unavailable)?;
        let nodes = self.ports.config.chain_nodes().await?;
        let node = nodes
            .iter()
            .find(|n| n.chainid == chain_id)
            .ok_or(AppError::Invalid(MsgKey::UnknownChainOrToken))?;
        if !node
            .tokens
            .iter()
            .any(|t| t.symbol.eq_ignore_ascii_case(RECHARGE_TOKEN))
        {
            return Err(unavailable());
        }
        let confirmations = *self.confirmations.get(&chain_id).ok_or_else(unavailable)?;
        let address = self.wallets.deposit_address(platform, chain_id, open_id).await?;
        Ok(RechargeAddress {
            chain_id,
            chain_name: node.chainname.clone(),
            address: address.address,
            token: RECHARGE_TOKEN,
            coin: accepts_coin(node).then_some(RECHARGE_COIN),
            minimum: "1",
            confirmations,
        })
    }
}
