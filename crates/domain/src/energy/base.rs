//! The home config's "tron energy base amounts": what one USDT transfer burns on TRON without
//! energy, to an address holding USDT and to one holding none. The spec's 13 and 27 TRX were
//! true at 210 sun an energy; since August 2025 the price is 100 and the contract's energy
//! factor moves too, so the figures are computed from the chain (a simulated transfer × the live
//! price), kept a minute (a failed reading too), and shown with the time they were read. When no TRON node answers,
//! there is no figure rather than an old or invented one.

use std::sync::{Arc, Mutex};

use chrono::{DateTime, Duration, Utc};

use super::quote::EnergyQuotes;
use crate::amount::BaseUnits;

/// How long a reading is shown before the chain is asked again.
const KEEP: Duration = Duration::seconds(60);

/// TRX burnt by one USDT transfer, read at `read_at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BurnFigures {
    pub with_usdt: String,
    pub without_usdt: String,
    pub read_at: DateTime<Utc>,
}

pub struct EnergyBase {
    pub quotes: Arc<EnergyQuotes>,
    /// The last reading and when it was tried: a node that failed is not asked again for a
    /// minute either (the home config is loaded often; a node away must not slow every load).
    last: Mutex<Option<(DateTime<Utc>, Option<BurnFigures>)>>,
}

fn trx(energy: u64, price_sun: u64) -> String {
    BaseUnits::from_u128(u128::from(energy) * u128::from(price_sun)).to_decimal(6)
}

impl EnergyBase {
    pub fn new(quotes: Arc<EnergyQuotes>) -> EnergyBase {
        EnergyBase {
            quotes,
            last: Mutex::new(None),
        }
    }

    /// The figures of the first TRON chain: kept for a minute, read again after; None when no
    /// TRON chain is configured or its node cannot say.
    pub async fn figures(&self) -> Option<BurnFigures> {
        let now = self.quotes.ports.clock.now();
        let kept = self.last.lock().unwrap_or_else(|e| e.into_inner()).clone();
        if let Some((_, figures)) = kept.filter(|(tried, _)| now - *tried < KEEP) {
            return figures;
        }
        let figures = self.read(now).await;
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Some((now, figures.clone()));
        figures
    }

    async fn read(&self, now: DateTime<Utc>) -> Option<BurnFigures> {
        let chain_id = *self.quotes.chains.tron_resource_chains().first()?;
        let account = self.quotes.staking.account(chain_id).await.ok()?;
        match self.quotes.transfer_energy(chain_id, &account.address).await {
            Ok(energy) => Some(BurnFigures {
                with_usdt: trx(energy.to_holder, energy.price_sun),
                without_usdt: trx(energy.to_new_holder, energy.price_sun),
                read_at: now,
            }),
            Err(e) => {
                tracing::warn!(chain = chain_id, "the TRON burn figures could not be read: {e:?}");
                None
            }
        }
    }
}
