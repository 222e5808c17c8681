//! The embedded simulated chain: Coffer's default, so the product runs with nothing else
//! installed, and how people demo and test deposits.
//!
//! - State lives in the service's own database (tables `devchain_block` and `devchain_tx`, made
//!   by the service's migrations); balances are derived from the successful transactions of
//!   the blocks, never stored.
//! - A native coin, [`NATIVE_SYMBOL`] with [`NATIVE_DECIMALS`] decimals, and one USDT-like
//!   token at [`USDT_CONTRACT`] with [`USDT_DECIMALS`] decimals.
//! - Addresses are EIP-55 like EVM; keys are BIP44 with coin type 1 (testnet):
//!   m/44'/1'/purpose'/0/index.
//! - Transactions are secp256k1-signed over keccak256 of a canonical encoding (module `tx`),
//!   pay a fixed fee of 0.001 DEV (token transfers too), and carry sequential nonces.
//! - Blocks are mined by [`Devchain::mine`] or the background [`Devchain::spawn_miner`];
//!   [`Devchain::fund`] is the operator's faucet and [`Devchain::reorg`] replays a
//!   reorganisation (module `miner` has the inclusion rules).

mod adapter;
mod entities;
mod ledger;
mod miner;
mod tx;

use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::Clock;
use coffer_domain::ports::chain::{Asset, ChainAdapter, ChainError, ChainResult, KeyPurpose};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, SqlErr};
use std::sync::Arc;

use self::entities::tx as tx_row;
use self::ledger::db_err;
use self::tx::TxBody;
use crate::keys::{evm_address, parse_evm_address};

pub use self::adapter::FAMILY;
pub use self::miner::GENESIS_PARENT;
/// The connection [`Devchain::open`] takes (re-exported for crates without sea-orm).
pub use sea_orm::DatabaseConnection;

/// BIP44 coin type of the devchain: 1, every coin's testnet.
pub const COIN_TYPE: u32 = 1;
pub const NATIVE_SYMBOL: &str = "DEV";
pub const NATIVE_DECIMALS: u8 = 18;
/// The devchain's USDT-like token contract (there is no code behind it: the chain knows it).
pub const USDT_CONTRACT: &str = "0xC0FFEe0000000000000000000000000000000001";
pub const USDT_SYMBOL: &str = "USDT";
pub const USDT_DECIMALS: u8 = 6;
/// The sender of mints. Nobody holds its key.
pub const ZERO_ADDRESS: &str = "0x0000000000000000000000000000000000000000";
/// The fee of every transfer: 0.001 DEV, in wei.
pub const FEE_WEI: u128 = 1_000_000_000_000_000;
/// The public development mnemonic (anvil's and hardhat's). Its devchain key at
/// m/44'/1'/0'/0/0 is the CLI's "player" wallet: 0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0.
/// Never use it for real funds.
pub const DEV_MNEMONIC: &str = "test test test test test test test test test test test junk";

/// The fixed transfer fee.
pub fn fee() -> BaseUnits {
    BaseUnits::from_u128(FEE_WEI)
}

/// m/44'/1'/purpose'/0/index.
pub fn derivation_path(purpose: KeyPurpose, index: u32) -> String {
    format!("m/44'/{COIN_TYPE}'/{}'/0/{index}", purpose as u32)
}

/// "25.5 USDT" for an amount of an asset key ("" native, else a contract).
pub(crate) fn describe(amount: BaseUnits, asset: &str) -> String {
    if asset.is_empty() {
        format!("{} {NATIVE_SYMBOL}", amount.to_decimal(NATIVE_DECIMALS))
    } else if asset == USDT_CONTRACT {
        format!("{} {USDT_SYMBOL}", amount.to_decimal(USDT_DECIMALS))
    } else {
        format!("{amount} units of {asset}")
    }
}

/// The embedded chain, over a migrated database. Cheap to clone.
#[derive(Clone)]
pub struct Devchain {
    db: DatabaseConnection,
    chain_id: i64,
    clock: Arc<dyn Clock>,
    /// Serialises this process's writes (SQLite allows one writer; PostgreSQL races between
    /// processes are settled by the block number's primary key).
    write: Arc<tokio::sync::Mutex<()>>,
    /// The number of the newest block this process made: the scanner watches it so that it
    /// sees a block at once (blocks made by another process are found by polling).
    mined: Arc<tokio::sync::watch::Sender<u64>>,
}

