//! What the console's collection screens ask: Fund collection's list of what waits per
//! deposit address and token, with whether the asset's automatic collection would take it.

use std::collections::HashMap;

use crate::amount::BaseUnits;
use crate::auth::AuthContext;
use crate::config::chain_name;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{
    AssetStatus, CollectTrigger, CollectionPlan, PageRequest, Paged, PlanOutcome, Ports, WaitingFilter,
    WaitingPair,
};
use crate::wallets::assets::find_token;

/// A pair with what the console shows beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitingEntry {
    pub pair: WaitingPair,
    pub chain_name: String,
    pub symbol: String,
    /// Its token is enabled and it waits at least the minimum collection amount: a run takes it.
    pub due: bool,
}

pub struct CollectionService {
    pub ports: Ports,
    /// Collect now needs the caller's Google code.
    pub auth: std::sync::Arc<crate::auth::AuthService>,
}

impl CollectionService {
    pub async fn waiting(
        &self,
        ctx: &AuthContext,
        filter: &WaitingFilter,
        page: PageRequest,
    ) -> AppResult<Paged<WaitingEntry>> {
        let nodes = self.ports.config.chain_nodes().await?;
        let minimums: HashMap<(i64, i64), BaseUnits> = self
            .ports
            .assets
            .assets(ctx.merchant_id, None)
            .await?
            .into_iter()
            .filter(|a| a.status == AssetStatus::Enabled)
            .filter_map(|a| {
                let decimals =
                    u8::try_from(find_token(&nodes, a.chain_id, a.token_id).ok()?.1.decimals).ok()?;
                let minimum = BaseUnits::from_decimal(&a.collect.min_collect_amount, decimals).ok()?;
                Some(((a.chain_id, a.token_id), minimum))
            })
            .collect();
        let found = self
            .ports
            .collection_queries
            .waiting_page(ctx.merchant_id, filter, page)
            .await?;
        Ok(found.map(|pair| WaitingEntry {
            chain_name: chain_name(&nodes, pair.chain_id),
            symbol: find_token(&nodes, pair.chain_id, pair.token_id)
                .map(|(_, token)| token.symbol.clone())
                .unwrap_or_default(),
            due: minimums
                .get(&(pair.chain_id, pair.token_id))
                .is_some_and(|minimum| pair.waiting >= *minimum),
            pair,
        }))
    }
}

/// Fund collection's "Collect now": the deposit addresses chosen (or every one) of a token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectNow {
    pub chain_id: i64,
    pub token_id: i64,
    /// None: every address of the token that waits at least the minimum.
    pub addresses: Option<Vec<i64>>,
    pub google_code: String,
}

/// The most addresses one "Collect now" may name (a page of the list); more: collect all.
pub const MAX_CHOSEN: usize = 100;

impl CollectionService {
    /// Opens a manual run: a collection for each chosen address waiting at least the token's
    /// minimum and with none open. Refused, with nothing changed, for a token not enabled, one
    /// without a cold address in force, too many or no addresses, or a wrong Google code.
    /// Answers the run and how many it opened; no run when it opened none.
    pub async fn collect_now(
        &self,
        ctx: &AuthContext,
        request: &CollectNow,
    ) -> AppResult<(Option<i64>, u64)> {
        if let Some(addresses) = &request.addresses {
            if addresses.is_empty() {
                return Err(AppError::Invalid(MsgKey::NoSuchRecord));
            }
            if addresses.len() > MAX_CHOSEN {
                return Err(AppError::Invalid(MsgKey::TooManyRows));
            }
        }
        let nodes = self.ports.config.chain_nodes().await?;
        let asset = self
            .ports
            .assets
            .assets(ctx.merchant_id, Some(request.chain_id))
            .await?
            .into_iter()
            .find(|a| a.token_id == request.token_id && a.status == AssetStatus::Enabled)
            .ok_or(AppError::Invalid(MsgKey::TokenNotEnabled))?;
        let decimals = find_token(&nodes, asset.chain_id, asset.token_id)
            .ok()
            .and_then(|(_, token)| u8::try_from(token.decimals).ok())
            .ok_or(AppError::Invalid(MsgKey::TokenNotEnabled))?;
        if self.ports.assets.cold_addresses_of(&[asset.id]).await?.is_empty() {
            return Err(AppError::Invalid(MsgKey::NoColdAddress));
        }
        self.auth.require_google(ctx, &request.google_code).await?;
        let minimum = BaseUnits::from_decimal(&asset.collect.min_collect_amount, decimals)
            .map_err(|_| AppError::internal("a stored minimum collection amount is not a number"))?;
        let plan = CollectionPlan {
            asset_id: asset.id,
            merchant_id: ctx.merchant_id,
            chain_id: asset.chain_id,
            token_id: asset.token_id,
            decimals,
            trigger: CollectTrigger::Manual,
            slot: None,
            minimum,
            addresses: request.addresses.clone(),
            created_by: Some(ctx.user_id),
        };
        match self
            .ports
            .collection_plans
            .plan(&plan, self.ports.clock.now())
            .await?
        {
            PlanOutcome::Planned { run_id, opened } => Ok((run_id, opened)),
            // A manual run has no slot: it is never refused as taken.
            PlanOutcome::SlotTaken => Err(AppError::internal("a manual run planned as a taken slot")),
        }
    }
}
