//! The IP list: addresses a merchant asks to call the merchant API from. An operator reviews
//! each request; approved ones form the allow-list.

use chrono::{DateTime, Utc};
use std::net::IpAddr;

use crate::auth::AuthContext;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{ApplyStatus, MerchantId, PageRequest, Paged, Ports};

/// The spec's limit of whitelisted IPs per merchant.
pub const MAX_LISTED_IPS: u64 = 10;
const MAX_REMARK_CHARS: usize = 100;

#[derive(Debug, Clone)]
pub struct IpRecord {
    pub id: i64,
    pub merchant_id: MerchantId,
    pub ip: String,
    pub remark: String,
    pub apply_status: ApplyStatus,
    pub created_at: DateTime<Utc>,
    pub reviewed_at: Option<DateTime<Utc>>,
}

#[async_trait::async_trait]
pub trait IpRepo: Send + Sync {
    async fn page_ips(&self, merchant_id: MerchantId, page: PageRequest) -> AppResult<Paged<IpRecord>>;
    /// Pending and approved entries of the merchant.
    async fn live_ips(&self, merchant_id: MerchantId) -> AppResult<Vec<IpRecord>>;
    async fn insert_ip(
        &self,
        merchant_id: MerchantId,
        ip: &str,
        remark: &str,
        at: DateTime<Utc>,
    ) -> AppResult<i64>;
    async fn find_ip(&self, id: i64) -> AppResult<Option<IpRecord>>;
    async fn delete_ip(&self, id: i64) -> AppResult<()>;
    /// The merchant's whitelist, oldest first.
    async fn allow_ips(&self, merchant_id: MerchantId) -> AppResult<Vec<crate::merchant_api::AllowIpRecord>>;
    /// Replaces the whitelist in one transaction.
    async fn replace_allow_ips(
        &self,
        merchant_id: MerchantId,
        ips: &[String],
        at: DateTime<Utc>,
    ) -> AppResult<()>;
    /// On the whitelist, or approved on the reviewed IP list (`ipConfigs`).
    async fn caller_ip_allowed(&self, merchant_id: MerchantId, ip: &str) -> AppResult<bool>;
}

pub struct IpListService {
    pub ports: Ports,
}

/// One IPv4 or IPv6 address in canonical form (so "::1" and "0:0:0:0:0:0:0:1" are one entry).
pub fn canonical_ip(raw: &str) -> AppResult<String> {
    raw.trim()
        .parse::<IpAddr>()
        .map(|ip| ip.to_string())
        .map_err(|_| AppError::Invalid(MsgKey::InvalidIp))
}

impl IpListService {
    pub async fn page(&self, ctx: &AuthContext, page: PageRequest) -> AppResult<Paged<IpRecord>> {
        self.ports.ips.page_ips(ctx.merchant_id, page).await
    }

    pub async fn request(&self, ctx: &AuthContext, ip: &str, remark: &str) -> AppResult<i64> {
        let ip = canonical_ip(ip)?;
        let remark = remark.trim();
        if remark.chars().count() > MAX_REMARK_CHARS {
            return Err(AppError::Invalid(MsgKey::RemarkTooLong));
        }
        let live = self.ports.ips.live_ips(ctx.merchant_id).await?;
        if live.iter().any(|r| r.ip == ip) {
            return Err(AppError::Invalid(MsgKey::IpListed));
        }
        if live.len() as u64 >= MAX_LISTED_IPS {
            return Err(AppError::Invalid(MsgKey::IpLimit));
        }
        self.ports
            .ips
            .insert_ip(ctx.merchant_id, &ip, remark, self.ports.clock.now())
            .await
    }

    /// Returns the deleted entry (for the operation log).
    pub async fn delete(&self, ctx: &AuthContext, id: i64) -> AppResult<IpRecord> {
        match self.ports.ips.find_ip(id).await? {
            Some(record) if record.merchant_id == ctx.merchant_id => {
                self.ports.ips.delete_ip(id).await?;
                Ok(record)
            }
            _ => Err(AppError::Invalid(MsgKey::NoSuchRecord)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_checked_and_canonical() {
        assert_eq!(canonical_ip(" 203.0.113.7 ").unwrap(), "203.0.113.7");
        assert_eq!(canonical_ip("0:0:0:0:0:0:0:1").unwrap(), "::1");
        assert_eq!(canonical_ip("2001:DB8::1").unwrap(), "2001:db8::1");
        for bad in [
            "",
            "203.0.113",
            "203.0.113.256",
            "10.0.0.0/8",
            "example.com",
            "1.2.3.4:80",
        ] {
            assert!(canonical_ip(bad).is_err(), "{bad}");
        }
    }
}
