//! Assets: the tokens a merchant enables per chain and their settings; their cold addresses
//! change through requests (`cold_requests.rs`).

use chrono::{DateTime, Utc};

use super::{no_such_record, rules, status_of, updated, WalletService};
use crate::auth::AuthContext;
use crate::config::{ChainNode, TokenInfo};
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{
    ApplyStatus, AssetRecord, AssetStatus, ColdAddress, CollectSettings, MerchantId, PageRequest, RiskLimits,
};

/// An asset with its chain's and token's names and its cold addresses.
#[derive(Debug, Clone)]
pub struct AssetEntry {
    pub id: i64,
    pub chain_id: i64,
    pub token_id: i64,
    pub chain_name: String,
    pub chain_symbol: String,
    pub symbol: String,
    pub symbol_price: String,
    pub decimals: i32,
    pub contract: String,
    pub status: AssetStatus,
    pub payment_address: String,
    pub collect: CollectSettings,
    pub risk: RiskLimits,
    pub cold_addresses: Vec<ColdAddress>,
    /// The state of the asset's latest cold-address request, if any.
    pub apply_status: Option<ApplyStatus>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct ColdAddressEntry {
    pub id: i64,
    pub asset_id: i64,
    pub chain_id: i64,
    pub chain_name: String,
    pub token_id: i64,
    pub symbol: String,
    pub address: String,
    pub ratio: String,
    pub created_at: DateTime<Utc>,
}

/// A cold-address request with its asset's chain and token (zero and "" when the asset or its
/// chain is gone).
#[derive(Debug, Clone)]
pub struct TokenRequestEntry {
    pub id: i64,
    pub merchant_id: i64,
    pub asset_id: i64,
    pub chain_id: i64,
    pub chain_name: String,
    pub token_id: i64,
    pub symbol: String,
    pub cold_addresses: Vec<ColdAddress>,
    /// Its addresses are the asset's cold addresses now.
    pub in_force: bool,
    pub apply_status: ApplyStatus,
    pub reason: String,
    pub created_at: DateTime<Utc>,
    pub reviewed_at: Option<DateTime<Utc>>,
}

/// What the caller sends to add or edit an asset.
#[derive(Debug, Clone)]
pub struct AssetInput {
    pub payment_address: String,
    pub collect: CollectSettings,
    pub risk: RiskLimits,
}

/// A cold-address request that passed every check but the authenticator.
pub struct CheckedRequest {
    pub(super) asset_id: i64,
    pub(super) addresses: Vec<ColdAddress>,
}

/// An asset as the operation log names it: its token and chain ("USDT (Ethereum)").
fn asset_label(chain: &ChainNode, token: &TokenInfo) -> String {
    format!("{} ({})", token.symbol, chain.chainname)
}

pub(crate) fn find_token(
    nodes: &[ChainNode],
    chain_id: i64,
    token_id: i64,
) -> AppResult<(&ChainNode, &TokenInfo)> {
    nodes
        .iter()
        .find(|c| c.chainid == chain_id)
        .and_then(|c| c.tokens.iter().find(|t| t.tokenid == token_id).map(|t| (c, t)))
        .ok_or(AppError::Invalid(MsgKey::UnknownChainOrToken))
}

impl WalletService {
    /// The payment address must be a hot wallet of the merchant on the chain (canonical form).
    async fn check_payment_address(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        text: &str,
    ) -> AppResult<String> {
        let text = text.trim();
        if text.is_empty() {
            return Err(AppError::Invalid(MsgKey::PaymentAddressEmpty));
        }
        let chain = self.chains.require(chain_id)?;
        let wanted = chain
            .parse_address(text)
            .map_err(|_| AppError::Invalid(MsgKey::InvalidAddress))?;
        let wallets = self
            .ports
            .hot_wallets
            .hot_wallets_on(merchant_id, chain_id)
            .await?;
        if wallets.iter().any(|w| w.address == wanted) {
            Ok(wanted)
        } else {
            Err(AppError::Invalid(MsgKey::PaymentAddressNotHotWallet))
        }
    }

    async fn checked_input(
        &self,
        ctx: &AuthContext,
        chain_id: i64,
        decimals: i32,
        input: &AssetInput,
    ) -> AppResult<AssetInput> {
        Ok(AssetInput {
            collect: rules::check_collect(&input.collect, decimals)?,
            risk: rules::check_risk(&input.risk, decimals)?,
            payment_address: self
                .check_payment_address(ctx.merchant_id, chain_id, &input.payment_address)
                .await?,
        })
    }

