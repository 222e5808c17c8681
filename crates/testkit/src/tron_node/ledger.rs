//! Accounts, resources and the execution of the two contract kinds, as java-tron charges them
//! (an account that has no staked TRX: bandwidth and energy are free allowance or burnt TRX).
//!
//! - An account exists once it received TRX (a TRC20 balance alone does not create it); a
//!   transaction whose owner does not exist is refused (`account [T...] does not exist`, from
//!   java-tron's bandwidth processor, which runs before the contract is validated).
//! - Bandwidth: a transaction uses its serialized size + 64 bytes. A TRX transfer that creates
//!   the recipient burns `getCreateAccountFee` instead (`net_fee`), plus
//!   `getCreateNewAccountFeeInSystemContract` charged by the transfer itself. Otherwise the
//!   owner's free allowance (`getFreeNetLimit` a day) pays when what is left of it covers the
//!   whole transaction, else `size × getTransactionFee` burns. The allowance comes back when the
//!   double's day (block time / 24 h, never the wall clock) changes: java-tron recovers it over
//!   a sliding 24 hours instead; the sum over a day is the same.
//! - Energy: a call uses the caller's staked energy first (stake.rs), then `energy ×
//!   getEnergyFee` burns, the energy including the token's dynamic penalty (contracts.rs). As
//!   java-tron's VMActuator, the call may use at most min(energy left + balance / price,
//!   fee_limit / price): the fee limit caps all of its energy, staked or burnt. Beyond it,
//!   OUT_OF_ENERGY uses all of that (staked first, the rest burnt) and moves nothing.
//! - Stake 2.0 contracts (freeze, unfreeze, withdraw, delegate, undelegate): stake.rs.
//! - Staked bandwidth (stake.rs, `NetLimit`) pays before the free allowance when what is left
//!   of it covers the whole transaction, also one that creates its recipient (no 0.1 TRX then).
//! - Either resource short of TRX: BANDWITH_ERROR (java-tron's spelling), refused.

use std::collections::HashMap;

use ruint::aliases::U256;
use serde_json::{json, Value};

use super::contracts::{self, Contracts, Log, TokenState};
use super::energy::DEFAULT_ENERGY_FACTOR;
use super::pb::{Call, BANDWIDTH};
use super::render;
use super::stake::{Network, Stake};

/// Default chain parameters (sun): mainnet's in late 2026 (energy at 100 sun since proposal
/// #104, August 2025).
pub const ENERGY_FEE: u64 = 100;
pub const TRANSACTION_FEE: u64 = 1_000;
pub const CREATE_ACCOUNT_FEE: u64 = 100_000;
pub const CREATE_ACCOUNT_IN_CONTRACT_FEE: u64 = 1_000_000;
pub const FREE_NET_LIMIT: u64 = 600;
pub const MAX_FEE_LIMIT: u64 = 15_000_000_000;
const ENERGY_REVERT: u64 = 1_000;
const DAY_MS: u64 = 86_400_000;

/// The chain parameters `getchainparameters` serves, and the token's energy factor; tests may
/// change any of them (a governance proposal, the dynamic energy model moving).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    pub energy_fee: u64,
    pub transaction_fee: u64,
    pub create_account_fee: u64,
    pub create_account_in_contract_fee: u64,
    pub free_net_limit: u64,
    pub max_fee_limit: u64,
    /// The token's dynamic energy factor, in ten-thousandths (34 000: 3.4 times more).
    pub energy_factor: u64,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            energy_fee: ENERGY_FEE,
            transaction_fee: TRANSACTION_FEE,
            create_account_fee: CREATE_ACCOUNT_FEE,
            create_account_in_contract_fee: CREATE_ACCOUNT_IN_CONTRACT_FEE,
            free_net_limit: FREE_NET_LIMIT,
            max_fee_limit: MAX_FEE_LIMIT,
            energy_factor: DEFAULT_ENERGY_FACTOR,
        }
    }
}

/// What a transaction cost and did.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// `contractRet`: SUCCESS, REVERT or OUT_OF_ENERGY.
    pub ret: &'static str,
    /// TRX burnt in all (sun): `net_fee + energy_fee` + the account creation fee of a transfer.
    pub fee: u64,
    /// Energy used, penalty included (`energy_usage_total`), and the penalty.
    pub energy: u64,
    pub energy_penalty: u64,
    pub energy_fee: u64,
    /// Of `energy`, what the caller's staked energy paid (`energy_usage`).
    pub energy_usage: u64,
    /// Unstaked TRX the transaction brought back to the balance (`withdraw_expire_amount`).
    pub withdraw_expire_amount: u64,
    /// Free bandwidth used (`net_usage`), or TRX burnt for bandwidth or for creating the
    /// recipient (`net_fee`).
    pub net_usage: u64,
    pub net_fee: u64,
    /// The event logs the transaction emitted, in order (none when it failed).
    pub logs: Vec<Log>,
    /// What the contract returned (`contractResult`).
    pub output: Vec<u8>,
}

