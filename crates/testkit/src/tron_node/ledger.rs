use std::collections::HashMap;

use ruint::aliases::U256;
use serde_json::{json, Value};

use super::contracts::{self, Log, TokenState};
use super::pb::Call;
use super::render;

/// Chain parameters (sun): mainnet-like values.
pub const ENERGY_FEE: u64 = 210;
pub const TRANSACTION_FEE: u64 = 1_000;
pub const CREATE_ACCOUNT_FEE: u64 = 100_000;
pub const CREATE_ACCOUNT_IN_CONTRACT_FEE: u64 = 1_000_000;
pub const MAX_FEE_LIMIT: u64 = 15_000_000_000;
/// Energy of a TRC20 transfer to an address holding none of the token / holding some.
pub const ENERGY_NEW_HOLDER: u64 = 29_650;
pub const ENERGY_EXISTING_HOLDER: u64 = 14_650;
const ENERGY_REVERT: u64 = 1_000;

#[derive(Clone, Debug)]
pub struct Outcome {
    /// `contractRet`: SUCCESS, REVERT or OUT_OF_ENERGY.
    pub ret: &'static str,
    /// TRX burnt (sun).
    pub fee: u64,
    pub energy: u64,
    /// The event logs the transaction emitted, in order (none when it failed).
    pub logs: Vec<Log>,
    /// What the contract returned (`contractResult`).
    pub output: Vec<u8>,
}

#[derive(Clone)]
pub struct Ledger {
    token: [u8; 20],
    payout: [u8; 20],
    trx: HashMap<[u8; 20], u64>,
    state: TokenState,
}

impl Ledger {
    pub fn new(token: [u8; 20], payout: [u8; 20]) -> Ledger {
        Ledger {
            token,
            payout,
            trx: HashMap::new(),
            state: TokenState::default(),
        }
    }

    pub fn is_contract(&self, id: &[u8; 20]) -> bool {
        *id == self.token || *id == self.payout
    }

    pub fn trx(&self, id: &[u8; 20]) -> Option<u64> {
        self.trx.get(id).copied()
    }

    pub fn token(&self, id: &[u8; 20]) -> U256 {
        self.state.balance(id)
    }

    pub fn credit_trx(&mut self, id: &[u8; 20], sun: u64) {
        let balance = self.trx.entry(*id).or_insert(0);
        *balance = balance.checked_add(sun).expect("TRX balance overflow");
    }

    pub fn credit_token(&mut self, id: &[u8; 20], units: U256) {
        let balance = self.state.balances.entry(*id).or_insert(U256::ZERO);
        *balance = balance.checked_add(units).expect("token balance overflow");
    }

    pub fn set_allowance(&mut self, owner: &[u8; 20], spender: &[u8; 20], units: U256) {
        self.state.allowances.insert((*owner, *spender), units);
    }

    fn run(
        &self,
        owner: &[u8; 20],
        contract: &[u8; 20],
        data: &[u8],
        call_value: u64,
    ) -> Option<contracts::Run> {
        contracts::call(
            &self.state,
            self.token,
            self.payout,
            *owner,
            *contract,
            data,
            call_value,
        )
    }

    /// Validates and applies a call. Err is a validation failure (the node refuses the
    /// transaction); Ok may still be a failed execution (included, fee burnt).
    pub fn execute(&mut self, call: &Call, fee_limit: u64) -> Result<Outcome, String> {
        match call {
            Call::Transfer { owner, to, amount } => {
                if *amount == 0 {
                    return Err("Amount must be greater than 0.".into());
                }
                if owner == to {
                    return Err("Cannot transfer TRX to yourself.".into());
                }
                let balance = self
                    .trx(owner)
                    .ok_or("Validate TransferContract error, no OwnerAccount.")?;
                let fee = if self.trx.contains_key(to) {
                    0
                } else {
                    CREATE_ACCOUNT_FEE + CREATE_ACCOUNT_IN_CONTRACT_FEE
                };
                if u128::from(balance) < u128::from(*amount) + u128::from(fee) {
                    return Err("Validate TransferContract error, balance is not sufficient.".into());
                }
                self.trx.insert(*owner, balance - amount - fee);
                self.credit_trx(to, *amount);
                Ok(Outcome {
                    ret: "SUCCESS",
                    fee,
                    energy: 0,
                    logs: Vec::new(),
                    output: Vec::new(),
                })
            }
            Call::Trigger {
                owner,
                contract,
                data,
                call_value,
            } => {
                let balance = self
                    .trx(owner)
                    .ok_or_else(|| format!("Account[41{}] does not exist", hex::encode(owner)))?;
                if !self.is_contract(contract) {
                    return Err("No contract or not a valid smart contract".into());
                }
                if fee_limit > MAX_FEE_LIMIT {
                    return Err(format!("feeLimit must be >= 0 and <= {MAX_FEE_LIMIT}"));
                }
                let run = self.run(owner, contract, data, *call_value);
                let energy = run.as_ref().map_or(ENERGY_REVERT, |r| r.energy);
                let budget = fee_limit.min(balance);
                let cost = energy * ENERGY_FEE;
                if cost > budget {
                    self.trx.insert(*owner, balance - budget);
                    return Ok(Outcome {
                        ret: "OUT_OF_ENERGY",
                        fee: budget,
                        energy: budget / ENERGY_FEE,
                        logs: Vec::new(),
                        output: Vec::new(),
                    });
                }
                self.trx.insert(*owner, balance - cost);
                let Some(run) = run else {
                    return Ok(Outcome {
                        ret: "REVERT",
                        fee: cost,
                        energy,
                        logs: Vec::new(),
                        output: Vec::new(),
                    });
                };
                self.state = run.state;
                Ok(Outcome {
                    ret: "SUCCESS",
                    fee: cost,
                    energy,
                    logs: run.logs,
                    output: run.output,
                })
            }
        }
    }

    /// `triggerconstantcontract`: the call run on the current state, nothing kept.
    pub fn simulate(&self, owner: &[u8; 20], contract: &[u8; 20], data: &[u8], visible: bool) -> Value {
        match self.run(owner, contract, data, 0) {
            Some(run) => json!({
                "result": {"result": true},
                "energy_used": run.energy,
                "constant_result": [hex::encode(run.output)],
                "transaction": {"ret": [{}]},
            }),
            None => {
                let mut answer = render::call_error("CONTRACT_EXE_ERROR", "REVERT opcode executed", visible);
                answer["energy_used"] = json!(ENERGY_REVERT);
                answer["transaction"] = json!({"ret": [{"ret": "FAILED"}]});
                answer
            }
        }
    }
}
