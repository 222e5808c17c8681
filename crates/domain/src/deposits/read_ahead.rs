//! Reading blocks ahead of the scanner: while the database records one block, the node is
//! already answering for the next few, so a scanner catching up waits for neither in turn.

use std::collections::VecDeque;
use std::sync::Arc;

use tokio::task::JoinHandle;

use crate::error::{AppError, AppResult};
use crate::ports::chain::{Block, ChainAdapter, ChainError, ChainResult};

/// Block reads in flight at most: the node's latency (two round trips a block on TRON) is paid
/// once for this many blocks, and a node is never asked for more than this at once.
pub const READ_AHEAD: usize = 4;

type Read = JoinHandle<ChainResult<Option<Block>>>;

/// Reads blocks in order up to `last`, [`READ_AHEAD`] at a time. Whatever is still being read
/// when it is dropped (the step ends, a reorg sends the scanner back) is abandoned.
pub struct ReadAhead {
    chain: Arc<dyn ChainAdapter>,
    tokens: Arc<Vec<String>>,
    last: u64,
    reads: VecDeque<(u64, Read)>,
}

impl ReadAhead {
    /// `tokens`: the contracts whose transfers the blocks must show; `last`: the last block
    /// this step may read.
    pub fn new(chain: Arc<dyn ChainAdapter>, tokens: Vec<String>, last: u64) -> ReadAhead {
        ReadAhead {
            chain,
            tokens: Arc::new(tokens),
            last,
            reads: VecDeque::new(),
        }
    }

    /// Block `number` (at most `last`), as `ChainAdapter::block` answers it, with the next
    /// ones asked for meanwhile. Asking for another block than the one after the last
    /// (a reorg) drops what was read ahead.
    pub async fn block(&mut self, number: u64) -> ChainResult<Option<Block>> {
        if self.reads.front().map(|(n, _)| *n) != Some(number) {
            self.abandon();
        }
        let mut next = self.reads.back().map_or(number, |(n, _)| n + 1);
        while self.reads.len() < READ_AHEAD && next <= self.last.max(number) {
            let (chain, tokens) = (self.chain.clone(), self.tokens.clone());
            let read = tokio::spawn(async move { chain.block(next, &tokens).await });
            self.reads.push_back((next, read));
            next += 1;
        }
        let (_, read) = self.reads.pop_front().expect("block `number` is being read");
        read.await
            .map_err(|e| ChainError::Unavailable(format!("reading block {number}: {e}")))?
    }

    /// Block `number` as the scanner needs it: there, or the node is unavailable.
    pub async fn served(&mut self, number: u64) -> AppResult<Block> {
        self.block(number)
            .await
            .map_err(|e| AppError::Unavailable(e.to_string()))?
            .ok_or_else(|| AppError::Unavailable(format!("block {number} not served yet")))
    }

    /// Drops what was read ahead: the next block asked for is read from now.
    pub fn abandon(&mut self) {
        for (_, read) in self.reads.drain(..) {
            read.abort();
        }
    }
}

impl Drop for ReadAhead {
    fn drop(&mut self) {
        self.abandon();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    use std::time::Duration;

    use super::*;
    use crate::amount::BaseUnits;
    use crate::ports::chain::{
        Asset, BlockRef, ChainFamily, DerivedKey, FeeEstimate, KeyPurpose, SecretKey, SignedTx,
        TransferRequest, TxStatus,
    };

    /// Answers every block after a short wait, counting the reads in flight.
    #[derive(Default)]
    struct SlowNode {
        asked: Mutex<Vec<u64>>,
        in_flight: AtomicUsize,
        most_in_flight: AtomicUsize,
    }

    #[async_trait::async_trait]
    impl ChainAdapter for SlowNode {
        fn chain_id(&self) -> i64 {
            1
        }
        fn family(&self) -> ChainFamily {
            unreachable!()
        }
        fn parse_address(&self, _: &str) -> ChainResult<String> {
            unreachable!()
        }
        fn derive(&self, _: &[u8; 64], _: KeyPurpose, _: u32) -> ChainResult<DerivedKey> {
            unreachable!()
        }
        async fn head(&self) -> ChainResult<BlockRef> {
            unreachable!()
        }
        async fn block(&self, number: u64, tokens: &[String]) -> ChainResult<Option<Block>> {
            assert_eq!(tokens, ["usdt"], "the tokens are passed on");
            self.asked.lock().unwrap().push(number);
            let now = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
            self.most_in_flight.fetch_max(now, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(20)).await;
            self.in_flight.fetch_sub(1, Ordering::SeqCst);
            Ok(Some(Block {
                number,
                hash: format!("h{number}"),
                parent_hash: format!("h{}", number.saturating_sub(1)),
                timestamp: 0,
                transfers: Vec::new(),
            }))
        }
        async fn balance(&self, _: &str, _: &Asset) -> ChainResult<BaseUnits> {
            unreachable!()
        }
        async fn estimate_fee(&self, _: &TransferRequest) -> ChainResult<FeeEstimate> {
            unreachable!()
        }
        async fn sign_transfer(&self, _: &SecretKey, _: &TransferRequest) -> ChainResult<SignedTx> {
            unreachable!()
        }
        async fn broadcast(&self, _: &SignedTx) -> ChainResult<()> {
            unreachable!()
        }
        async fn status(&self, _: &str) -> ChainResult<TxStatus> {
            unreachable!()
        }
    }

    #[tokio::test]
    async fn blocks_come_in_order_a_few_read_at_once_none_past_the_last() {
        let node = Arc::new(SlowNode::default());
        let mut blocks = ReadAhead::new(node.clone(), vec!["usdt".into()], 19);
        for number in 10..=19 {
            assert_eq!(blocks.block(number).await.unwrap().unwrap().number, number);
        }
        assert_eq!(
            node.most_in_flight.load(Ordering::SeqCst),
            READ_AHEAD,
            "the node's waits overlap"
        );
        assert_eq!(*node.asked.lock().unwrap(), (10..=19).collect::<Vec<_>>());

        // Sent back (a reorg), it reads from there again.
        assert_eq!(blocks.block(15).await.unwrap().unwrap().number, 15);
        blocks.abandon();
        assert_eq!(blocks.block(16).await.unwrap().unwrap().number, 16);
        let asked = node.asked.lock().unwrap().clone();
        assert_eq!(asked[10..], [15, 16, 17, 18, 16, 17, 18, 19], "{asked:?}");
    }
}