/// Why the node refuses a transaction: java-tron's response code and message.
pub type Refusal = (&'static str, String);

pub(super) fn validate(message: impl Into<String>) -> Refusal {
    ("CONTRACT_VALIDATE_ERROR", message.into())
}

fn short_of_resources() -> Refusal {
    ("BANDWITH_ERROR", "Account resource insufficient error.".into())
}

#[derive(Clone, Debug, Default)]
pub(super) struct Account {
    balance: u64,
    /// Free bandwidth used on `free_net_day`.
    free_net_used: u64,
    free_net_day: u64,
    pub(super) stake: Stake,
}

impl Account {
    fn free_used(&self, day: u64) -> u64 {
        if self.free_net_day == day {
            self.free_net_used
        } else {
            0
        }
    }
}

#[derive(Clone)]
pub struct Ledger {
    token: [u8; 20],
    payout: [u8; 20],
    pub params: Params,
    pub(super) accounts: HashMap<[u8; 20], Account>,
    state: TokenState,
    /// The genesis block's time: block slots count from it.
    pub(super) genesis_ms: u64,
    pub network: Network,
}

impl Ledger {
    pub fn new(token: [u8; 20], payout: [u8; 20], genesis_ms: u64) -> Ledger {
        Ledger {
            token,
            payout,
            params: Params::default(),
            accounts: HashMap::new(),
            state: TokenState::default(),
            genesis_ms,
            network: Network::default(),
        }
    }

    pub fn is_contract(&self, id: &[u8; 20]) -> bool {
        *id == self.token || *id == self.payout
    }

    /// The TRX balance of an account that exists.
    pub fn trx(&self, id: &[u8; 20]) -> Option<u64> {
        self.accounts.get(id).map(|a| a.balance)
    }

    pub fn token(&self, id: &[u8; 20]) -> U256 {
        self.state.balance(id)
    }

    /// Free bandwidth `id` used on the day of `now_ms`.
    pub fn free_net_used(&self, id: &[u8; 20], now_ms: u64) -> u64 {
        self.accounts.get(id).map_or(0, |a| a.free_used(now_ms / DAY_MS))
    }

    pub fn credit_trx(&mut self, id: &[u8; 20], sun: u64) {
        let account = self.accounts.entry(*id).or_default();
        account.balance = account.balance.checked_add(sun).expect("TRX balance overflow");
    }

    pub fn credit_token(&mut self, id: &[u8; 20], units: U256) {
        let balance = self.state.balances.entry(*id).or_insert(U256::ZERO);
        *balance = balance.checked_add(units).expect("token balance overflow");
    }

    pub fn set_allowance(&mut self, owner: &[u8; 20], spender: &[u8; 20], units: U256) {
        self.state.allowances.insert((*owner, *spender), units);
    }

    fn contracts(&self) -> Contracts {
        Contracts {
            token: self.token,
            payout: self.payout,
            factor: self.params.energy_factor,
        }
    }

    fn run(
        &self,
        owner: &[u8; 20],
        contract: &[u8; 20],
        data: &[u8],
        call_value: u64,
    ) -> Option<contracts::Run> {
        contracts::call(&self.state, self.contracts(), *owner, *contract, data, call_value)
    }

    /// Validates and applies a call of `bandwidth` bytes (serialized size + 64) at block time
    /// `now_ms`. Err is a refusal (the node does not take the transaction; nothing changes);
    /// Ok may still be a failed execution (included, fee burnt).
    pub fn execute(
        &mut self,
        call: &Call,
        fee_limit: u64,
        bandwidth: u64,
        now_ms: u64,
    ) -> Result<Outcome, Refusal> {
        let p = self.params;
        let owner = call.owner();
        let Some(account) = self.accounts.get(&owner).cloned() else {
            return Err(validate(format!(
                "account [{}] does not exist",
                super::base58(&owner)
            )));
        };
        // Bandwidth first, as java-tron's processor runs before the contract's validation.
        let day = now_ms / DAY_MS;
        let creates = matches!(call, Call::Transfer { to, .. } if !self.accounts.contains_key(to));
        let mut outcome = Outcome::default();
        let mut free_used = account.free_used(day);
        // Staked bandwidth first (also for creating an account), then the free allowance.
        let staked_net = self.left(&owner, BANDWIDTH, now_ms) >= bandwidth;
        if staked_net {
            outcome.net_usage = bandwidth;
        } else if creates {
            outcome.net_fee = p.create_account_fee;
        } else if free_used + bandwidth <= p.free_net_limit {
            outcome.net_usage = bandwidth;
            free_used += bandwidth;
        } else {
            outcome.net_fee = bandwidth * p.transaction_fee;
        }
        let balance = account
            .balance
            .checked_sub(outcome.net_fee)
            .ok_or_else(short_of_resources)?;
        let mut owner_after = Account {
            balance,
            free_net_used: free_used,
            free_net_day: day,
            ..account
        };
        if staked_net {
            owner_after.stake.net.add(bandwidth, self.slot(now_ms));
        }
        match call {
            Call::Transfer { to, amount, .. } => {
                if *amount == 0 {
                    return Err(validate("Amount must be greater than 0."));
                }
                if owner == *to {
                    return Err(validate("Cannot transfer TRX to yourself."));
                }
                let creation = if creates {
                    p.create_account_in_contract_fee
                } else {
                    0
                };
                let spent = u128::from(*amount) + u128::from(creation);
                if u128::from(balance) < spent {
                    return Err(validate(
                        "Validate TransferContract error, balance is not sufficient.",
                    ));
                }
                owner_after.balance = balance - amount - creation;
                outcome.ret = "SUCCESS";
                outcome.fee = outcome.net_fee + creation;
                self.accounts.insert(owner, owner_after);
                self.credit_trx(to, *amount);
                Ok(outcome)
            }
            Call::Trigger {
                contract,
                data,
                call_value,
                ..
            } => {
                if fee_limit > p.max_fee_limit {
                    return Err(validate(format!(
                        "feeLimit must be >= 0 and <= {}",
                        p.max_fee_limit
                    )));
                }
                if !self.is_contract(contract) {
                    return Err(validate("No contract or not a valid smart contract"));
                }
                let run = self.run(&owner, contract, data, *call_value);
                let energy = run.as_ref().map_or(ENERGY_REVERT, |r| r.energy);
                let price = p.energy_fee.max(1);
                let left = self.energy_left(&owner, now_ms);
                let allowed = (left + balance / price).min(fee_limit / price);
                let out_of_energy = energy > allowed;
                outcome.energy = if out_of_energy { allowed } else { energy };
                outcome.energy_usage = outcome.energy.min(left);
                outcome.energy_fee = (outcome.energy - outcome.energy_usage) * p.energy_fee;
                owner_after
                    .stake
                    .energy
                    .add(outcome.energy_usage, self.slot(now_ms));
                if out_of_energy {
                    outcome.ret = "OUT_OF_ENERGY";
                } else {
                    match run {
                        Some(run) => {
                            outcome.ret = "SUCCESS";
                            outcome.energy_penalty = run.penalty;
                            outcome.logs = run.logs;
                            outcome.output = run.output;
                            self.state = run.state;
                        }
                        None => outcome.ret = "REVERT",
                    }
                }
                owner_after.balance = balance - outcome.energy_fee;
                outcome.fee = outcome.net_fee + outcome.energy_fee;
                self.accounts.insert(owner, owner_after);
                Ok(outcome)
            }
            _ => {
                // The bandwidth is charged once the contract is valid (nothing changes if not).
                let before = self.accounts.insert(owner, owner_after.clone());
                match self.stake_call(call, balance, now_ms) {
                    Ok(after) => {
                        self.accounts.get_mut(&owner).expect("owner").balance = after;
                        outcome.withdraw_expire_amount = after.saturating_sub(balance);
                        outcome.ret = "SUCCESS";
                        outcome.fee = outcome.net_fee;
                        Ok(outcome)
                    }
                    Err(refusal) => {
                        self.accounts.insert(owner, before.expect("owner existed"));
                        Err(refusal)
                    }
                }
            }
        }
    }

    /// `triggerconstantcontract`: the call run on the current state, nothing kept. The owner
    /// need not exist (wallets ask with any address).
    pub fn simulate(&self, owner: &[u8; 20], contract: &[u8; 20], data: &[u8], visible: bool) -> Value {
        match self.run(owner, contract, data, 0) {
            Some(run) => {
                let mut answer = json!({
                    "result": {"result": true},
                    "energy_used": run.energy,
                    "constant_result": [hex::encode(run.output)],
                    "transaction": {"ret": [{}]},
                });
                if run.penalty > 0 {
                    answer["energy_penalty"] = json!(run.penalty);
                }
                answer
            }
            None => {
                let mut answer = render::call_error("CONTRACT_EXE_ERROR", "REVERT opcode executed", visible);
                answer["energy_used"] = json!(ENERGY_REVERT);
                answer["transaction"] = json!({"ret": [{"ret": "FAILED"}]});
                answer
            }
        }
    }
}
