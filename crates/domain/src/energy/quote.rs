//! `estimatePrice`: what an energy order would cost, from live chain figures and the rate card,
//! as a quote the merchant may order within 30 seconds.
//!
//! - The energy of a use is what one USDT transfer takes now, simulated on the node: to an
//!   address holding USDT (the least a transfer takes: a rise this large of the receiver's
//!   used energy counts as a use) and to one holding none (the most: what each use delivers).
//!   The simulation sends 1 base unit from an address holding USDT to itself (a holder) and to
//!   a fresh random address (not a holder): from the receiver when it holds USDT, else from the
//!   platform's energy account, which the operator funds with a little USDT for this.
//! - Burning instead would cost that energy × the live energy price.
//! - The price of a use is the rate card's Energy row (fixed TRX points a use).
//! - An address that does not exist on chain needs an activation (TRX sent to it, which burns
//!   the chain's account-creation fees): priced live, bought with the order when asked.

use std::sync::Arc;

use chrono::Duration;
use rand::RngCore;

use super::orders::{Quote, QuoteRequest};
use super::EnergyStaking;
use crate::amount::BaseUnits;
use crate::chains::{ChainRegistry, TronChain};
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::chain::{Asset, ChainError, TransferRequest};
use crate::ports::{MerchantId, Ports};
use crate::rates::{ChargeMode, RateCard, Service};

/// How long a quote may be ordered.
pub const QUOTE_SECONDS: i64 = 30;
pub const MAX_TIMES: i64 = 10_000;
pub const MAX_DAYS: i64 = 365;

/// One USDT transfer's energy now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TransferEnergy {
    pub to_holder: u64,
    pub to_new_holder: u64,
    /// Sun an energy burnt.
    pub price_sun: u64,
}

pub struct EnergyQuotes {
    pub ports: Ports,
    pub chains: Arc<ChainRegistry>,
    pub rates: RateCard,
    pub staking: Arc<EnergyStaking>,
}

fn chain_error(e: ChainError) -> AppError {
    match e {
        ChainError::InvalidAddress => AppError::Invalid(MsgKey::InvalidAddress),
        other => AppError::from(other),
    }
}

pub fn check_bounds(r: &QuoteRequest) -> AppResult<()> {
    let fits = (1..=MAX_TIMES).contains(&r.times)
        && (1..=MAX_DAYS).contains(&r.days)
        && (1..=r.times).contains(&r.max_daily);
    if fits {
        Ok(())
    } else {
        Err(AppError::Invalid(MsgKey::EnergyOrderBounds))
    }
}

impl EnergyQuotes {
    /// The chain's adapters when it is TRON.
    pub fn tron(&self, chain_id: i64) -> AppResult<TronChain<'_>> {
        self.chains
            .tron(chain_id)
            .ok_or(AppError::Invalid(MsgKey::EnergyNotTron))
    }

    /// The chain's USDT contract.
    async fn usdt(&self, chain_id: i64) -> AppResult<String> {
        let nodes = self.ports.config.chain_nodes().await?;
        nodes
            .iter()
            .find(|n| n.chainid == chain_id)
            .and_then(|n| n.tokens.iter().find(|t| t.symbol.eq_ignore_ascii_case("USDT")))
            .map(|t| t.contract.clone())
            .ok_or(AppError::Invalid(MsgKey::EnergyNotTron))
    }

    /// What one USDT transfer takes now, simulated from `receiver` when it holds USDT, else
    /// from the platform's energy account.
    pub async fn transfer_energy(&self, chain_id: i64, receiver: &str) -> AppResult<TransferEnergy> {
        let (chain, resources) = self.tron(chain_id)?;
        let contract = self.usdt(chain_id).await?;
        let usdt = Asset::Token {
            contract: contract.clone(),
        };
        let one = BaseUnits::from_u128(1);
        let mut from = None;
        if chain.balance(receiver, &usdt).await.map_err(chain_error)? >= one {
            from = Some(receiver.to_string());
        } else if let Ok(account) = self.staking.account(chain_id).await {
            if chain
                .balance(&account.address, &usdt)
                .await
                .map_err(chain_error)?
                >= one
            {
                from = Some(account.address);
            }
        }
        let from = from.ok_or(AppError::Invalid(MsgKey::EnergyCannotPrice))?;
        let fresh = resources.random_address();
        let to_holder = resources
            .transfer_energy(&contract, &from, &from, &one)
            .await
            .map_err(chain_error)?;
        let to_new_holder = resources
            .transfer_energy(&contract, &from, &fresh, &one)
            .await
            .map_err(chain_error)?;
        Ok(TransferEnergy {
            to_holder,
            to_new_holder,
            price_sun: resources.energy_price_sun().await.map_err(chain_error)?,
        })
    }

    /// TRX points the receiver's activation costs now, or 0 when it exists.
    pub async fn activation_points(&self, chain_id: i64, receiver: &str) -> AppResult<i64> {
        let (chain, _) = self.tron(chain_id)?;
        if !chain.needs_activation(receiver).await.map_err(chain_error)? {
            return Ok(0);
        }
        let account = self
            .staking
            .account(chain_id)
            .await
            .map_err(|e| AppError::Unavailable(format!("the energy account: {e}")))?;
        let fee = chain
            .estimate_fee(&TransferRequest {
                from: account.address,
                to: receiver.to_string(),
                asset: Asset::Native,
                amount: BaseUnits::from_u128(1),
                nonce: None,
            })
            .await
            .map_err(chain_error)?;
        // TRX points are sun: both have 6 decimals. The 1 sun sent along is the provider's.
        i64::try_from(fee.fee.0).map_err(|_| AppError::internal("an activation fee beyond i64"))
    }

    /// Prices `request` for the merchant and stores the quote.
    pub async fn estimate(
        &self,
        merchant_id: MerchantId,
        mut request: QuoteRequest,
    ) -> AppResult<(Quote, TransferEnergy, i64)> {
        check_bounds(&request)?;
        let (chain, _) = self.tron(request.chain_id)?;
        request.receiver = chain.parse_address(&request.receiver).map_err(chain_error)?;
        let receiver = request.receiver.clone();
        if self
            .ports
            .blacklist
            .is_blacklisted(merchant_id, request.chain_id, &receiver)
            .await?
        {
            return Err(AppError::Invalid(MsgKey::PayeeBlacklisted));
        }
        let energy = self.transfer_energy(request.chain_id, &receiver).await?;
        let activation = self.activation_points(request.chain_id, &receiver).await?;
        let now = self.ports.clock.now();
        let rate = self.rates.in_force(merchant_id, Service::Energy, now).await?;
        let price_per_use = rate
            .filter(|r| r.terms.mode == ChargeMode::Fixed)
            .map_or(0, |r| r.terms.fixed);
        let activation_points = if request.activate { activation } else { 0 };
        let total_points = price_per_use
            .checked_mul(request.times)
            .and_then(|uses| uses.checked_add(activation_points))
            .ok_or(AppError::Invalid(MsgKey::EnergyOrderBounds))?;
        let mut token = [0u8; 16];
        rand::thread_rng().fill_bytes(&mut token);
        let quote = Quote {
            id: 0,
            token: hex::encode(token),
            merchant_id,
            request,
            energy_per_use: energy.to_new_holder as i64,
            min_use_energy: energy.to_holder as i64,
            price_per_use,
            activation_points,
            total_points,
            energy_price: energy.price_sun as i64,
            created_at: now,
            expires_at: now + Duration::seconds(QUOTE_SECONDS),
        };
        let quote = self.ports.energy_orders.save_quote(&quote).await?;
        Ok((quote, energy, activation))
    }
}
