//! The merchant's smart-collection switches (Token > Energy: `setCollect`, `setEnergyPay`,
//! `setTrxCollect`). They apply to every TRON chain the merchant collects on; a merchant who
//! never saved them has every switch off, so collections burn TRX as they always did.

use chrono::{DateTime, Utc};

/// The three switches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SmartCollection {
    /// `setCollect`: TRON sweeps run on the provider's energy, delegated to the deposit address
    /// before its sweep and taken back after, instead of burning TRX from a top-up.
    pub energy_collect: bool,
    /// `setEnergyPay`: that energy is paid with TRX points; off, the fee wallet pays the burn
    /// as it always did (smart collection needs both switches on).
    pub energy_pay: bool,
    /// `setTrxCollect`: once an address's tokens are swept and none remains, the TRX left in it
    /// (activation change, top-up remainders) is collected too.
    pub trx_collect: bool,
    /// When a switch was last changed; None: never.
    pub updated_at: Option<DateTime<Utc>>,
}

impl SmartCollection {
    /// Whether TRON sweeps are to run on delegated energy paid with TRX points.
    pub fn uses_energy(&self) -> bool {
        self.energy_collect && self.energy_pay
    }
}

/// One switch, as its call names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmartSwitch {
    EnergyCollect,
    EnergyPay,
    TrxCollect,
}
