//! Mainnet-sized blocks without a broadcast each: [`TronNode::mine_signed`] takes a block's
//! signed transactions at once, for benches that need hundreds of full blocks. Each is still
//! checked as `broadcasthex` checks it (txID, TAPOS, expiration, duplicates, signature, then the
//! owner's balances and the contract, in order, on the state the ones before it leave); only
//! the HTTP round trip and the re-run of the whole pool for every new transaction are saved.

use super::{Chain, TronNode, TxRec};

impl TronNode {
    /// Mines one block holding `signed` (each the hex of a signed `protocol.Transaction`, as
    /// `broadcasthex` takes it), in that order, after anything already pending. Refused with
    /// the first transaction's refusal, and nothing pending or mined, when one would be refused
    /// as a broadcast. Returns the block's height.
    pub fn mine_signed(&self, signed: &[String]) -> Result<u64, String> {
        let mut chain = self.chain();
        let pooled = chain.pending.len();
        if let Err(refusal) = chain.admit_all(signed) {
            chain.pending.truncate(pooled);
            return Err(refusal);
        }
        let number = chain.mine();
        let included = chain.blocks.last().map_or(0, |b| b.txs.len());
        if included != pooled + signed.len() {
            return Err(format!(
                "block {number} holds {included} of {} transactions",
                pooled + signed.len()
            ));
        }
        Ok(number)
    }
}

impl Chain {
    /// Admits each of `signed` into the pool, as a broadcast would be.
    fn admit_all(&mut self, signed: &[String]) -> Result<(), String> {
        let mut projected = self.projected();
        let now = self.head().timestamp_ms;
        for text in signed {
            let bytes = hex::decode(text).map_err(|e| format!("not hex: {e}"))?;
            let rec = TxRec::received(&bytes)?;
            let id = hex::encode(rec.id);
            self.check_received(&rec)
                .and_then(|()| {
                    projected
                        .execute(&rec.tx.call, rec.tx.fee_limit, rec.bandwidth, now)
                        .map(|_| ())
                })
                .map_err(|(code, message)| format!("{id}: {code}: {message}"))?;
            self.pending.push(rec);
        }
        Ok(())
    }
}
