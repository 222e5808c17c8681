//! Wallets: end users' deposit addresses and the merchant's hot (payout) wallets, both derived
//! from the merchant's seed; assets and their cold addresses live in [`assets`].

pub mod assets;
pub mod balances;
mod cold_requests;
pub mod known;
pub mod rules;
mod unmined;

pub use unmined::{unmined_spend, UnminedSpend};

use chrono::{DateTime, SecondsFormat, Utc};
use std::sync::Arc;

use crate::auth::AuthContext;
use crate::chains::ChainRegistry;
use crate::codes::StoredCode;
use crate::config::{chain_name, node_of, ChainNode};
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::chain::{Asset, KeyPurpose};
use crate::ports::HotWalletStatus;
use crate::ports::{
    AddressFilter, DepositAddressRecord, HotWalletRecord, MerchantId, NewDerived, PageRequest, Paged, Ports,
};
use crate::vault::KeyVault;

pub struct WalletService {
    ports: Ports,
    vault: Arc<KeyVault>,
    chains: Arc<ChainRegistry>,
}

pub(crate) fn time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn no_such_record() -> AppError {
    AppError::Invalid(MsgKey::NoSuchRecord)
}

/// An update of one row: 'no such record' when it matched none of the merchant's.
pub(crate) fn updated(matched: bool) -> AppResult<()> {
    if matched {
        Ok(())
    } else {
        Err(no_such_record())
    }
}

/// A row's status as its type (enabled or disabled); any other code is refused.
pub(crate) fn status_of<T: StoredCode>(code: i32) -> AppResult<T> {
    T::from_code(code).ok_or(AppError::Invalid(MsgKey::InvalidStatus))
}

/// An end user's deposit address with its chain's name.
#[derive(Debug, Clone)]
pub struct DepositAddressEntry {
    pub id: i64,
    pub chain_id: i64,
    pub chain_name: String,
    pub open_id: String,
    pub address: String,
    pub remark: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct TokenBalance {
    /// None: the chain's native coin.
    pub token_id: Option<i64>,
    pub symbol: String,
    /// Exact decimal string in the asset's units.
    pub amount: String,
}

/// A hot wallet with its chain's names and its balances as the chain reports them now.
#[derive(Debug, Clone)]
pub struct HotWalletEntry {
    pub id: i64,
    pub chain_id: i64,
    pub chain_name: String,
    pub chain_symbol: String,
    pub address: String,
    pub status: HotWalletStatus,
    pub remark: String,
    pub balances: Vec<TokenBalance>,
    /// The chain did not answer: no balances.
    pub balance_error: bool,
    pub created_at: DateTime<Utc>,
}

impl WalletService {
    pub fn new(ports: Ports, vault: Arc<KeyVault>, chains: Arc<ChainRegistry>) -> WalletService {
        WalletService { ports, vault, chains }
    }

    pub(crate) async fn chain_node(&self, chain_id: i64) -> AppResult<ChainNode> {
        self.ports
            .config
            .chain_nodes()
            .await?
            .into_iter()
            .find(|c| c.chainid == chain_id)
            .ok_or(AppError::Invalid(MsgKey::UnknownChainOrToken))
    }

    /// The end user's deposit address on a chain: the same one on every call, derived at the
    /// next unused index of the merchant's seed the first time.
    pub async fn deposit_address(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        open_id: &str,
    ) -> AppResult<DepositAddressRecord> {
        let open_id = rules::check_open_id(open_id)?;
        // An exchange address is made for its end user's exchanges only (a payment there is
        // exchanged, never credited): no deposit address may take its name.
        if crate::exchange::orders::end_user_of(&open_id).is_some() {
            return Err(AppError::Invalid(MsgKey::InvalidOpenId));
        }
        self.address_for(merchant_id, chain_id, open_id).await
    }

    /// The end user's exchange address on a chain (`exchange:<openId>`): a deposit address of
    /// the merchant's seed, the same one on every call.
    pub async fn exchange_address(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        end_user: &str,
    ) -> AppResult<DepositAddressRecord> {
        let end_user = rules::check_open_id(end_user)?;
        let open_id = rules::check_open_id(&crate::exchange::orders::exchange_open_id(&end_user))?;
        self.address_for(merchant_id, chain_id, open_id).await
    }

    async fn address_for(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        open_id: String,
    ) -> AppResult<DepositAddressRecord> {
        self.chain_node(chain_id).await?;
        if let Some(existing) = self
            .ports
            .addresses
            .deposit_address(merchant_id, chain_id, &open_id)
            .await?
        {
            return Ok(existing);
        }
        let chain = self.chains.require(chain_id)?;
        let seed = self.vault.seed(merchant_id).await?;
        let family = chain.family().name;
        let index = self
            .ports
            .seeds
            .next_key_index(merchant_id, family, KeyPurpose::Deposit as i32)
            .await?;
        let key = chain
            .derive(&seed, KeyPurpose::Deposit, index)
            .map_err(AppError::internal)?;
        // A concurrent call for the same user may win; the index it lost is simply never used.
        self.ports
            .addresses
            .insert_deposit_address(NewDerived {
                merchant_id,
                chain_id,
                address: key.address,
                key_index: index,
                label: open_id,
                at: self.ports.clock.now(),
            })
            .await
    }

