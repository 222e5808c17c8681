//! The double's two contracts, run on a scratch copy of the token state so that a revert undoes
//! everything (the caller commits the copy only when the call succeeds and its energy is paid).
//!
//! - The TRC20 token, as TetherToken (USDT) behaves: `transfer(address,uint256)`,
//!   `approve(address,uint256)` (event Approval), `transferFrom(address,address,uint256)`
//!   (spends the allowance unless it is the maximum; event Transfer only), `balanceOf(address)`.
//! - A payout contract, like the batch payers exchanges use: `pay(address,uint256,address,uint256)`
//!   pays two recipients from the caller through `token.transferFrom(caller, to, amount)`, the
//!   payout contract being the spender, and emits `Paid(address indexed to, uint256 amount)` after
//!   each payment. Its logs: Transfer, Paid, Transfer, Paid; the token transfers are logs 0 and 2.
//!
//! Reverts as Solidity >= 0.8 does: unknown selector (no fallback), call data too short, an
//! address word with dirty upper bytes, TRX sent to a non-payable function, too few tokens or
//! too small an allowance.
//!
//! What the token's opcodes and the payout contract's work cost in energy is energy.rs's.

use std::collections::HashMap;

use ruint::aliases::U256;

use super::abi::{topic, word, Args};
use super::energy::{
    penalty, CHEAP_OPS, CHEAP_OP_ENERGY, ENERGY_ALLOWANCE, ENERGY_APPROVE, ENERGY_BALANCE_OF,
    ENERGY_PAYOUT_CALL, STORAGE_EXISTING_HOLDER, STORAGE_NEW_HOLDER,
};
use super::pb::selector;

/// An event log: the emitting contract, topics, data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Log {
    pub address: [u8; 20],
    pub topics: Vec<[u8; 32]>,
    pub data: Vec<u8>,
}

/// Token state as a call sees it: balances and allowances ((owner, spender) -> amount).
#[derive(Clone, Default)]
pub struct TokenState {
    pub balances: HashMap<[u8; 20], U256>,
    pub allowances: HashMap<([u8; 20], [u8; 20]), U256>,
}

impl TokenState {
    pub fn balance(&self, id: &[u8; 20]) -> U256 {
        self.balances.get(id).copied().unwrap_or(U256::ZERO)
    }
}

/// A call that succeeded: the new state, its logs, the energy it used (penalty included) and
/// its return data.
pub struct Run {
    pub state: TokenState,
    pub logs: Vec<Log>,
    pub energy: u64,
    /// Of `energy`, the dynamic energy penalty.
    pub penalty: u64,
    pub output: Vec<u8>,
}

struct Vm {
    token: [u8; 20],
    /// The token's dynamic energy factor.
    factor: u64,
    run: Run,
}

impl Vm {
    /// `count` opcodes of `energy` each, run by the token (penalised).
    fn spend_token(&mut self, energy: u64, count: u64) {
        let penalty = count * penalty(energy, self.factor);
        self.run.energy += count * energy + penalty;
        self.run.penalty += penalty;
    }

    fn transfer(&mut self, from: [u8; 20], to: [u8; 20], amount: U256) -> Option<()> {
        let left = self.run.state.balance(&from).checked_sub(amount)?;
        self.spend_token(CHEAP_OP_ENERGY, CHEAP_OPS);
        let storage = if self.run.state.balance(&to).is_zero() {
            STORAGE_NEW_HOLDER
        } else {
            STORAGE_EXISTING_HOLDER
        };
        self.spend_token(storage, 1);
        let state = &mut self.run.state;
        state.balances.insert(from, left);
        let credited = state.balance(&to).checked_add(amount)?;
        state.balances.insert(to, credited);
        self.emit(
            self.token,
            vec![topic("Transfer(address,address,uint256)"), word(&from), word(&to)],
            amount,
        );
        Some(())
    }

    fn transfer_from(&mut self, spender: [u8; 20], from: [u8; 20], to: [u8; 20], amount: U256) -> Option<()> {
        let allowance = self.run.state.allowances.get(&(from, spender)).copied()?;
        if allowance < U256::MAX {
            let left = allowance.checked_sub(amount)?;
            self.run.state.allowances.insert((from, spender), left);
        }
        self.spend_token(ENERGY_ALLOWANCE, 1);
        self.transfer(from, to, amount)
    }

    fn emit(&mut self, address: [u8; 20], topics: Vec<[u8; 32]>, value: U256) {
        self.run.logs.push(Log {
            address,
            topics,
            data: value.to_be_bytes::<32>().to_vec(),
        });
    }
}

/// The two contracts' addresses and the token's dynamic energy factor.
#[derive(Clone, Copy)]
pub struct Contracts {
    pub token: [u8; 20],
    pub payout: [u8; 20],
    pub factor: u64,
}

