//! Choosing the hot wallet that pays: normal (never paused), holding the amount and the fee;
//! the token's payment address first, a manual withdrawal's named wallet only.

use super::executor::WithdrawalExecutor;
use crate::amount::BaseUnits;
use crate::error::{AppError, AppResult};
use crate::ports::chain::{Asset, ChainAdapter, ChainError, TransferRequest};
use crate::ports::HotWalletStatus;
use crate::ports::{HotWalletRecord, WithdrawalRecord};
use crate::wallets::{unmined_spend, UnminedSpend};

impl WithdrawalExecutor {
    /// The node's balance does not yet show what the wallet's signed, unmined payouts and fee
    /// top-ups will spend; counting it keeps an order that would overdraw the wallet waiting
    /// (4) instead of failing on chain.
    async fn reserved(&self, w: &WithdrawalRecord, address: &str) -> AppResult<UnminedSpend> {
        let ports = &self.ports;
        unmined_spend(
            ports.withdrawal_leases.as_ref(),
            ports.collection_steps.as_ref(),
            w.chain_id,
            address,
            w.token_id,
        )
        .await
    }

    pub(super) fn asset_of(
        &self,
        w: &WithdrawalRecord,
        nodes: &[crate::config::ChainNode],
    ) -> AppResult<Asset> {
        let asset = crate::config::chain_asset(nodes, w.chain_id, w.token_id)
            .ok_or_else(|| AppError::internal(format!("token {:?} is not configured", w.token_id)))?;
        let Asset::Token { contract } = asset else {
            return Ok(asset);
        };
        let chain = self.chains.require(w.chain_id)?;
        Ok(Asset::Token {
            contract: chain.parse_address(&contract).unwrap_or(contract),
        })
    }

    /// The first normal hot wallet (the token's payment address first, or the one a manual
    /// withdrawal names) that holds the amount and the fee; Err(reason) when none does.
    pub(super) async fn pick_wallet(
        &self,
        w: &WithdrawalRecord,
        chain: &dyn ChainAdapter,
        asset: &Asset,
    ) -> AppResult<Result<(HotWalletRecord, TransferRequest, BaseUnits), String>> {
        let mut wallets: Vec<_> = self
            .ports
            .hot_wallets
            .hot_wallets_on(w.merchant_id, w.chain_id)
            .await?
            .into_iter()
            .filter(|h| h.status == HotWalletStatus::Normal)
            .collect();
        if let Some(from) = &w.requested_from {
            wallets.retain(|h| &h.address == from);
        }
        let payment = self
            .ports
            .assets
            .assets(w.merchant_id, Some(w.chain_id))
            .await?
            .into_iter()
            .find(|a| Some(a.token_id) == w.token_id)
            .map(|a| a.payment_address);
        // The payment address first, then the wallet of an earlier attempt (its nonce hint).
        wallets.sort_by_key(|h| (Some(&h.address) != payment.as_ref(), h.address != w.from_address));
        if wallets.is_empty() {
            return Ok(Err("no hot wallet in state normal on this chain".into()));
        }
        let unavailable = |e: ChainError| AppError::Unavailable(e.to_string());
        let mut shortfalls = Vec::new();
        for wallet in wallets {
            let request = TransferRequest {
                from: wallet.address.clone(),
                to: w.to_address.clone(),
                asset: asset.clone(),
                amount: w.amount,
                // Re-sent after review again from the same wallet: the same nonce, so the
                // earlier transaction can never land as well.
                nonce: w
                    .nonce
                    .filter(|_| wallet.address == w.from_address)
                    .map(|n| n as u64),
            };
            let fee = chain.estimate_fee(&request).await.map_err(unavailable)?.fee;
            let reserved = self.reserved(w, &wallet.address).await?;
            let native = chain
                .balance(&wallet.address, &Asset::Native)
                .await
                .map_err(unavailable)?
                .checked_sub(reserved.native)
                .unwrap_or(BaseUnits::ZERO);
            let enough = match asset {
                Asset::Native => w.amount.checked_add(fee).is_some_and(|need| native >= need),
                Asset::Token { .. } => {
                    let token = chain.balance(&wallet.address, asset).await.map_err(unavailable)?;
                    native >= fee
                        && token
                            .checked_sub(reserved.token)
                            .is_some_and(|left| left >= w.amount)
                }
            };
            if enough {
                return Ok(Ok((wallet, request, fee)));
            }
            shortfalls.push(wallet.address);
        }
        Ok(Err(format!(
            "no normal hot wallet holds the amount and the fee: {}",
            shortfalls.join(", ")
        )))
    }
}