    pub async fn page_deposit_addresses(
        &self,
        ctx: &AuthContext,
        filter: AddressFilter,
        page: PageRequest,
    ) -> AppResult<Paged<DepositAddressEntry>> {
        let nodes = self.ports.config.chain_nodes().await?;
        let found = self
            .ports
            .addresses
            .page_deposit_addresses(ctx.merchant_id, &filter, page)
            .await?;
        Ok(found.map(|r| DepositAddressEntry {
            id: r.id,
            chain_id: r.chain_id,
            chain_name: chain_name(&nodes, r.chain_id),
            open_id: r.open_id,
            address: r.address,
            remark: r.remark,
            created_at: r.created_at,
        }))
    }

    /// The address as the operation log names it: the address and its chain ("0x… (Ethereum)").
    pub async fn edit_address_remark(&self, ctx: &AuthContext, id: i64, remark: &str) -> AppResult<String> {
        let remark = rules::check_remark(remark)?;
        let changed = self
            .ports
            .addresses
            .set_address_remark(ctx.merchant_id, id, &remark)
            .await?
            .ok_or_else(no_such_record)?;
        let chain = self.chain_node(changed.chain_id).await.map(|c| c.chainname);
        Ok(match chain {
            Ok(name) => format!("{} ({name})", changed.address),
            Err(_) => changed.address, // a chain since removed from the configuration
        })
    }

    /// Derives the merchant's next hot wallet on a chain; at most 5 per merchant.
    pub async fn add_hot_wallet(
        &self,
        ctx: &AuthContext,
        chain_id: i64,
        remark: &str,
    ) -> AppResult<(i64, String)> {
        let remark = rules::check_remark(remark)?;
        self.chain_node(chain_id).await?;
        let chain = self.chains.require(chain_id)?;
        let seed = self.vault.seed(ctx.merchant_id).await?;
        let index = self
            .ports
            .seeds
            .next_key_index(ctx.merchant_id, chain.family().name, KeyPurpose::HotWallet as i32)
            .await?;
        let key = chain
            .derive(&seed, KeyPurpose::HotWallet, index)
            .map_err(AppError::internal)?;
        let row = NewDerived {
            merchant_id: ctx.merchant_id,
            chain_id,
            address: key.address.clone(),
            key_index: index,
            label: remark,
            at: self.ports.clock.now(),
        };
        match self
            .ports
            .hot_wallets
            .insert_hot_wallet(row, rules::MAX_HOT_WALLETS)
            .await?
        {
            Some(id) => Ok((id, key.address)),
            None => Err(AppError::Invalid(MsgKey::HotWalletLimit)),
        }
    }

    /// The wallet's address, which names it in the operation log.
    pub async fn set_hot_wallet_status(&self, ctx: &AuthContext, id: i64, status: i32) -> AppResult<String> {
        let status: HotWalletStatus = status_of(status)?;
        let changed = self
            .ports
            .hot_wallets
            .set_hot_wallet_status(ctx.merchant_id, id, status)
            .await?
            .ok_or_else(no_such_record)?;
        Ok(changed.address)
    }

    /// Hot wallets with their balances asked from the chain now (native coin and every token
    /// of the chain). A chain that does not answer marks the row instead of failing the page.
    pub async fn page_hot_wallets(
        &self,
        ctx: &AuthContext,
        chain_id: Option<i64>,
        page: PageRequest,
    ) -> AppResult<Paged<HotWalletEntry>> {
        let nodes = self.ports.config.chain_nodes().await?;
        let found = self
            .ports
            .hot_wallets
            .page_hot_wallets(ctx.merchant_id, chain_id, page)
            .await?;
        let entries = found.list.into_iter().map(|w| self.hot_wallet_entry(w, &nodes));
        Ok(Paged {
            total: found.total,
            list: futures::future::join_all(entries).await,
        })
    }

    async fn hot_wallet_entry(&self, w: HotWalletRecord, nodes: &[ChainNode]) -> HotWalletEntry {
        let node = node_of(nodes, w.chain_id);
        let (balances, balance_error) = match (node, self.chains.get(w.chain_id)) {
            (Some(node), Some(chain)) => {
                let mut assets = vec![(None, node.symbol.clone(), node.decimals, Asset::Native)];
                for t in &node.tokens {
                    let asset = Asset::Token {
                        contract: t.contract.clone(),
                    };
                    assets.push((Some(t.tokenid), t.symbol.clone(), t.decimals, asset));
                }
                let asks = assets.iter().map(|a| chain.balance(&w.address, &a.3));
                let answers = futures::future::join_all(asks).await;
                if answers.iter().any(Result::is_err) {
                    tracing::warn!(chain_id = w.chain_id, "hot wallet balance unavailable");
                    (Vec::new(), true)
                } else {
                    let list = assets
                        .into_iter()
                        .zip(answers)
                        .map(|((token_id, symbol, decimals, _), amount)| TokenBalance {
                            token_id,
                            symbol,
                            amount: amount
                                .expect("checked above")
                                .to_decimal(decimals.clamp(0, 255) as u8),
                        })
                        .collect();
                    (list, false)
                }
            }
            _ => (Vec::new(), true),
        };
        HotWalletEntry {
            id: w.id,
            chain_id: w.chain_id,
            chain_name: node.map(|n| n.chainname.clone()).unwrap_or_default(),
            chain_symbol: node.map(|n| n.symbol.clone()).unwrap_or_default(),
            address: w.address,
            status: w.status,
            remark: w.remark,
            balances,
            balance_error,
            created_at: w.created_at,
        }
    }
}
