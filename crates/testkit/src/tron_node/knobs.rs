//! What a test sets on the double: the chain parameters and the token's energy factor, the
//! network's energy totals, its
//! clock, a node that is busy or away or lost its pool, and TRX, tokens and allowances credited
//! directly (as a genesis allocation would).

use ruint::aliases::U256;

use super::{address_id, now_ms, Params, TronNode};

impl TronNode {
    /// The chain parameters and the token's energy factor in force.
    pub fn params(&self) -> Params {
        self.chain().ledger.params
    }

    /// Changes them from now on (a proposal passed, the dynamic energy factor moved): quotes,
    /// simulations and the transactions mined from now on follow.
    pub fn set_params(&self, change: impl FnOnce(&mut Params)) {
        change(&mut self.chain().ledger.params);
    }

    /// Sets the token's dynamic energy factor (ten-thousandths; 0: no penalty).
    pub fn set_energy_factor(&self, factor: u64) {
        self.set_params(|p| p.energy_factor = factor);
    }

    /// Sets the energy the network shares a day (`TotalEnergyLimit`, 180 000 000 000 by default).
    pub fn set_total_energy_limit(&self, energy: u64) {
        self.chain().ledger.network.total_energy_limit = energy;
    }

    /// Sets the whole TRX staked for energy by the rest of the network (19 000 000 000 by
    /// default, mainnet's order): `TotalEnergyWeight` is it plus the double's own stakes, so a
    /// small weight gives a test's stake a large share.
    pub fn set_background_energy_weight(&self, trx: u64) {
        self.chain().ledger.network.background_energy_weight = trx;
    }

    /// Moves the double's clock on: the next block is at least `by` after the head block, and
    /// later ones follow from there (expirations pass, the free bandwidth comes back on a new
    /// day).
    pub fn advance_time(&self, by: std::time::Duration) {
        let mut chain = self.chain();
        let by = by.as_millis() as u64;
        let head = chain.blocks.last().expect("genesis").timestamp_ms;
        let wall = now_ms();
        chain.offset_ms = (chain.offset_ms + by).max((head + by).saturating_sub(wall));
    }

    /// Moves the double's clock to 01:00 of the next day (UTC, block time): every account has
    /// its whole free bandwidth again, and 23 hours before the next reset, so a test's figures
    /// do not depend on the time of day it runs at.
    pub fn advance_to_next_day(&self) {
        const DAY_MS: u64 = 86_400_000;
        let head = self.head_timestamp_ms();
        let target = (head / DAY_MS + 1) * DAY_MS + 3_600_000;
        self.advance_time(std::time::Duration::from_millis(target - head));
        self.mine();
    }

    /// Broadcasts answer `SERVER_BUSY` (java-tron's answer when its pending pool is full);
    /// everything else is served.
    pub fn set_busy(&self, busy: bool) {
        self.chain().busy = busy;
    }

    /// Every endpoint answers HTTP 503, as a node that is away.
    pub fn set_down(&self, down: bool) {
        self.chain().down = down;
    }

    /// Every request waits, unanswered, until the node is released (a node that hangs): what
    /// was asked meanwhile is answered then.
    pub fn set_stalled(&self, stalled: bool) {
        self.chain().stalled = stalled;
    }

    /// Forgets the pending transactions, as a node that restarted loses its pool.
    pub fn drop_pending(&self) {
        self.chain().pending.clear();
    }

    /// Credits TRX (creating the account), as a genesis allocation would.
    pub fn fund(&self, address: &str, sun: u64) {
        let id = address_id(address).expect("a TRON address to fund");
        self.chain().ledger.credit_trx(&id, sun);
    }

    /// Credits TRC20 units.
    pub fn fund_token(&self, address: &str, units: u128) {
        let id = address_id(address).expect("a TRON address to fund");
        self.chain().ledger.credit_token(&id, U256::from(units));
    }

    /// Sets `spender`'s allowance over `owner`'s tokens, as a mined `approve` would.
    pub fn approve_token(&self, owner: &str, spender: &str, units: U256) {
        let owner = address_id(owner).expect("a TRON address");
        let spender = address_id(spender).expect("a TRON address");
        self.chain().ledger.set_allowance(&owner, &spender, units);
    }
}
