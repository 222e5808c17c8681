//! What the double's contracts cost in energy, with TRON's dynamic energy model: the token is a
//! popular contract, so every opcode it runs costs its energy plus a penalty of
//! `energy x factor / 10 000`, floored opcode by opcode as java-tron adds it (`energy_penalty`).
//! A `transfer` runs [`CHEAP_OPS`] opcodes of 3 energy and storage work of 12 025 energy, 27 025
//! when the recipient's balance slot is new (a fresh SSTORE costs 15 000 more): 14 650 / 29 650
//! energy without penalty, and at mainnet USDT's factor 3.4 ([`DEFAULT_ENERGY_FACTOR`])
//! 64 285 / 130 285, mainnet's figures. The payout contract's own work is not penalised
//! (contracts.rs runs the calls and adds these up).

/// Energy of an approve; of the allowance bookkeeping of a transferFrom (on top of the transfer);
/// of the payout contract's own work per call. Before the penalty.
pub const ENERGY_APPROVE: u64 = 22_000;
pub const ENERGY_ALLOWANCE: u64 = 5_000;
pub const ENERGY_PAYOUT_CALL: u64 = 2_000;
pub(super) const ENERGY_BALANCE_OF: u64 = 935;

/// The dynamic energy factor's precision: a factor of 10 000 doubles a contract's energy.
pub const FACTOR_PRECISION: u64 = 10_000;
/// The token's factor by default: 3.4, the maximum mainnet applies and USDT's.
pub const DEFAULT_ENERGY_FACTOR: u64 = 34_000;
/// The cheap opcodes (3 energy each) a token transfer runs.
pub const CHEAP_OPS: u64 = 875;
pub(super) const CHEAP_OP_ENERGY: u64 = 3;
/// A transfer's storage work to a holder / to a new holder.
pub(super) const STORAGE_EXISTING_HOLDER: u64 = 12_025;
pub(super) const STORAGE_NEW_HOLDER: u64 = 27_025;
/// Energy of a TRC20 transfer to an address holding some of the token / none, without penalty.
pub const ENERGY_EXISTING_HOLDER: u64 = CHEAP_OPS * CHEAP_OP_ENERGY + STORAGE_EXISTING_HOLDER;
pub const ENERGY_NEW_HOLDER: u64 = CHEAP_OPS * CHEAP_OP_ENERGY + STORAGE_NEW_HOLDER;

pub(super) fn penalty(energy: u64, factor: u64) -> u64 {
    energy * factor / FACTOR_PRECISION
}

/// The energy (penalty included) of a token transfer at `factor`: 64 285 to a holder and
/// 130 285 to a new holder at [`DEFAULT_ENERGY_FACTOR`].
pub fn transfer_energy(new_holder: bool, factor: u64) -> u64 {
    let storage = if new_holder {
        STORAGE_NEW_HOLDER
    } else {
        STORAGE_EXISTING_HOLDER
    };
    CHEAP_OPS * (CHEAP_OP_ENERGY + penalty(CHEAP_OP_ENERGY, factor)) + storage + penalty(storage, factor)
}
