//! Which of a block's transfers are deposits and how each is recorded: credited, dust,
//! unsupported (a token the merchant did not enable, a coin), internal (from the merchant's own
//! addresses), a recharge of points, or an exchange's payment.

use std::collections::HashMap;

use super::rules;
use super::scanner::DepositScanner;
use crate::error::AppResult;
use crate::exchange::orders as exchange;
use crate::points::recharge;
use crate::ports::chain::{Asset, Block, ChainAdapter};
use crate::ports::{AssetStatus, DepositAddressRecord, NewDeposit};
use crate::wallets::known::{known_addresses, owned_by};

/// The chain's tokens: canonical contract -> (token id, decimals).
pub(super) type TokenMap = HashMap<String, (i64, i32)>;

impl DepositScanner {
    /// Each owner's merchant's enabled tokens on the chain, asked once per merchant.
    async fn enabled_tokens(
        &self,
        owners: &[DepositAddressRecord],
        chain_id: i64,
    ) -> AppResult<HashMap<i64, Vec<i64>>> {
        let mut enabled = HashMap::new();
        for merchant_id in owners.iter().map(|o| o.merchant_id) {
            if enabled.contains_key(&merchant_id) {
                continue;
            }
            let assets = self.ports.assets.assets(merchant_id, Some(chain_id)).await?;
            let tokens = assets
                .iter()
                .filter(|a| a.status == AssetStatus::Enabled)
                .map(|a| a.token_id)
                .collect();
            enabled.insert(merchant_id, tokens);
        }
        Ok(enabled)
    }

    /// The block's transfers to deposit addresses, classified: credited, dust, unsupported,
    /// internal or a recharge of 1 or less.
    pub(super) async fn deposits_in(
        &self,
        block: &Block,
        chain_id: i64,
        tokens: &TokenMap,
        native: NativeCoin,
        confirmations: u32,
    ) -> AppResult<Vec<NewDeposit>> {
        let targets: Vec<String> = block.transfers.iter().map(|t| t.to.clone()).collect();
        if targets.is_empty() {
            return Ok(Vec::new());
        }
        let owners = self
            .ports
            .addresses
            .deposit_addresses_at(chain_id, &targets)
            .await?;
        // Senders Coffer knows: money from a merchant's own deposit address or hot wallet is a
        // sweep, a payout or a fee top-up of its own, never a deposit.
        let senders: Vec<String> = block
            .transfers
            .iter()
            .filter(|t| owners.iter().any(|o| o.address == t.to))
            .map(|t| t.from.clone())
            .collect();
        // Recharge addresses are the platform merchant's: asked only when one is paid.
        let platform = async {
            if owners.iter().any(|o| recharge::merchant_of(&o.open_id).is_some()) {
                self.ports.recharge.platform_merchant().await
            } else {
                Ok(None)
            }
        };
        // Asked at once, each once per block.
        let (enabled, known_senders, platform) = futures::try_join!(
            self.enabled_tokens(&owners, chain_id),
            known_addresses(&self.ports, chain_id, &senders),
            platform,
        )?;
        let mut found = Vec::new();
        for transfer in &block.transfers {
            let Some(owner) = owners.iter().find(|a| a.address == transfer.to) else {
                continue;
            };
            let internal = owned_by(&known_senders, owner.merchant_id, &transfer.from);
            let recharge =
                Some(owner.merchant_id) == platform && recharge::merchant_of(&owner.open_id).is_some();
            let exchange = exchange::end_user_of(&owner.open_id).is_some();
            let (token_id, decimals, note) = match &transfer.asset {
                Asset::Token { contract } => {
                    let Some(&(token_id, decimals)) = tokens.get(contract) else {
                        continue;
                    };
                    let enabled = enabled[&owner.merchant_id].contains(&token_id);
                    let dust = self
                        .settings
                        .dust
                        .get(&token_id)
                        .is_some_and(|min| transfer.amount < *min);
                    let note = if internal {
                        rules::INTERNAL
                    } else if !enabled {
                        rules::UNSUPPORTED
                    } else if dust {
                        rules::DUST
                    } else if exchange {
                        rules::EXCHANGE
                    } else if recharge {
                        recharge::note(transfer.amount, decimals)
                    } else {
                        ""
                    };
                    (Some(token_id), decimals, note)
                }
                // The merchant's own coin moves (fee top-ups on every sweep) are not recorded.
                Asset::Native if internal => continue,
                // TRX to a recharge address buys TRX points; any other coin payment is not
                // credited (merchants accept tokens only).
                Asset::Native if recharge && native.recharges => (
                    None,
                    native.decimals,
                    recharge::note(transfer.amount, native.decimals),
                ),
                // A coin paid to an exchange address is exchanged (a pair with the coin in).
                Asset::Native if exchange => (None, native.decimals, rules::EXCHANGE),
                Asset::Native => (None, native.decimals, rules::UNSUPPORTED),
            };
            found.push(NewDeposit {
                merchant_id: owner.merchant_id,
                chain_id,
                token_id,
                deposit_address_id: owner.id,
                open_id: owner.open_id.clone(),
                to_address: transfer.to.clone(),
                from_address: transfer.from.clone(),
                tx_hash: transfer.tx_hash.clone(),
                tx_index: i64::from(transfer.index),
                amount: transfer.amount,
                decimals,
                required_confirmations: confirmations as i32,
                note: note.to_string(),
            });
        }
        Ok(found)
    }
}

/// The chain's native coin as the scanner records it.
#[derive(Debug, Clone, Copy)]
pub(super) struct NativeCoin {
    decimals: i32,
    /// Paid to a recharge address it buys points (TRX on TRON).
    recharges: bool,
}

impl NativeCoin {
    pub(super) fn of(nodes: &[crate::config::ChainNode], chain_id: i64) -> NativeCoin {
        let node = nodes.iter().find(|c| c.chainid == chain_id);
        NativeCoin {
            decimals: node.map(|c| c.decimals).unwrap_or(18),
            recharges: node.is_some_and(recharge::accepts_coin),
        }
    }
}

pub(super) fn token_map(
    chain: &dyn ChainAdapter,
    nodes: &[crate::config::ChainNode],
    chain_id: i64,
) -> TokenMap {
    nodes
        .iter()
        .filter(|c| c.chainid == chain_id)
        .flat_map(|c| c.tokens.iter())
        .filter_map(|t| {
            // Configured contracts may be typed in any case; the adapter reports canonical ones.
            let canonical = chain.parse_address(&t.contract).ok()?;
            Some((canonical, (t.tokenid, t.decimals)))
        })
        .collect()
}
