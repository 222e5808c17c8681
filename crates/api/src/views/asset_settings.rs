//! An asset's settings as the console sends and reads them: collection, risk limits and cold
//! addresses. The `expecting` texts keep the refusal of a malformed body as it was when these
//! shapes were the domain's types (the detail names the struct).

use coffer_domain::ports::{ColdAddress, CollectSettings, RiskLimits};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", expecting = "struct CollectSettings")]
pub struct CollectSettingsView {
    pub auto_collect: bool,
    /// 1 daily at `start_time`, 2 every `interval_hours`, 3 on each deposit.
    pub collect_type: i32,
    pub start_time: String,
    pub interval_hours: i32,
    pub min_collect_amount: String,
    pub min_split_amount: String,
}

impl From<CollectSettings> for CollectSettingsView {
    fn from(c: CollectSettings) -> Self {
        CollectSettingsView {
            auto_collect: c.auto_collect,
            collect_type: c.collect_type,
            start_time: c.start_time,
            interval_hours: c.interval_hours,
            min_collect_amount: c.min_collect_amount,
            min_split_amount: c.min_split_amount,
        }
    }
}

impl From<CollectSettingsView> for CollectSettings {
    fn from(c: CollectSettingsView) -> Self {
        CollectSettings {
            auto_collect: c.auto_collect,
            collect_type: c.collect_type,
            start_time: c.start_time,
            interval_hours: c.interval_hours,
            min_collect_amount: c.min_collect_amount,
            min_split_amount: c.min_split_amount,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", expecting = "struct RiskLimits")]
pub struct RiskLimitsView {
    pub min_review_amount: String,
    pub max_daily_count: i64,
    pub daily_limit: String,
}

impl From<RiskLimits> for RiskLimitsView {
    fn from(r: RiskLimits) -> Self {
        RiskLimitsView {
            min_review_amount: r.min_review_amount,
            max_daily_count: r.max_daily_count,
            daily_limit: r.daily_limit,
        }
    }
}

impl From<RiskLimitsView> for RiskLimits {
    fn from(r: RiskLimitsView) -> Self {
        RiskLimits {
            min_review_amount: r.min_review_amount,
            max_daily_count: r.max_daily_count,
            daily_limit: r.daily_limit,
        }
    }
}

/// A cold address and its share of each collection.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(expecting = "struct ColdAddress")]
pub struct ColdShareView {
    pub address: String,
    /// Decimal string, e.g. "0.6".
    pub ratio: String,
}

impl From<ColdAddress> for ColdShareView {
    fn from(c: ColdAddress) -> Self {
        ColdShareView {
            address: c.address,
            ratio: c.ratio,
        }
    }
}

impl From<ColdShareView> for ColdAddress {
    fn from(c: ColdShareView) -> Self {
        ColdAddress {
            address: c.address,
            ratio: c.ratio,
        }
    }
}
