//! The address blacklist (menu 802): addresses the merchant never pays out to. Entries are
//! canonical for their chain, so one address is one entry whatever case it was typed in.

use serde::Serialize;

use super::{BlacklistFilter, BlacklistRecord, MerchantApiService};
use crate::auth::AuthContext;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{MerchantId, PageRequest, Paged};
use crate::wallets::rules::check_remark;
use crate::wallets::time;

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BlacklistView {
    pub id: i64,
    pub chain_id: i64,
    pub chainname: String,
    pub address: String,
    pub remark: String,
    pub createtime: String,
}

impl MerchantApiService {
    /// The address in its chain's canonical form, or 'Invalid address for this chain'.
    fn canonical_address(&self, chain_id: i64, address: &str) -> AppResult<String> {
        self.deps
            .chains
            .require(chain_id)?
            .parse_address(address.trim())
            .map_err(|_| AppError::Invalid(MsgKey::InvalidAddress))
    }

    async fn blacklist_views(&self, rows: Vec<BlacklistRecord>) -> AppResult<Vec<BlacklistView>> {
        let nodes = self.deps.config.chain_nodes().await?;
        Ok(rows
            .into_iter()
            .map(|r| BlacklistView {
                id: r.id,
                chain_id: r.chain_id,
                chainname: nodes
                    .iter()
                    .find(|n| n.chainid == r.chain_id)
                    .map(|n| n.chainname.clone())
                    .unwrap_or_default(),
                address: r.address,
                remark: r.remark,
                createtime: time(r.created_at),
            })
            .collect())
    }

    pub async fn page_blacklist(
        &self,
        ctx: &AuthContext,
        filter: BlacklistFilter,
        page: PageRequest,
    ) -> AppResult<Paged<BlacklistView>> {
        let found = self
            .deps
            .blacklist
            .page_blacklist(ctx.merchant_id, &filter, page)
            .await?;
        Ok(Paged {
            total: found.total,
            list: self.blacklist_views(found.list).await?,
        })
    }

    /// Returns the new entry's id and the address as stored.
    pub async fn add_blacklist(
        &self,
        ctx: &AuthContext,
        chain_id: i64,
        address: &str,
        remark: &str,
    ) -> AppResult<(i64, String)> {
        let remark = check_remark(remark)?;
        let address = self.canonical_address(chain_id, address)?;
        let id = self
            .deps
            .blacklist
            .insert_blacklist(
                ctx.merchant_id,
                chain_id,
                &address,
                &remark,
                self.deps.clock.now(),
            )
            .await?;
        Ok((id, address))
    }

    /// Returns the deleted entry (for the operation log).
    pub async fn delete_blacklist(&self, ctx: &AuthContext, id: i64) -> AppResult<BlacklistView> {
        let record = self
            .deps
            .blacklist
            .find_blacklist(ctx.merchant_id, id)
            .await?
            .ok_or(AppError::Invalid(MsgKey::NoSuchRecord))?;
        if !self.deps.blacklist.delete_blacklist(ctx.merchant_id, id).await? {
            return Err(AppError::Invalid(MsgKey::NoSuchRecord));
        }
        let mut views = self.blacklist_views(vec![record]).await?;
        Ok(views.remove(0))
    }

    /// For payouts: whether the merchant blacklisted this address (in any form) on the chain.
    pub async fn is_blacklisted(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        address: &str,
    ) -> AppResult<bool> {
        let address = self.canonical_address(chain_id, address)?;
        self.deps
            .blacklist
            .is_blacklisted(merchant_id, chain_id, &address)
            .await
    }
}
