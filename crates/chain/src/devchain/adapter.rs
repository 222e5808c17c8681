//! [`ChainAdapter`] for the devchain: what the rest of Coffer sees of it.

use async_trait::async_trait;
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{
    Asset, Block, BlockRef, ChainAdapter, ChainError, ChainFamily, ChainResult, DerivedKey, FeeEstimate,
    KeyPurpose, SecretKey, SignedTx, Transfer, TransferRequest, TxStatus,
};
use k256::ecdsa::SigningKey;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, TransactionTrait};
use zeroize::Zeroizing;

use super::entities::{block, tx as tx_row};
use super::ledger::{self, db_err, units};
use super::tx::{self, RawTx, TxBody};
use super::{asset_id, asset_key, derivation_path, fee, find_tx, miner, Devchain, GENESIS_PARENT};
use crate::keys::{account_id, derive, evm_address, parse_evm_address};

/// Devchain accounts are EVM accounts; the name keeps their key counters apart.
pub const FAMILY: ChainFamily = ChainFamily {
    name: "dev",
    ..crate::evm::FAMILY
};

#[async_trait]
impl ChainAdapter for Devchain {
    fn chain_id(&self) -> i64 {
        self.chain_id
    }

    fn family(&self) -> ChainFamily {
        FAMILY
    }

    fn parse_address(&self, text: &str) -> ChainResult<String> {
        let id = parse_evm_address(text.trim()).map_err(|_| ChainError::InvalidAddress)?;
        Ok(evm_address(&id))
    }

    fn derive(&self, seed: &[u8; 64], purpose: KeyPurpose, index: u32) -> ChainResult<DerivedKey> {
        let path = derivation_path(purpose, index);
        let key = derive(seed, &path).map_err(|e| ChainError::Key(e.to_string()))?;
        let secret = Zeroizing::new(key.private_key().to_bytes().into());
        Ok(DerivedKey {
            address: evm_address(&account_id(&key)),
            path,
            secret: SecretKey(secret),
        })
    }

    async fn head(&self) -> ChainResult<BlockRef> {
        let head = miner::head_row(&self.db).await?;
        Ok(BlockRef {
            number: head.number as u64,
            hash: head.hash,
        })
    }

    async fn block(&self, number: u64, tokens: &[String]) -> ChainResult<Option<Block>> {
        let Ok(number) = i64::try_from(number) else {
            return Ok(None);
        };
        let Some(header) = block::Entity::find_by_id(number)
            .one(&self.db)
            .await
            .map_err(db_err)?
        else {
            return Ok(None);
        };
        let rows = tx_row::Entity::find()
            .filter(tx_row::Column::BlockNumber.eq(number))
            .filter(tx_row::Column::Success.eq(true))
            .order_by_asc(tx_row::Column::Position)
            .all(&self.db)
            .await
            .map_err(db_err)?;
        let mut transfers = Vec::new();
        for row in rows {
            let asset = if row.asset.is_empty() {
                Asset::Native
            } else if tokens.iter().any(|t| t.trim().eq_ignore_ascii_case(&row.asset)) {
                Asset::Token {
                    contract: row.asset.clone(),
                }
            } else {
                continue;
            };
            transfers.push(Transfer {
                amount: units(&row.amount)?,
                tx_hash: row.hash,
                index: 0,
                from: row.sender,
                to: row.recipient,
                asset,
            });
        }
        Ok(Some(Block {
            number: header.number as u64,
            hash: header.hash,
            parent_hash: header.parent_hash.unwrap_or_else(|| GENESIS_PARENT.to_string()),
            timestamp: header.timestamp,
            transfers,
        }))
    }

    async fn balance(&self, address: &str, asset: &Asset) -> ChainResult<BaseUnits> {
        let address = self.parse_address(address)?;
        let key = match asset_id(asset) {
            Ok(id) => asset_key(&id),
            Err(_) => {
                return Err(ChainError::Protocol(format!(
                    "no token {asset:?} on the devchain"
                )))
            }
        };
        ledger::confirmed(&self.db, std::slice::from_ref(&address))
            .await?
            .get_confirmed(&address, &key)
    }

    async fn estimate_fee(&self, _request: &TransferRequest) -> ChainResult<FeeEstimate> {
        Ok(FeeEstimate {
            fee: fee(),
            energy: 0,
            bandwidth: 0,
        })
    }

