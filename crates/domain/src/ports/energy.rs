//! The platform's energy account and every transaction it signs (`energy/`): stored before it
//! is broadcast, so a crash sends the same transaction again instead of signing another.

use chrono::{DateTime, Utc};

use crate::energy::settings::{SmartCollection, SmartSwitch};
use crate::energy::{EnergyAccount, EnergyTx, EnergyTxKind, EnergyTxState, NewEnergyTx};
use crate::error::AppResult;
use crate::ports::MerchantId;

#[async_trait::async_trait]
pub trait EnergyRepo: Send + Sync {
    /// The platform's energy account on the chain, once made.
    async fn energy_account(&self, chain_id: i64) -> AppResult<Option<EnergyAccount>>;
    /// Saves the account unless the chain has one: the chain's account after the call (two
    /// processes making it at once agree on one).
    async fn save_energy_account(&self, account: EnergyAccount) -> AppResult<EnergyAccount>;
    /// The energy accounts among `addresses` (canonical) on the chain.
    async fn energy_accounts_at(&self, chain_id: i64, addresses: &[String]) -> AppResult<Vec<EnergyAccount>>;
    /// Stores a signed transaction before it is broadcast; its id.
    async fn record_energy_tx(&self, tx: NewEnergyTx) -> AppResult<i64>;
    async fn energy_tx(&self, id: i64) -> AppResult<Option<EnergyTx>>;
    /// Transactions still to follow (signed or sent), oldest first, at most `limit`.
    async fn unsettled_energy_txs(&self, limit: u64) -> AppResult<Vec<EnergyTx>>;
    /// The transactions of `kind` to `receiver` on the chain, newest first.
    async fn energy_txs_to(
        &self,
        chain_id: i64,
        receiver: &str,
        kind: EnergyTxKind,
    ) -> AppResult<Vec<EnergyTx>>;
    /// The chain's latest transactions, newest first, at most `limit`.
    async fn recent_energy_txs(&self, chain_id: i64, limit: u64) -> AppResult<Vec<EnergyTx>>;
    /// Moves a transaction on from a state it is still in (false: another process moved it).
    async fn set_energy_tx_state(
        &self,
        id: i64,
        from: EnergyTxState,
        to: EnergyTxState,
        block: Option<u64>,
        reason: &str,
        at: DateTime<Utc>,
    ) -> AppResult<bool>;
}

/// The merchants' smart-collection switches ([`SmartCollection`]).
#[async_trait::async_trait]
pub trait EnergySettingsRepo: Send + Sync {
    /// The merchant's switches; all off when it never saved any.
    async fn smart_collection(&self, merchant_id: MerchantId) -> AppResult<SmartCollection>;
    /// Turns one switch on or off, leaving the others as they are.
    async fn set_smart_switch(
        &self,
        merchant_id: MerchantId,
        switch: SmartSwitch,
        on: bool,
        now: DateTime<Utc>,
    ) -> AppResult<()>;
}
