//! The operator's staking: the energy account, what its pool holds (read from the chain), and
//! stake / unstake / withdraw transactions, each stored before it is broadcast and followed
//! until the chain includes it or refuses it for good.

use std::sync::Arc;

use crate::amount::BaseUnits;
use crate::chains::{ChainRegistry, TronChain};
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::chain::{Asset, ChainError, KeyPurpose, SecretKey, SignedTx, TransferRequest, TxStatus};
use crate::ports::tron_resources::{AccountResources, StakeAction, StakeResource};
use crate::ports::Ports;
use crate::vault::KeyVault;

use super::{EnergyAccount, EnergyTx, EnergyTxKind, EnergyTxState, NewEnergyTx};

/// Why a staking command could not be done, said to the operator.
#[derive(Debug, thiserror::Error)]
pub enum StakingError {
    #[error("chain {0} is not a configured TRON chain")]
    NotTron(i64),
    #[error("there is no platform merchant yet: run `coffer admin points platform` first")]
    NoPlatform,
    #[error("the amount must be at least 1 TRX")]
    TooSmall,
    #[error("the TRON node: {0}")]
    Chain(#[from] ChainError),
    /// The database or the vault (a fault is logged in full by whoever prints it).
    #[error("{0:?}")]
    App(AppError),
}

impl StakingError {
    /// As the services' callers see it (an AppError's blanket conversion would make every one
    /// an internal fault).
    pub fn into_app(self) -> AppError {
        match self {
            StakingError::NotTron(_) => AppError::Invalid(MsgKey::EnergyNotTron),
            StakingError::NoPlatform => AppError::Unavailable("there is no platform merchant yet".into()),
            StakingError::TooSmall => AppError::Invalid(MsgKey::EnergyOrderBounds),
            StakingError::Chain(e) => AppError::from(e),
            StakingError::App(e) => e,
        }
    }
}

impl From<AppError> for StakingError {
    fn from(e: AppError) -> StakingError {
        StakingError::App(e)
    }
}

pub type StakingResult<T> = Result<T, StakingError>;

/// What the operator asks for; amounts in sun.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StakeOrder {
    Stake {
        amount_sun: u64,
    },
    Unstake {
        amount_sun: u64,
    },
    /// Withdraws every unstake whose 14 days have passed.
    Withdraw,
}

/// The pool as the chain shows it now, with the account's latest transactions.
#[derive(Debug, Clone)]
pub struct PoolStatus {
    pub account: EnergyAccount,
    pub resources: AccountResources,
    /// The most that can be delegated for energy now, in sun of stake.
    pub can_delegate_sun: u64,
    /// The live price of one energy burnt, in sun.
    pub energy_price_sun: u64,
    pub recent: Vec<EnergyTx>,
}

pub struct EnergyStaking {
    ports: Ports,
    chains: Arc<ChainRegistry>,
    vault: Arc<KeyVault>,
}

/// How many stored transactions one follow round looks at.
const FOLLOW_BATCH: u64 = 100;

impl EnergyStaking {
    pub fn new(ports: Ports, chains: Arc<ChainRegistry>, vault: Arc<KeyVault>) -> EnergyStaking {
        EnergyStaking { ports, chains, vault }
    }

