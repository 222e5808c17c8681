//! The address blacklist (menu 802): addresses the merchant never pays out to. Entries are
//! canonical for their chain, so one address is one entry whatever case it was typed in.

use chrono::{DateTime, Utc};

use super::{BlacklistFilter, BlacklistRecord, MerchantApiService};
use crate::auth::AuthContext;
use crate::config::chain_name;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{MerchantId, PageRequest, Paged};
use crate::wallets::rules::check_remark;

/// A blacklist entry with its chain's name.
#[derive(Debug, Clone)]
pub struct BlacklistEntry {
    pub id: i64,
    pub chain_id: i64,
    pub chain_name: String,
    pub address: String,
    pub remark: String,
    pub created_at: DateTime<Utc>,
}

impl MerchantApiService {
    /// The address in its chain's canonical form, or 'Invalid address for this chain'.
    fn canonical_address(&self, chain_id: i64, address: &str) -> AppResult<String> {
        self.chains
            .require(chain_id)?
            .parse_address(address.trim())
            .map_err(|_| AppError::Invalid(MsgKey::InvalidAddress))
    }

    async fn blacklist_entries(&self, rows: Vec<BlacklistRecord>) -> AppResult<Vec<BlacklistEntry>> {
        let nodes = self.ports.config.chain_nodes().await?;
        Ok(rows
            .into_iter()
            .map(|r| BlacklistEntry {
                id: r.id,
                chain_id: r.chain_id,
                chain_name: chain_name(&nodes, r.chain_id),
                address: r.address,
                remark: r.remark,
                created_at: r.created_at,
            })
            .collect())
    }

    pub async fn page_blacklist(
        &self,
        ctx: &AuthContext,
        filter: BlacklistFilter,
        page: PageRequest,
    ) -> AppResult<Paged<BlacklistEntry>> {
        let found = self
            .ports
            .blacklist
            .page_blacklist(ctx.merchant_id, &filter, page)
            .await?;
        Ok(Paged {
            total: found.total,
            list: self.blacklist_entries(found.list).await?,
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
            .ports
            .blacklist
            .insert_blacklist(
                ctx.merchant_id,
                chain_id,
                &address,
                &remark,
                self.ports.clock.now(),
            )
            .await?;
        Ok((id, address))
    }

    /// Returns the deleted entry (for the operation log).
    pub async fn delete_blacklist(&self, ctx: &AuthContext, id: i64) -> AppResult<BlacklistEntry> {
        let record = self
            .ports
            .blacklist
            .find_blacklist(ctx.merchant_id, id)
            .await?
            .ok_or(AppError::Invalid(MsgKey::NoSuchRecord))?;
        if !self.ports.blacklist.delete_blacklist(ctx.merchant_id, id).await? {
            return Err(AppError::Invalid(MsgKey::NoSuchRecord));
        }
        let mut entries = self.blacklist_entries(vec![record]).await?;
        Ok(entries.remove(0))
    }

    /// For payouts: whether the merchant blacklisted this address (in any form) on the chain.
    pub async fn is_blacklisted(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        address: &str,
    ) -> AppResult<bool> {
        let address = self.canonical_address(chain_id, address)?;
        self.ports
            .blacklist
            .is_blacklisted(merchant_id, chain_id, &address)
            .await
    }
}