    /// Enables a token for the merchant; `input` None takes the defaults (the short `add`).
    pub async fn add_asset(
        &self,
        ctx: &AuthContext,
        chain_id: i64,
        token_id: i64,
        payment_address: &str,
        settings: Option<(CollectSettings, RiskLimits)>,
    ) -> AppResult<i64> {
        let nodes = self.ports.config.chain_nodes().await?;
        let (_, token) = find_token(&nodes, chain_id, token_id)?;
        self.chains.require(chain_id)?;
        let (collect, risk) = settings.unwrap_or_else(|| (rules::default_collect(), rules::default_risk()));
        let input = AssetInput {
            payment_address: payment_address.to_string(),
            collect,
            risk,
        };
        let input = self.checked_input(ctx, chain_id, token.decimals, &input).await?;
        let now = self.ports.clock.now();
        self.ports
            .assets
            .insert_asset(&AssetRecord {
                id: 0,
                merchant_id: ctx.merchant_id,
                chain_id,
                token_id,
                status: AssetStatus::Enabled,
                payment_address: input.payment_address,
                collect: input.collect,
                risk: input.risk,
                created_at: now,
            })
            .await
    }

    pub(super) async fn own_asset(&self, merchant_id: MerchantId, id: i64) -> AppResult<AssetRecord> {
        self.ports
            .assets
            .asset(merchant_id, id)
            .await?
            .ok_or_else(no_such_record)
    }

    /// Returns the asset's name ([`asset_label`]).
    pub async fn edit_asset(&self, ctx: &AuthContext, id: i64, input: &AssetInput) -> AppResult<String> {
        let asset = self.own_asset(ctx.merchant_id, id).await?;
        let nodes = self.ports.config.chain_nodes().await?;
        let (chain, token) = find_token(&nodes, asset.chain_id, asset.token_id)?;
        let label = asset_label(chain, token);
        let input = self
            .checked_input(ctx, asset.chain_id, token.decimals, input)
            .await?;
        let updated = AssetRecord {
            payment_address: input.payment_address,
            collect: input.collect,
            risk: input.risk,
            ..asset
        };
        self.ports
            .assets
            .update_asset(&updated, self.ports.clock.now())
            .await?;
        Ok(label)
    }

    /// Returns the asset's name ([`asset_label`]).
    pub async fn set_asset_status(&self, ctx: &AuthContext, id: i64, status: i32) -> AppResult<String> {
        let status: AssetStatus = status_of(status)?;
        updated(
            self.ports
                .assets
                .set_asset_status(ctx.merchant_id, id, status)
                .await?,
        )?;
        self.asset_name(ctx, id).await
    }

    /// The merchant's asset `id` as the operation log names it ([`asset_label`]).
    pub async fn asset_name(&self, ctx: &AuthContext, id: i64) -> AppResult<String> {
        let asset = self.own_asset(ctx.merchant_id, id).await?;
        let nodes = self.ports.config.chain_nodes().await?;
        let (chain, token) = find_token(&nodes, asset.chain_id, asset.token_id)?;
        Ok(asset_label(chain, token))
    }

    pub async fn list_assets(&self, ctx: &AuthContext, chain_id: Option<i64>) -> AppResult<Vec<AssetEntry>> {
        let nodes = self.ports.config.chain_nodes().await?;
        let assets = self.ports.assets.assets(ctx.merchant_id, chain_id).await?;
        let ids: Vec<i64> = assets.iter().map(|a| a.id).collect();
        let cold = self.ports.assets.cold_addresses_of(&ids).await?;
        let mut views = Vec::with_capacity(assets.len());
        for a in assets {
            let Ok((chain, token)) = find_token(&nodes, a.chain_id, a.token_id) else {
                continue; // a chain removed from the configuration: nothing to show or do
            };
            let latest = self
                .ports
                .token_requests
                .page_token_requests(
                    Some(ctx.merchant_id),
                    Some(a.id),
                    false,
                    PageRequest { page: 1, size: 1 },
                )
                .await?;
            let cold_addresses: Vec<ColdAddress> = cold
                .iter()
                .filter(|c| c.asset_id == a.id)
                .map(|c| ColdAddress {
                    address: c.address.clone(),
                    ratio: c.ratio.clone(),
                })
                .collect();
            views.push(AssetEntry {
                id: a.id,
                chain_id: a.chain_id,
                token_id: a.token_id,
                chain_name: chain.chainname.clone(),
                chain_symbol: chain.symbol.clone(),
                symbol: token.symbol.clone(),
                symbol_price: token.price.clone(),
                decimals: token.decimals,
                contract: token.contract.clone(),
                status: a.status,
                payment_address: a.payment_address,
                collect: a.collect,
                risk: a.risk,
                cold_addresses,
                apply_status: latest.list.first().map(|r| r.apply_status),
                created_at: a.created_at,
            });
        }
        Ok(views)
    }
}