    /// The chain's general adapter and its resource port, when it is a TRON chain.
    fn tron(&self, chain_id: i64) -> StakingResult<TronChain<'_>> {
        self.chains.tron(chain_id).ok_or(StakingError::NotTron(chain_id))
    }

    /// The chain's energy account, made (and saved) on first use.
    pub async fn account(&self, chain_id: i64) -> StakingResult<EnergyAccount> {
        let (chain, _) = self.tron(chain_id)?;
        if let Some(account) = self.ports.energy.energy_account(chain_id).await? {
            return Ok(account);
        }
        let platform = self
            .ports
            .recharge
            .platform_merchant()
            .await?
            .ok_or(StakingError::NoPlatform)?;
        let seed = self.vault.seed(platform).await?;
        let key = chain.derive(&seed, KeyPurpose::Energy, 0)?;
        let account = EnergyAccount {
            chain_id,
            address: key.address,
            merchant_id: platform,
            path: key.path,
            created_at: self.ports.clock.now(),
        };
        Ok(self.ports.energy.save_energy_account(account).await?)
    }

    async fn key(&self, account: &EnergyAccount) -> StakingResult<SecretKey> {
        let (chain, _) = self.tron(account.chain_id)?;
        let seed = self.vault.seed(account.merchant_id).await?;
        let key = chain.derive(&seed, KeyPurpose::Energy, 0)?;
        if key.address != account.address {
            return Err(AppError::internal(format!(
                "the energy account {} is not the platform seed's {}",
                account.address, key.address
            ))
            .into());
        }
        Ok(key.secret)
    }

    pub async fn status(&self, chain_id: i64) -> StakingResult<PoolStatus> {
        let account = self.account(chain_id).await?;
        let (_, resources) = self.tron(chain_id)?;
        Ok(PoolStatus {
            resources: resources.account(&account.address).await?,
            can_delegate_sun: resources
                .can_delegate_max(&account.address, StakeResource::Energy)
                .await?,
            energy_price_sun: resources.energy_price_sun().await?,
            recent: self.ports.energy.recent_energy_txs(chain_id, 10).await?,
            account,
        })
    }

    /// Signs, stores, then broadcasts the operator's order; the stored transaction after it.
    /// A node that cannot be reached leaves it signed: the follow round sends it.
    pub async fn submit(&self, chain_id: i64, order: StakeOrder) -> StakingResult<EnergyTx> {
        let account = self.account(chain_id).await?;
        let owner = account.address.clone();
        let energy = StakeResource::Energy;
        let (kind, action) = match order {
            StakeOrder::Stake { amount_sun } | StakeOrder::Unstake { amount_sun }
                if amount_sun < 1_000_000 =>
            {
                return Err(StakingError::TooSmall)
            }
            StakeOrder::Stake { amount_sun } => (
                EnergyTxKind::Stake,
                StakeAction::Stake {
                    owner: owner.clone(),
                    amount_sun,
                    resource: energy,
                },
            ),
            StakeOrder::Unstake { amount_sun } => (
                EnergyTxKind::Unstake,
                StakeAction::Unstake {
                    owner: owner.clone(),
                    amount_sun,
                    resource: energy,
                },
            ),
            StakeOrder::Withdraw => (
                EnergyTxKind::Withdraw,
                StakeAction::WithdrawUnstaked { owner: owner.clone() },
            ),
        };
        let id = self.send_action(chain_id, kind, action).await?;
        self.stored(id).await
    }

    /// Signs `action` with the energy account's key, stores it, then broadcasts it: its
    /// `energy_tx` id. A node that cannot be reached leaves it stored (the follow round sends
    /// it); a refusal marks it failed with the node's reason.
    pub async fn send_action(
        &self,
        chain_id: i64,
        kind: EnergyTxKind,
        action: StakeAction,
    ) -> AppResult<i64> {
        self.try_send_action(chain_id, kind, action)
            .await
            .map_err(StakingError::into_app)
    }

    async fn try_send_action(
        &self,
        chain_id: i64,
        kind: EnergyTxKind,
        action: StakeAction,
    ) -> StakingResult<i64> {
        let account = self.account(chain_id).await?;
        let (_, resources) = self.tron(chain_id)?;
        let signed = resources.sign_stake(&self.key(&account).await?, &action).await?;
        let (receiver, amount_sun) = match &action {
            StakeAction::Delegate {
                receiver, amount_sun, ..
            }
            | StakeAction::Undelegate {
                receiver, amount_sun, ..
            } => (receiver.clone(), *amount_sun),
            StakeAction::Stake { amount_sun, .. } | StakeAction::Unstake { amount_sun, .. } => {
                (String::new(), *amount_sun)
            }
            StakeAction::WithdrawUnstaked { .. } => (String::new(), 0),
        };
        self.record_and_send(chain_id, kind, receiver, amount_sun, signed)
            .await
    }

    /// Activates `receiver` by sending it 1 sun from the energy account (the chain creates an
    /// account on the first TRX it receives): the transaction's `energy_tx` id.
    pub async fn activate(&self, chain_id: i64, receiver: &str) -> AppResult<i64> {
        self.try_activate(chain_id, receiver)
            .await
            .map_err(StakingError::into_app)
    }

    async fn try_activate(&self, chain_id: i64, receiver: &str) -> StakingResult<i64> {
        let account = self.account(chain_id).await?;
        let (chain, _) = self.tron(chain_id)?;
        let request = TransferRequest {
            from: account.address.clone(),
            to: receiver.to_string(),
            asset: Asset::Native,
            amount: BaseUnits::from_u128(1),
            nonce: None,
        };
        let signed = chain.sign_transfer(&self.key(&account).await?, &request).await?;
        self.record_and_send(chain_id, EnergyTxKind::Activate, receiver.to_string(), 1, signed)
            .await
    }

    async fn record_and_send(
        &self,
        chain_id: i64,
        kind: EnergyTxKind,
        receiver: String,
        amount_sun: u64,
        signed: SignedTx,
    ) -> StakingResult<i64> {
        let account = self.account(chain_id).await?;
        let id = self
            .ports
            .energy
            .record_energy_tx(NewEnergyTx {
                chain_id,
                owner: account.address,
                kind,
                resource: StakeResource::Energy,
                receiver,
                amount_sun,
                hash: signed.hash,
                raw: signed.raw,
                at: self.ports.clock.now(),
            })
            .await?;
        // A node away leaves it stored (the follow round sends it); a refusal is recorded on
        // it (failed, with the node's reason): either way the caller follows the transaction.
        match self.send(&self.stored(id).await?).await {
            Ok(()) | Err(StakingError::Chain(ChainError::Unavailable(_))) => Ok(id),
            Err(e) => Err(e),
        }
    }

    /// The live price of one energy burnt, in sun.
    pub async fn energy_price(&self, chain_id: i64) -> AppResult<u64> {
        let (_, resources) = self.tron(chain_id).map_err(StakingError::into_app)?;
        Ok(resources.energy_price_sun().await?)
    }

    /// A stored transaction.
    pub async fn transaction(&self, id: i64) -> AppResult<EnergyTx> {
        self.stored(id).await.map_err(StakingError::into_app)
    }

    async fn stored(&self, id: i64) -> StakingResult<EnergyTx> {
        let tx = self.ports.energy.energy_tx(id).await?;
        Ok(tx.ok_or_else(|| AppError::internal(format!("energy transaction {id} is gone")))?)
    }

    /// Broadcasts a stored transaction: Sent when a node has it, Failed when the chain refuses
    /// it for good; a node that cannot be reached leaves it as it is.
    async fn send(&self, tx: &EnergyTx) -> StakingResult<()> {
        let (chain, _) = self.tron(tx.chain_id)?;
        let signed = SignedTx {
            hash: tx.hash.clone(),
            raw: tx.raw.clone(),
            nonce: None,
        };
        let (to, reason) = match chain.broadcast(&signed).await {
            Ok(()) => (EnergyTxState::Sent, String::new()),
            Err(ChainError::Rejected(reason) | ChainError::Dead(reason)) => (EnergyTxState::Failed, reason),
            Err(e) => return Err(e.into()),
        };
        self.move_to(tx, to, None, &reason).await
    }

    async fn move_to(
        &self,
        tx: &EnergyTx,
        to: EnergyTxState,
        block: Option<u64>,
        reason: &str,
    ) -> StakingResult<()> {
        if tx.state != to {
            let now = self.ports.clock.now();
            self.ports
                .energy
                .set_energy_tx_state(tx.id, tx.state, to, block, reason, now)
                .await?;
        }
        Ok(())
    }

    /// One round over the stored transactions still open: included ones are done or failed,
    /// ones no node has are sent again (the same bytes). A chain that cannot be reached is
    /// logged and left for the next round; it holds up no other chain's transactions.
    pub async fn follow(&self) -> AppResult<usize> {
        let mut settled = 0;
        for tx in self.ports.energy.unsettled_energy_txs(FOLLOW_BATCH).await? {
            match self.follow_one(&tx).await {
                Ok(true) => settled += 1,
                Ok(false) => {}
                Err(e) => tracing::warn!(tx = tx.id, hash = %tx.hash, "energy transaction not followed: {e}"),
            }
        }
        Ok(settled)
    }

    async fn follow_one(&self, tx: &EnergyTx) -> StakingResult<bool> {
        let (chain, _) = self.tron(tx.chain_id)?;
        match chain.status(&tx.hash).await? {
            TxStatus::Included { block, success } => {
                let (to, reason) = if success {
                    (EnergyTxState::Done, "")
                } else {
                    (EnergyTxState::Failed, "the transaction failed on chain")
                };
                self.move_to(tx, to, Some(block), reason).await?;
                Ok(true)
            }
            TxStatus::Pending => {
                self.move_to(tx, EnergyTxState::Sent, None, "").await?;
                Ok(false)
            }
            TxStatus::Unknown => {
                self.send(tx).await?;
                Ok(false)
            }
        }
    }
}