/// Runs `data` sent by `caller` to `contract` (the token or the payout contract) with
/// `call_value` sun; None is a revert.
pub fn call(
    state: &TokenState,
    contracts: Contracts,
    caller: [u8; 20],
    contract: [u8; 20],
    data: &[u8],
    call_value: u64,
) -> Option<Run> {
    let Contracts {
        token,
        payout,
        factor,
    } = contracts;
    if call_value != 0 || data.len() < 4 {
        return None;
    }
    let mut vm = Vm {
        token,
        factor,
        run: Run {
            state: state.clone(),
            logs: Vec::new(),
            energy: 0,
            penalty: 0,
            output: Vec::new(),
        },
    };
    let args = Args(data);
    let sel: [u8; 4] = data[..4].try_into().expect("4 bytes");
    let ok = U256::from(1).to_be_bytes::<32>().to_vec();
    if contract == token {
        if sel == selector("transfer(address,uint256)") {
            vm.transfer(caller, args.address(0)?, args.uint(1)?)?;
            vm.run.output = ok;
        } else if sel == selector("approve(address,uint256)") {
            let (spender, amount) = (args.address(0)?, args.uint(1)?);
            vm.run.state.allowances.insert((caller, spender), amount);
            vm.spend_token(ENERGY_APPROVE, 1);
            let topics = vec![
                topic("Approval(address,address,uint256)"),
                word(&caller),
                word(&spender),
            ];
            vm.emit(token, topics, amount);
            vm.run.output = ok;
        } else if sel == selector("transferFrom(address,address,uint256)") {
            vm.transfer_from(caller, args.address(0)?, args.address(1)?, args.uint(2)?)?;
            vm.run.output = ok;
        } else if sel == selector("balanceOf(address)") {
            vm.spend_token(ENERGY_BALANCE_OF, 1);
            vm.run.output = vm
                .run
                .state
                .balance(&args.address(0)?)
                .to_be_bytes::<32>()
                .to_vec();
        } else {
            return None;
        }
    } else if contract == payout && sel == selector("pay(address,uint256,address,uint256)") {
        vm.run.energy += ENERGY_PAYOUT_CALL;
        for i in [0, 2] {
            let (to, amount) = (args.address(i)?, args.uint(i + 1)?);
            vm.transfer_from(payout, caller, to, amount)?;
            vm.emit(payout, vec![topic("Paid(address,uint256)"), word(&to)], amount);
        }
    } else {
        return None;
    }
    Some(vm.run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tron_node::energy::{
        transfer_energy, DEFAULT_ENERGY_FACTOR, ENERGY_EXISTING_HOLDER, ENERGY_NEW_HOLDER,
    };

    const TOKEN: [u8; 20] = [0xee; 20];
    const PAYOUT: [u8; 20] = [0xdd; 20];
    const A: [u8; 20] = [1; 20];
    const B: [u8; 20] = [2; 20];
    const C: [u8; 20] = [3; 20];
    /// Without dynamic energy penalty.
    const PLAIN: Contracts = Contracts {
        token: TOKEN,
        payout: PAYOUT,
        factor: 0,
    };

    fn args(signature: &str, words: &[[u8; 32]]) -> Vec<u8> {
        let mut data = selector(signature).to_vec();
        words.iter().for_each(|w| data.extend_from_slice(w));
        data
    }

    fn n(v: u64) -> [u8; 32] {
        U256::from(v).to_be_bytes::<32>()
    }

    fn state(allowance: U256) -> TokenState {
        let mut s = TokenState::default();
        s.balances.insert(A, U256::from(1_000));
        s.allowances.insert((A, B), allowance);
        s.allowances.insert((A, PAYOUT), allowance);
        s
    }

    fn transfer_log(from: &[u8; 20], to: &[u8; 20], amount: u64) -> Log {
        Log {
            address: TOKEN,
            topics: vec![topic("Transfer(address,address,uint256)"), word(from), word(to)],
            data: n(amount).to_vec(),
        }
    }

    #[test]
    fn transfer_from_spends_the_allowance_unless_it_is_the_maximum() {
        let pull = args(
            "transferFrom(address,address,uint256)",
            &[word(&A), word(&C), n(300)],
        );
        let run = call(&state(U256::from(500)), PLAIN, B, TOKEN, &pull, 0).unwrap();
        assert_eq!(run.logs, vec![transfer_log(&A, &C, 300)]);
        assert_eq!(run.state.allowances[&(A, B)], U256::from(200));
        assert_eq!(
            (run.state.balance(&A), run.state.balance(&C)),
            (U256::from(700), U256::from(300))
        );
        assert_eq!(run.energy, ENERGY_ALLOWANCE + ENERGY_NEW_HOLDER);
        let run = call(&state(U256::MAX), PLAIN, B, TOKEN, &pull, 0).unwrap();
        assert_eq!(run.state.allowances[&(A, B)], U256::MAX);
        assert!(call(&state(U256::from(299)), PLAIN, B, TOKEN, &pull, 0).is_none());
        assert!(
            call(&state(U256::MAX), PLAIN, C, TOKEN, &pull, 0).is_none(),
            "no allowance"
        );
    }

    #[test]
    fn the_payout_contract_logs_transfer_and_paid_for_each_payment() {
        let pay = args(
            "pay(address,uint256,address,uint256)",
            &[word(&B), n(10), word(&C), n(20)],
        );
        let run = call(&state(U256::MAX), PLAIN, A, PAYOUT, &pay, 0).unwrap();
        let paid = |to: &[u8; 20], amount: u64| Log {
            address: PAYOUT,
            topics: vec![topic("Paid(address,uint256)"), word(to)],
            data: n(amount).to_vec(),
        };
        assert_eq!(
            run.logs,
            vec![
                transfer_log(&A, &B, 10),
                paid(&B, 10),
                transfer_log(&A, &C, 20),
                paid(&C, 20)
            ]
        );
        // Too small an allowance for the second payment reverts the whole call.
        assert!(call(&state(U256::from(25)), PLAIN, A, PAYOUT, &pay, 0).is_none());
    }

    #[test]
    fn malformed_calls_revert() {
        let ok = args("transfer(address,uint256)", &[word(&B), n(1)]);
        assert!(call(&state(U256::ZERO), PLAIN, A, TOKEN, &ok, 0).is_some());
        assert!(
            call(&state(U256::ZERO), PLAIN, A, TOKEN, &ok, 1).is_none(),
            "call value"
        );
        assert!(
            call(&state(U256::ZERO), PLAIN, A, TOKEN, &ok[..67], 0).is_none(),
            "short"
        );
        let mut dirty = ok.clone();
        dirty[4] = 1;
        assert!(call(&state(U256::ZERO), PLAIN, A, TOKEN, &dirty, 0).is_none());
        let unknown = args("mint(address,uint256)", &[word(&B), n(1)]);
        assert!(call(&state(U256::ZERO), PLAIN, A, TOKEN, &unknown, 0).is_none());
        assert!(call(&state(U256::ZERO), PLAIN, A, PAYOUT, &ok, 0).is_none());
    }

    #[test]
    fn the_dynamic_energy_factor_makes_a_usdt_transfer_cost_what_it_costs_on_mainnet() {
        let usdt = Contracts {
            factor: DEFAULT_ENERGY_FACTOR,
            ..PLAIN
        };
        let send = |to: &[u8; 20]| args("transfer(address,uint256)", &[word(to), n(1)]);
        // B holds nothing, A holds 1 000.
        let mut s = state(U256::ZERO);
        s.balances.insert(C, U256::from(5));
        let new_holder = call(&s, usdt, A, TOKEN, &send(&B), 0).unwrap();
        let holder = call(&s, usdt, A, TOKEN, &send(&C), 0).unwrap();
        assert_eq!((holder.energy, new_holder.energy), (64_285, 130_285));
        assert_eq!((holder.penalty, new_holder.penalty), (49_635, 100_635));
        assert_eq!(holder.energy - holder.penalty, ENERGY_EXISTING_HOLDER);
        assert_eq!(new_holder.energy - new_holder.penalty, ENERGY_NEW_HOLDER);
        assert_eq!(transfer_energy(false, DEFAULT_ENERGY_FACTOR), 64_285);
        assert_eq!(transfer_energy(true, DEFAULT_ENERGY_FACTOR), 130_285);
        assert_eq!(transfer_energy(true, 0), ENERGY_NEW_HOLDER);
        // The knob: a lower factor, a cheaper transfer; the penalty is floored opcode by opcode.
        let calmer = Contracts {
            factor: 10_000,
            ..PLAIN
        };
        let run = call(&s, calmer, A, TOKEN, &send(&C), 0).unwrap();
        assert_eq!(run.energy, 2 * ENERGY_EXISTING_HOLDER);
        assert_eq!(
            transfer_energy(false, 5),
            ENERGY_EXISTING_HOLDER + 12_025 * 5 / 10_000
        );
        // The payout contract's own work is not penalised, the token's transfers are.
        let pay = args(
            "pay(address,uint256,address,uint256)",
            &[word(&B), n(10), word(&C), n(20)],
        );
        let mut s = state(U256::MAX);
        s.balances.insert(C, U256::from(5));
        let plain = call(&s, PLAIN, A, PAYOUT, &pay, 0).unwrap();
        let penalised = call(&s, usdt, A, PAYOUT, &pay, 0).unwrap();
        assert_eq!(plain.penalty, 0);
        assert_eq!(
            penalised.energy,
            ENERGY_PAYOUT_CALL
                + 2 * (ENERGY_ALLOWANCE + penalty(ENERGY_ALLOWANCE, DEFAULT_ENERGY_FACTOR))
                + transfer_energy(true, DEFAULT_ENERGY_FACTOR)
                + transfer_energy(false, DEFAULT_ENERGY_FACTOR)
        );
    }
}
