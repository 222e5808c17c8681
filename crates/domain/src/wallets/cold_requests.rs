//! Cold (collection) addresses and the requests that change them: a merchant asks, an
//! operator approves or rejects (`coffer admin`), and only then do they apply.

use super::assets::{find_token, CheckedRequest, ColdAddressEntry, TokenRequestEntry};
use super::known::{known_addresses, KnownAddress};
use super::{rules, WalletService};
use crate::auth::AuthContext;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{ApplyStatus, ColdAddress, MerchantId, PageRequest, Paged, TokenRequestRecord};

impl WalletService {
    pub async fn page_cold_addresses(
        &self,
        ctx: &AuthContext,
        asset_id: Option<i64>,
        page: PageRequest,
    ) -> AppResult<Paged<ColdAddressEntry>> {
        let nodes = self.ports.config.chain_nodes().await?;
        let assets = self.ports.assets.assets(ctx.merchant_id, None).await?;
        let found = self
            .ports
            .assets
            .page_cold_addresses(ctx.merchant_id, asset_id, page)
            .await?;
        let list = found
            .list
            .into_iter()
            .filter_map(|c| {
                let asset = assets.iter().find(|a| a.id == c.asset_id)?;
                let (chain, token) = find_token(&nodes, asset.chain_id, asset.token_id).ok()?;
                Some(ColdAddressEntry {
                    id: c.id,
                    asset_id: c.asset_id,
                    chain_id: chain.chainid,
                    chain_name: chain.chainname.clone(),
                    token_id: token.tokenid,
                    symbol: token.symbol.clone(),
                    address: c.address,
                    ratio: c.ratio,
                    created_at: c.created_at,
                })
            })
            .collect();
        Ok(Paged {
            list,
            total: found.total,
        })
    }

    /// Every rule of a cold-address request; the caller then checks the authenticator and
    /// submits, so a form mistake never costs an authenticator code.
    pub async fn check_cold_request(
        &self,
        ctx: &AuthContext,
        asset_id: i64,
        entries: &[ColdAddress],
    ) -> AppResult<CheckedRequest> {
        let asset = self.own_asset(ctx.merchant_id, asset_id).await?;
        let chain = self.chains.require(asset.chain_id)?;
        let addresses = rules::check_cold_addresses(chain.as_ref(), entries)?;
        self.refuse_known(asset.chain_id, &addresses).await?;
        let pending = self
            .ports
            .token_requests
            .page_token_requests(
                Some(ctx.merchant_id),
                Some(asset_id),
                true,
                PageRequest { page: 1, size: 1 },
            )
            .await?;
        if pending.total > 0 {
            return Err(AppError::Invalid(MsgKey::RequestPending));
        }
        Ok(CheckedRequest { asset_id, addresses })
    }

    pub async fn submit_cold_request(&self, ctx: &AuthContext, checked: CheckedRequest) -> AppResult<i64> {
        let id = self
            .ports
            .token_requests
            .insert_token_request(&TokenRequestRecord {
                id: 0,
                merchant_id: ctx.merchant_id,
                asset_id: checked.asset_id,
                addresses: checked.addresses,
                apply_status: ApplyStatus::Pending,
                in_force: false,
                reason: String::new(),
                requested_by: ctx.user_id,
                created_at: self.ports.clock.now(),
                reviewed_at: None,
            })
            .await?;
        tracing::info!(
            merchant_id = ctx.merchant_id,
            request_id = id,
            "cold address change requested"
        );
        Ok(id)
    }

    /// Requests of one merchant (console) or, with None, of every merchant (operator CLI).
    pub async fn page_token_requests(
        &self,
        merchant_id: Option<MerchantId>,
        asset_id: Option<i64>,
        pending_only: bool,
        page: PageRequest,
    ) -> AppResult<Paged<TokenRequestEntry>> {
        let nodes = self.ports.config.chain_nodes().await?;
        let found = self
            .ports
            .token_requests
            .page_token_requests(merchant_id, asset_id, pending_only, page)
            .await?;
        let mut list = Vec::with_capacity(found.list.len());
        for r in found.list {
            let asset = self.ports.assets.asset(r.merchant_id, r.asset_id).await?;
            let found = asset
                .as_ref()
                .and_then(|a| find_token(&nodes, a.chain_id, a.token_id).ok());
            list.push(TokenRequestEntry {
                id: r.id,
                merchant_id: r.merchant_id,
                asset_id: r.asset_id,
                chain_id: found.map(|f| f.0.chainid).unwrap_or_default(),
                chain_name: found.map(|f| f.0.chainname.clone()).unwrap_or_default(),
                token_id: found.map(|f| f.1.tokenid).unwrap_or_default(),
                symbol: found.map(|f| f.1.symbol.clone()).unwrap_or_default(),
                cold_addresses: r.addresses,
                in_force: r.in_force,
                apply_status: r.apply_status,
                reason: r.reason,
                created_at: r.created_at,
                reviewed_at: r.reviewed_at,
            });
        }
        Ok(Paged {
            list,
            total: found.total,
        })
    }

    /// A cold address must be nobody's deposit address or hot wallet: every sweep into one
    /// would come back as a deposit. One answer whoever's it is, so no merchant learns
    /// another's addresses by asking.
    async fn refuse_known(&self, chain_id: i64, addresses: &[ColdAddress]) -> AppResult<()> {
        if self.known_cold_addresses(chain_id, addresses).await?.is_empty() {
            Ok(())
        } else {
            Err(AppError::Invalid(MsgKey::ColdAddressKnown))
        }
    }

    /// The requested addresses Coffer knows, and as what (the operator's review; never shown
    /// to a merchant).
    pub async fn known_cold_addresses(
        &self,
        chain_id: i64,
        addresses: &[ColdAddress],
    ) -> AppResult<Vec<KnownAddress>> {
        let addresses: Vec<String> = addresses.iter().map(|c| c.address.clone()).collect();
        known_addresses(&self.ports, chain_id, &addresses).await
    }

    /// Operator review. False when the request does not exist or was already reviewed. An
    /// approval is refused while an address of the request is one Coffer knows (requested
    /// before the rule, or derived since).
    pub async fn review_token_request(&self, id: i64, approve: bool, reason: &str) -> AppResult<bool> {
        let now = self.ports.clock.now();
        if approve {
            let Some(request) = self.ports.token_requests.token_request(id).await? else {
                return Ok(false);
            };
            if let Some(asset) = self
                .ports
                .assets
                .asset(request.merchant_id, request.asset_id)
                .await?
            {
                self.refuse_known(asset.chain_id, &request.addresses).await?;
            }
            self.ports.token_requests.approve_token_request(id, now).await
        } else {
            self.ports
                .token_requests
                .reject_token_request(id, reason.trim(), now)
                .await
        }
    }
}
