use std::collections::HashMap;

use ruint::aliases::U256;
use serde_json::{json, Value};

use super::pb::{selector, Call};
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
const ENERGY_BALANCE_OF: u64 = 935;
const TRANSFER_TOPIC: &str = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

#[derive(Clone, Debug)]
pub struct Outcome {
    /// `contractRet`: SUCCESS, REVERT or OUT_OF_ENERGY.
    pub ret: &'static str,
    /// TRX burnt (sun).
    pub fee: u64,
    pub energy: u64,
    /// A token Transfer event: from, to, amount.
    pub event: Option<([u8; 20], [u8; 20], U256)>,
}

#[derive(Clone)]
pub struct Ledger {
    token: [u8; 20],
    trx: HashMap<[u8; 20], u64>,
    tokens: HashMap<[u8; 20], U256>,
}

/// What a TRC20 call would do, before fees.
enum Effect {
    Transfer { to: [u8; 20], amount: U256, energy: u64 },
    Revert,
}

impl Ledger {
    pub fn new(token: [u8; 20]) -> Ledger {
        Ledger {
            token,
            trx: HashMap::new(),
            tokens: HashMap::new(),
        }
    }

    pub fn token_contract(&self) -> [u8; 20] {
        self.token
    }

    pub fn trx(&self, id: &[u8; 20]) -> Option<u64> {
        self.trx.get(id).copied()
    }

    pub fn token(&self, id: &[u8; 20]) -> U256 {
        self.tokens.get(id).copied().unwrap_or(U256::ZERO)
    }

    pub fn credit_trx(&mut self, id: &[u8; 20], sun: u64) {
        let balance = self.trx.entry(*id).or_insert(0);
        *balance = balance.checked_add(sun).expect("TRX balance overflow");
    }

    pub fn credit_token(&mut self, id: &[u8; 20], units: U256) {
        let balance = self.tokens.entry(*id).or_insert(U256::ZERO);
        *balance = balance.checked_add(units).expect("token balance overflow");
    }

    fn effect(&self, owner: &[u8; 20], data: &[u8], call_value: u64) -> Effect {
        if call_value != 0 || data.len() < 68 || data[..4] != selector("transfer(address,uint256)") {
            return Effect::Revert;
        }
        // Solidity >= 0.8 reverts on an address word with dirty upper bytes.
        if data[4..16].iter().any(|b| *b != 0) {
            return Effect::Revert;
        }
        let to: [u8; 20] = data[16..36].try_into().expect("20 bytes");
        let amount = U256::from_be_slice(&data[36..68]);
        if self.token(owner) < amount {
            return Effect::Revert;
        }
        let energy = if self.token(&to).is_zero() {
            ENERGY_NEW_HOLDER
        } else {
            ENERGY_EXISTING_HOLDER
        };
        Effect::Transfer { to, amount, energy }
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
                    event: None,
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
                if *contract != self.token {
                    return Err("No contract or not a valid smart contract".into());
                }
                if fee_limit > MAX_FEE_LIMIT {
                    return Err(format!("feeLimit must be >= 0 and <= {MAX_FEE_LIMIT}"));
                }
                let effect = self.effect(owner, data, *call_value);
                let energy = match effect {
                    Effect::Transfer { energy, .. } => energy,
                    Effect::Revert => ENERGY_REVERT,
                };
                let budget = fee_limit.min(balance);
                let cost = energy * ENERGY_FEE;
                if cost > budget {
                    self.trx.insert(*owner, balance - budget);
                    return Ok(Outcome {
                        ret: "OUT_OF_ENERGY",
                        fee: budget,
                        energy: budget / ENERGY_FEE,
                        event: None,
                    });
                }
                self.trx.insert(*owner, balance - cost);
                let Effect::Transfer { to, amount, .. } = effect else {
                    return Ok(Outcome {
                        ret: "REVERT",
                        fee: cost,
                        energy,
                        event: None,
                    });
                };
                let from_balance = self.token(owner);
                self.tokens.insert(*owner, from_balance - amount);
                self.credit_token(&to, amount);
                Ok(Outcome {
                    ret: "SUCCESS",
                    fee: cost,
                    energy,
                    event: Some((*owner, to, amount)),
                })
            }
        }
    }

    /// `triggerconstantcontract`: balanceOf, or a dry run of transfer.
    pub fn simulate(&self, owner: &[u8; 20], data: &[u8], visible: bool) -> Value {
        if data.len() >= 36 && data[..4] == selector("balanceOf(address)") {
            let who: [u8; 20] = data[16..36].try_into().expect("20 bytes");
            return json!({
                "result": {"result": true},
                "energy_used": ENERGY_BALANCE_OF,
                "constant_result": [hex::encode(self.token(&who).to_be_bytes::<32>())],
                "transaction": {"ret": [{}]},
            });
        }
        match self.effect(owner, data, 0) {
            Effect::Transfer { energy, .. } => json!({
                "result": {"result": true},
                "energy_used": energy,
                "constant_result": [format!("{:064x}", 1)],
                "transaction": {"ret": [{}]},
            }),
            Effect::Revert => {
                let mut answer = render::call_error("CONTRACT_EXE_ERROR", "REVERT opcode executed", visible);
                answer["energy_used"] = json!(ENERGY_REVERT);
                answer["transaction"] = json!({"ret": [{"ret": "FAILED"}]});
                answer
            }
        }
    }

    /// The Transfer event log of an outcome, as `gettransactioninfobyid` prints it.
    pub fn log(&self, outcome: &super::ledger::Outcome) -> Option<Value> {
        let (from, to, amount) = outcome.event?;
        let word = |id: &[u8; 20]| format!("{}{}", "00".repeat(12), hex::encode(id));
        Some(json!({
            "address": hex::encode(self.token),
            "topics": [TRANSFER_TOPIC, word(&from), word(&to)],
            "data": hex::encode(amount.to_be_bytes::<32>()),
        }))
    }
}
