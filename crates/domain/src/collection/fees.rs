//! The merchant's collection fee settings per chain: the fee wallet (a hot wallet of the chain
//! whose native coin tops up deposit addresses before a token sweep) and the most one sweep may
//! cost. Changing them decides where money goes, so it needs the Google code.

use super::service::CollectionService;
use crate::amount::BaseUnits;
use crate::auth::AuthContext;
use crate::config::{chain_name, node_of};
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::FeeSettings;

/// One chain's settings as the console shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainFees {
    pub chain_id: i64,
    pub chain_name: String,
    pub symbol: String,
    pub decimals: i32,
    pub settings: FeeSettings,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveFees {
    pub chain_id: i64,
    /// None: no fee wallet (sweeps that need a top-up wait).
    pub fee_wallet_id: Option<i64>,
    /// A decimal amount of the native coin; empty: no cap.
    pub max_fee: String,
    pub google_code: String,
}

impl CollectionService {
    /// Every chain the merchant can use, with its settings (none saved: no wallet, no cap).
    pub async fn fees(&self, ctx: &AuthContext) -> AppResult<Vec<ChainFees>> {
        let nodes = self.ports.config.chain_nodes().await?;
        let saved = self.ports.collection_fees.fee_settings(ctx.merchant_id).await?;
        Ok(nodes
            .iter()
            .map(|node| ChainFees {
                chain_id: node.chainid,
                chain_name: node.chainname.clone(),
                symbol: node.symbol.clone(),
                decimals: node.decimals,
                settings: saved
                    .iter()
                    .find(|(chain_id, _)| *chain_id == node.chainid)
                    .map(|(_, s)| s.clone())
                    .unwrap_or_default(),
            })
            .collect())
    }

    /// Refused, with nothing changed, for an unknown chain (17001), a wallet that is not the
    /// merchant's on that chain (17001), a cap that is not a positive amount of the coin
    /// (10422), or a wrong Google code.
    pub async fn save_fees(&self, ctx: &AuthContext, request: &SaveFees) -> AppResult<String> {
        let nodes = self.ports.config.chain_nodes().await?;
        let node = node_of(&nodes, request.chain_id).ok_or(AppError::Invalid(MsgKey::NoSuchRecord))?;
        let decimals = u8::try_from(node.decimals).map_err(|_| AppError::internal("chain decimals"))?;
        let max_fee = match request.max_fee.trim() {
            "" => None,
            text => Some(
                BaseUnits::order_amount(text, decimals)
                    .map_err(|_| AppError::Invalid(MsgKey::InvalidAmount))?,
            ),
        };
        if let Some(id) = request.fee_wallet_id {
            let wallets = self
                .ports
                .hot_wallets
                .hot_wallets_on(ctx.merchant_id, request.chain_id)
                .await?;
            if !wallets.iter().any(|w| w.id == id) {
                return Err(AppError::Invalid(MsgKey::NoSuchRecord));
            }
        }
        self.auth.require_google(ctx, &request.google_code).await?;
        self.ports
            .collection_fees
            .save_fee_settings(
                ctx.merchant_id,
                request.chain_id,
                request.fee_wallet_id,
                max_fee,
                self.ports.clock.now(),
            )
            .await?;
        Ok(chain_name(&nodes, request.chain_id))
    }
}