impl Devchain {
    /// Opens the chain in `db` (migrated by the service), creating the genesis block on first
    /// use. `chain_id` is the platform's id (1337 in the catalogue).
    pub async fn open(db: DatabaseConnection, chain_id: i64, clock: Arc<dyn Clock>) -> ChainResult<Devchain> {
        let chain = Devchain {
            db,
            chain_id,
            clock,
            write: Arc::new(tokio::sync::Mutex::new(())),
            mined: Arc::new(tokio::sync::watch::channel(0).0),
        };
        chain.ensure_genesis().await?;
        Ok(chain)
    }

    /// Changes whenever this process mines or reorganises a block (the value: the new head).
    pub fn blocks(&self) -> tokio::sync::watch::Receiver<u64> {
        self.mined.subscribe()
    }

    /// The operator's faucet: mints `amount` of `asset` to `address` (from the zero address,
    /// unsigned, no fee), included in the next block. Returns the transaction hash.
    pub async fn fund(&self, address: &str, asset: &Asset, amount: BaseUnits) -> ChainResult<String> {
        let to = parse_evm_address(address.trim()).map_err(|_| ChainError::InvalidAddress)?;
        let asset = asset_id(asset)?;
        if amount.is_zero() {
            return Err(ChainError::Rejected("nothing to fund: the amount is zero".into()));
        }
        let body = TxBody {
            chain_id: self.chain_id,
            from: [0; 20],
            to,
            asset,
            amount,
            // Mints have no sender nonce; a random one keeps identical mints apart.
            nonce: rand::random::<u64>() >> 1,
        };
        let mut raw = body.to_raw(None);
        raw.mint = true;
        let _guard = self.write.lock().await;
        self.insert_pending(&self.db, &body, BaseUnits::ZERO, raw.to_json())
            .await?;
        Ok(body.hash())
    }

    /// What `address` can still spend of `asset`: its balance minus its pending transfers and
    /// their fees.
    pub async fn spendable(&self, address: &str, asset: &Asset) -> ChainResult<BaseUnits> {
        let address = self.parse_address(address)?;
        let key = asset_key(&asset_id(asset)?);
        let balances = ledger::spendable(&self.db, &address).await?;
        Ok(balances.get(&address, &key).unwrap_or_default())
    }

    async fn insert_pending<C: ConnectionTrait>(
        &self,
        db: &C,
        body: &TxBody,
        fee: BaseUnits,
        raw: String,
    ) -> ChainResult<bool> {
        let row = tx_row::ActiveModel {
            hash: Set(body.hash()),
            sender: Set(evm_address(&body.from)),
            recipient: Set(evm_address(&body.to)),
            asset: Set(body.asset_text()),
            amount: Set(body.amount.to_string()),
            nonce: Set(body.nonce as i64),
            fee: Set(fee.to_string()),
            block_number: Set(None),
            position: Set(None),
            success: Set(None),
            raw: Set(raw),
            created_at: Set(self.clock.now()),
            ..Default::default()
        };
        match row.insert(db).await {
            Ok(_) => Ok(true),
            Err(err) if matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => Ok(false),
            Err(err) => Err(db_err(err)),
        }
    }
}

async fn find_tx<C: ConnectionTrait>(db: &C, hash: &str) -> ChainResult<Option<tx_row::Model>> {
    tx_row::Entity::find()
        .filter(tx_row::Column::Hash.eq(hash.trim().to_ascii_lowercase()))
        .one(db)
        .await
        .map_err(db_err)
}

/// The token contract of an asset (None for the native coin); only the devchain's USDT exists.
fn asset_id(asset: &Asset) -> ChainResult<Option<[u8; 20]>> {
    match asset {
        Asset::Native => Ok(None),
        Asset::Token { contract } => match parse_evm_address(contract.trim()) {
            Ok(id) if evm_address(&id) == USDT_CONTRACT => Ok(Some(id)),
            _ => Err(ChainError::Rejected(format!(
                "no token contract {contract} on the devchain (its USDT is {USDT_CONTRACT})"
            ))),
        },
    }
}

fn asset_key(id: &Option<[u8; 20]>) -> String {
    id.as_ref().map(evm_address).unwrap_or_default()
}
