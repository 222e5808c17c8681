//! `/api/v2/hash/scan`: a merchant names a transaction the scanner missed (sent before Coffer
//! watched the chain, or a transfer it could not see). The transaction's block is read from the
//! node and its transfers to the merchant's deposit addresses go through the scanner's own
//! classification and storage, so the unique key on (chain, tx hash, index) keeps it to one
//! deposit whoever records it first.

use super::classify::{token_map, NativeCoin};
use super::scanner::DepositScanner;
use crate::callbacks::events::CallbackEvents;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::chain::{ChainError, ChainFamily, TxStatus};
use crate::ports::{DepositRecord, MerchantId, OrderStatus, ScannedBlock, Work};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HashScanResult {
    /// Transfers were recorded by this call.
    Credited,
    /// Every transfer of the transaction to the merchant's addresses was recorded already.
    Known,
    /// The transaction is not in a block the scanner has passed; it will be found there.
    Pending,
}

impl HashScanResult {
    pub fn name(self) -> &'static str {
        match self {
            HashScanResult::Credited => "credited",
            HashScanResult::Known => "known",
            HashScanResult::Pending => "pending",
        }
    }
}

#[derive(Debug)]
pub struct HashScan {
    pub result: HashScanResult,
    pub deposits: Vec<DepositRecord>,
}

/// The chain's own spelling of a transaction hash: the family's prefix (0x on EVM and the
/// devchain, none on TRON) + 64 lowercase hex. `0x` is optional in what people paste.
pub fn canonical_tx_hash(family: &ChainFamily, text: &str) -> AppResult<String> {
    let text = text.trim();
    let digits = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .unwrap_or(text);
    if digits.len() != 64 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(AppError::Invalid(MsgKey::TxHashInvalid));
    }
    Ok(format!(
        "{}{}",
        family.tx_hash_prefix,
        digits.to_ascii_lowercase()
    ))
}

fn unavailable(e: ChainError) -> AppError {
    AppError::Unavailable(e.to_string())
}

impl DepositScanner {
    pub async fn scan_hash(&self, merchant_id: MerchantId, chain_id: i64, text: &str) -> AppResult<HashScan> {
        let chain = self.chains.require(chain_id)?.clone();
        let hash = canonical_tx_hash(&chain.family(), text)?;
        let number = match chain.status(&hash).await.map_err(unavailable)? {
            TxStatus::Unknown => return Err(AppError::Invalid(MsgKey::TxNotFound)),
            TxStatus::Included { success: false, .. } => return Err(AppError::Invalid(MsgKey::TxFailed)),
            // In the mempool: the scanner sees it once it is mined.
            TxStatus::Pending => return Ok(pending()),
            TxStatus::Included { block, success: true } => block,
        };
        // A block the scanner has not reached yet is its job (it also watches that block for
        // reorgs). Without a cursor the scanner starts at the head, above this block.
        if self
            .ports
            .scan
            .scan_cursor(chain_id)
            .await?
            .is_some_and(|next| number >= next)
        {
            return Ok(pending());
        }
        let nodes = self.ports.config.chain_nodes().await?;
        let tokens = token_map(chain.as_ref(), &nodes, chain_id);
        let contracts: Vec<String> = tokens.keys().cloned().collect();
        let mut block = chain
            .block(number, &contracts)
            .await
            .map_err(unavailable)?
            .ok_or(AppError::Invalid(MsgKey::TxNotFound))?;
        if let Some(ours) = self.ports.scan.scanned_block(chain_id, number).await? {
            if ours.hash != block.hash {
                // The scanner will roll this block back on its next step; until then the
                // transaction's place is uncertain.
                return Err(AppError::Invalid(MsgKey::TxReorganised));
            }
        }
        block.transfers.retain(|t| t.tx_hash == hash);
        let confirmations = self.chain_settings(chain_id).confirmations;
        let native = NativeCoin::of(&nodes, chain_id);
        let mut found = self
            .deposits_in(&block, chain_id, &tokens, native, confirmations)
            .await?;
        found.retain(|d| d.merchant_id == merchant_id);
        if found.is_empty() {
            return Err(AppError::Invalid(MsgKey::TxPaysNoAddress));
        }
        let existing = self.recorded(chain_id, &hash, &found).await?;
        if existing.len() == found.len() && existing.iter().all(|d| d.status != OrderStatus::Void) {
            return Ok(HashScan {
                result: HashScanResult::Known,
                deposits: existing,
            });
        }
        let now = self.ports.clock.now();
        let events = CallbackEvents::new(nodes, self.ports.clock.clone());
        let scanned = ScannedBlock {
            number: block.number,
            hash: block.hash.clone(),
            parent_hash: block.parent_hash.clone(),
        };
        let written = match self
            .ports
            .scan
            .record_transfers(&scanned, &found, now, &events)
            .await
        {
            Ok(written) => written,
            // The scanner (or another scan of this hash) may have inserted the same transfer
            // between our look and our write: then the unique key refused ours.
            Err(e) => {
                let again = self.recorded(chain_id, &hash, &found).await?;
                if again.len() != found.len() {
                    return Err(e);
                }
                0
            }
        };
        if written == 0 {
            return Ok(HashScan {
                result: HashScanResult::Known,
                deposits: self.recorded(chain_id, &hash, &found).await?,
            });
        }
        // Their `deposit.confirming` events are committed: the delivery worker goes now.
        self.ports.wakeups.ready(Work::Callbacks);
        if let Ok(head) = chain.head().await {
            self.confirm(chain_id, head.number, now, &events).await?;
        }
        Ok(HashScan {
            result: HashScanResult::Credited,
            deposits: self.recorded(chain_id, &hash, &found).await?,
        })
    }

    async fn recorded(
        &self,
        chain_id: i64,
        hash: &str,
        found: &[crate::ports::NewDeposit],
    ) -> AppResult<Vec<DepositRecord>> {
        let mut rows = Vec::with_capacity(found.len());
        for d in found {
            if let Some(row) = self
                .ports
                .scan
                .deposit_by_transfer(chain_id, hash, d.tx_index)
                .await?
            {
                rows.push(row);
            }
        }
        Ok(rows)
    }
}

fn pending() -> HashScan {
    HashScan {
        result: HashScanResult::Pending,
        deposits: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::chain::AddressRule;

    fn family(tx_hash_prefix: &'static str) -> ChainFamily {
        let address = AddressRule {
            pattern: "",
            example: "",
            case_sensitive: true,
        };
        ChainFamily {
            name: "test",
            tx_hash_prefix,
            address,
        }
    }

    #[test]
    fn hashes_are_spelled_the_chains_way() {
        let hex = "AB".repeat(32);
        let evm = canonical_tx_hash(&family("0x"), &format!(" 0x{hex} ")).unwrap();
        assert_eq!(evm, format!("0x{}", "ab".repeat(32)));
        assert_eq!(canonical_tx_hash(&family("0x"), &hex).unwrap(), evm);
        assert_eq!(
            canonical_tx_hash(&family(""), &format!("0X{hex}")).unwrap(),
            "ab".repeat(32)
        );
    }

    #[test]
    fn anything_else_is_not_a_hash() {
        for bad in [
            "",
            "0x",
            "0x1234",
            &"g".repeat(64),
            &"a".repeat(65),
            &format!("0x{}", "a".repeat(63)),
        ] {
            assert!(
                matches!(
                    canonical_tx_hash(&family("0x"), bad),
                    Err(AppError::Invalid(MsgKey::TxHashInvalid))
                ),
                "{bad:?}"
            );
        }
    }
}