    async fn sign_transfer(&self, key: &SecretKey, request: &TransferRequest) -> ChainResult<SignedTx> {
        let from = parse_evm_address(request.from.trim()).map_err(|_| ChainError::InvalidAddress)?;
        let to = parse_evm_address(request.to.trim()).map_err(|_| ChainError::InvalidAddress)?;
        let asset = asset_id(&request.asset)?;
        let signing =
            SigningKey::from_slice(&key.0[..]).map_err(|_| ChainError::Key("not a secp256k1 key".into()))?;
        if tx::account_of(&signing) != from {
            return Err(ChainError::Key(format!(
                "the key does not own {}",
                evm_address(&from)
            )));
        }
        let nonce = match request.nonce {
            Some(nonce) => nonce,
            None => ledger::next_nonce(&self.db, &evm_address(&from), true).await?,
        };
        let body = TxBody {
            chain_id: self.chain_id,
            from,
            to,
            asset,
            amount: request.amount,
            nonce,
        };
        let signature = tx::sign(&signing, &body.digest())?;
        Ok(SignedTx {
            hash: body.hash(),
            raw: body.to_raw(Some(signature)).to_json(),
            nonce: Some(nonce),
        })
    }

    async fn broadcast(&self, signed: &SignedTx) -> ChainResult<()> {
        let rejected = |m: String| ChainError::Rejected(m);
        let raw: RawTx = serde_json::from_str(&signed.raw)
            .map_err(|e| rejected(format!("not a devchain transaction: {e}")))?;
        if raw.mint {
            return Err(rejected(
                "mints come from the operator's faucet, not from broadcasts".into(),
            ));
        }
        if raw.chain_id != self.chain_id {
            return Err(rejected(format!(
                "signed for chain {}, this is chain {}",
                raw.chain_id, self.chain_id
            )));
        }
        let body = raw.body()?;
        asset_id(&match body.asset {
            None => Asset::Native,
            Some(id) => Asset::Token {
                contract: evm_address(&id),
            },
        })?;
        let hash = body.hash();
        if !signed.hash.trim().eq_ignore_ascii_case(&hash) {
            return Err(rejected(format!(
                "the hash {} does not match the transaction ({hash})",
                signed.hash
            )));
        }
        let sender = evm_address(&body.from);
        let signature = raw
            .signature
            .as_deref()
            .ok_or_else(|| rejected("the transaction is not signed".into()))?;
        match tx::recover(&body.digest(), signature) {
            Ok(signer) if signer == body.from => {}
            Ok(signer) => {
                return Err(rejected(format!(
                    "bad signature: signed by {}, not by the sender {sender}",
                    evm_address(&signer)
                )))
            }
            Err(why) => return Err(rejected(format!("bad signature: {why}"))),
        }
        if i64::try_from(body.nonce).is_err() {
            return Err(rejected(format!("nonce {} is too large", body.nonce)));
        }

        let _guard = self.write.lock().await;
        let txn = self.db.begin().await.map_err(db_err)?;
        miner::lock(&txn).await.map_err(db_err)?;
        if find_tx(&txn, &hash).await?.is_some() {
            return Ok(());
        }
        let next = ledger::next_nonce(&txn, &sender, true).await?;
        if body.nonce != next {
            let why = format!(
                "nonce {} is not the next one of {sender}: expected {next}",
                body.nonce
            );
            // Used by a transaction in a block: this one can never be included.
            let mined = ledger::next_nonce(&txn, &sender, false).await?;
            return Err(if body.nonce < mined {
                ChainError::Dead(why)
            } else {
                rejected(why)
            });
        }
        let balances = ledger::spendable(&txn, &sender).await?;
        if let Some(why) = ledger::shortfall(&balances, &sender, &body.asset_text(), body.amount) {
            return Err(rejected(why));
        }
        self.insert_pending(&txn, &body, fee(), signed.raw.clone())
            .await?;
        txn.commit().await.map_err(db_err)
    }

    async fn status(&self, hash: &str) -> ChainResult<TxStatus> {
        Ok(match find_tx(&self.db, hash).await? {
            None => TxStatus::Unknown,
            Some(row) => match (row.block_number, row.success) {
                (Some(block), success) => TxStatus::Included {
                    block: block as u64,
                    success: success.unwrap_or(false),
                },
                (None, _) => TxStatus::Pending,
            },
        })
    }

    async fn fee_paid(&self, hash: &str) -> ChainResult<Option<BaseUnits>> {
        match find_tx(&self.db, hash).await? {
            Some(row) if row.block_number.is_some() => Ok(Some(units(&row.fee)?)),
            _ => Ok(None),
        }
    }
}
