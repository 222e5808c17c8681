//! What a test reads back from the double: calls served per endpoint, accounts, balances and
//! free bandwidth, what an included transaction burnt and logged, who sent what, the pending
//! pool and the head block.

use ruint::aliases::U256;

use super::{address_id, Log, TronNode};

impl TronNode {
    /// How many calls `/wallet/<method>` has served.
    pub fn requests(&self, method: &str) -> usize {
        self.chain().requests.get(method).copied().unwrap_or(0)
    }

    /// Every request the node was sent, whatever its method.
    pub fn all_requests(&self) -> usize {
        self.chain().requests.values().sum()
    }

    /// Whether the account exists (it received TRX).
    pub fn account_exists(&self, address: &str) -> bool {
        let id = address_id(address).expect("a TRON address");
        self.chain().ledger.trx(&id).is_some()
    }

    /// The free bandwidth `address` used on the head block's day.
    pub fn free_net_used(&self, address: &str) -> u64 {
        let id = address_id(address).expect("a TRON address");
        let chain = self.chain();
        let now = chain.blocks.last().expect("genesis").timestamp_ms;
        chain.ledger.free_net_used(&id, now)
    }

    /// What an included transaction burnt (its TransactionInfo's `fee`), in sun.
    pub fn fee_of(&self, txid: &str) -> Option<u64> {
        let id: [u8; 32] = hex::decode(txid).ok()?.try_into().ok()?;
        let chain = self.chain();
        let (_, rec) = chain.lookup(&id)?;
        rec.outcome.as_ref().map(|o| o.fee)
    }

    /// The energy an included transaction used, penalty included.
    pub fn energy_of(&self, txid: &str) -> Option<u64> {
        let id: [u8; 32] = hex::decode(txid).ok()?.try_into().ok()?;
        let chain = self.chain();
        let (_, rec) = chain.lookup(&id)?;
        rec.outcome.as_ref().map(|o| o.energy)
    }

    /// The ids of the included transactions `address` sent, oldest first.
    pub fn sent_by(&self, address: &str) -> Vec<String> {
        let id = address_id(address).expect("a TRON address");
        let chain = self.chain();
        chain
            .blocks
            .iter()
            .flat_map(|b| b.txs.iter())
            .filter(|rec| rec.tx.call.owner() == id)
            .map(|rec| hex::encode(rec.id))
            .collect()
    }

    /// The head block's time (Unix milliseconds).
    pub fn head_timestamp_ms(&self) -> u64 {
        self.chain().blocks.last().expect("genesis").timestamp_ms
    }

    /// The event logs of an included transaction (txID in hex), in order.
    pub fn logs(&self, txid: &str) -> Option<Vec<Log>> {
        let id: [u8; 32] = hex::decode(txid).ok()?.try_into().ok()?;
        let chain = self.chain();
        let (_, rec) = chain.lookup(&id)?;
        rec.outcome.as_ref().map(|o| o.logs.clone())
    }

    pub fn trx_balance(&self, address: &str) -> u64 {
        let id = address_id(address).expect("a TRON address");
        self.chain().ledger.trx(&id).unwrap_or(0)
    }

    pub fn token_balance(&self, address: &str) -> U256 {
        let id = address_id(address).expect("a TRON address");
        self.chain().ledger.token(&id)
    }

    pub fn pending_count(&self) -> usize {
        self.chain().pending.len()
    }

    pub fn head_number(&self) -> u64 {
        self.chain().blocks.last().expect("genesis").number
    }
}
