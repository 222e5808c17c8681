//! Addresses Coffer knows: every merchant's deposit addresses and hot wallets, and the
//! platform's energy accounts. Money between
//! them is internal (a sweep, a payout, a fee top-up) and is never credited; none of them may
//! become a cold address, or each sweep into it would come back as a new deposit.

use crate::error::AppResult;
use crate::ports::{MerchantId, Ports};

/// What an address is to Coffer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KnownAs {
    /// An end user's deposit address.
    Deposit {
        merchant_id: MerchantId,
        open_id: String,
    },
    /// A hot (payout, fee) wallet.
    HotWallet { merchant_id: MerchantId },
    /// The platform's energy account (TRON staking), the platform merchant's.
    EnergyAccount { merchant_id: MerchantId },
}

impl KnownAs {
    pub fn merchant_id(&self) -> MerchantId {
        match self {
            KnownAs::Deposit { merchant_id, .. }
            | KnownAs::HotWallet { merchant_id }
            | KnownAs::EnergyAccount { merchant_id } => *merchant_id,
        }
    }

    /// How the operator's listing says it.
    pub fn describe(&self) -> String {
        match self {
            KnownAs::Deposit { merchant_id, open_id } => {
                format!("deposit address of merchant {merchant_id} (OpenID {open_id})")
            }
            KnownAs::HotWallet { merchant_id } => format!("hot wallet of merchant {merchant_id}"),
            KnownAs::EnergyAccount { merchant_id } => {
                format!("energy account of the platform (merchant {merchant_id})")
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownAddress {
    /// Canonical, as the chain's adapter spells it.
    pub address: String,
    pub known_as: KnownAs,
}

/// The addresses among `addresses` (canonical) that Coffer knows on the chain, of any merchant.
pub async fn known_addresses(
    ports: &Ports,
    chain_id: i64,
    addresses: &[String],
) -> AppResult<Vec<KnownAddress>> {
    if addresses.is_empty() {
        return Ok(Vec::new());
    }
    let (deposits, wallets) = futures::try_join!(
        ports.addresses.deposit_addresses_at(chain_id, addresses),
        ports.hot_wallets.hot_wallets_at(chain_id, addresses),
    )?;
    let deposits = deposits.into_iter().map(|d| KnownAddress {
        address: d.address,
        known_as: KnownAs::Deposit {
            merchant_id: d.merchant_id,
            open_id: d.open_id,
        },
    });
    let wallets = wallets.into_iter().map(|w| KnownAddress {
        address: w.address,
        known_as: KnownAs::HotWallet {
            merchant_id: w.merchant_id,
        },
    });
    let energy = ports.energy.energy_accounts_at(chain_id, addresses).await?;
    let energy = energy.into_iter().map(|a| KnownAddress {
        address: a.address,
        known_as: KnownAs::EnergyAccount {
            merchant_id: a.merchant_id,
        },
    });
    Ok(deposits.chain(wallets).chain(energy).collect())
}

/// True when `address` is one of the merchant's own deposit addresses or hot wallets, among
/// what [`known_addresses`] found.
pub fn owned_by(known: &[KnownAddress], merchant_id: MerchantId, address: &str) -> bool {
    known
        .iter()
        .any(|k| k.address == address && k.known_as.merchant_id() == merchant_id)
}

/// One of the merchant's own deposit, hot or cold addresses on the chain: paying it would come
/// back as an end user's deposit (with a callback); internal moves are collection's.
pub async fn is_own_address(
    ports: &Ports,
    merchant_id: MerchantId,
    chain_id: i64,
    address: &str,
) -> AppResult<bool> {
    let deposit = ports
        .addresses
        .deposit_addresses_at(chain_id, &[address.to_string()])
        .await?;
    if deposit.iter().any(|d| d.merchant_id == merchant_id) {
        return Ok(true);
    }
    let hot = ports.hot_wallets.hot_wallets_on(merchant_id, chain_id).await?;
    if hot.iter().any(|w| w.address == address) {
        return Ok(true);
    }
    let assets = ports.assets.assets(merchant_id, Some(chain_id)).await?;
    let asset_ids: Vec<i64> = assets.iter().map(|a| a.id).collect();
    let cold = ports.assets.cold_addresses_of(&asset_ids).await?;
    Ok(cold.iter().any(|c| c.address == address))
}
