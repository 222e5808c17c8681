//! The home overview, the daily series and the data reports (menus 1, 601, 602): figures summed
//! from the hourly order buckets (`OrderRollup`) in the merchant's days, balances as last read
//! (`BalanceReadings`), and what waits for people. Nothing here reads an order row.

pub mod days;
pub mod figures;
pub mod home;
#[cfg(test)]
mod tests;

use chrono::{DateTime, NaiveDate, Utc};

use crate::config::ChainNode;
use crate::error::AppResult;
use crate::ports::{
    AssetStatus, CollectionFeeQuery, MerchantId, OrderKind, OrderStatus, PageRequest, Ports, RollupBucket,
    RollupQuery,
};
pub use days::DayRange;
pub use figures::{Asset, AssetFigures, DayFigures, Report, ReportKind, ReportRow, Tally};
pub use home::{ChainLag, Holding};

/// The home overview's period when none is chosen: this many days ending today.
pub const DEFAULT_PERIOD_DAYS: i64 = 7;

/// Complete deposits, withdrawals and exchanges of some days (an exchange counted in the token
/// paid in).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Movements {
    pub deposits: Tally,
    pub withdrawals: Tally,
    pub exchanges: Tally,
}

/// What waits for people.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Waiting {
    pub withdrawals_in_review: u64,
    /// The hour the oldest of them was created in: Home's link opens the list that far back.
    pub withdrawals_in_review_since: Option<DateTime<Utc>>,
    /// Exchanges held for a person (Token > Trade, button 20402).
    pub exchanges_held: u64,
    pub exchanges_held_since: Option<DateTime<Utc>>,
    pub callbacks_failing: u64,
    pub cold_requests_pending: u64,
}

/// The getting-started card's steps, each done or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GettingStarted {
    pub token_enabled: bool,
    pub hot_wallet: bool,
    pub callback_url: bool,
    pub api_key: bool,
    pub rsa_key: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HomeOverview {
    pub today: NaiveDate,
    pub period: DayRange,
    pub holdings: Vec<Holding>,
    pub today_figures: Movements,
    pub period_figures: Movements,
    pub waiting: Waiting,
    pub chains: Vec<ChainLag>,
    pub getting_started: GettingStarted,
}

/// The daily series of a range (every date, oldest first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailySeries {
    pub range: DayRange,
    pub days: Vec<DayFigures>,
}

/// Optional narrowing of the series and reports to one chain or token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AssetFilter {
    pub chain_id: Option<i64>,
    pub token_id: Option<i64>,
}

pub struct ReportService {
    pub ports: Ports,
}

impl ReportService {
    pub fn new(ports: Ports) -> ReportService {
        ReportService { ports }
    }

    async fn time_zone(&self, merchant_id: MerchantId) -> AppResult<i32> {
        Ok(self.ports.config.merchant_settings(merchant_id).await?.time_zone)
    }

    /// The merchant's range of dates as sent (checked in its time zone).
    pub async fn range(
        &self,
        merchant_id: MerchantId,
        start: Option<&str>,
        end: Option<&str>,
    ) -> AppResult<DayRange> {
        DayRange::parse(start, end, self.time_zone(merchant_id).await?)
    }

    async fn buckets(
        &self,
        merchant_id: MerchantId,
        kind: OrderKind,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        filter: AssetFilter,
    ) -> AppResult<Vec<RollupBucket>> {
        // Only complete orders make figures: the others' buckets are not read at all.
        let query = RollupQuery {
            merchant_id,
            kind,
            start,
            end,
            chain_id: filter.chain_id,
            token_id: filter.token_id,
            statuses: Some(figures::COMPLETE.to_vec()),
        };
        self.ports.rollup.buckets(&query).await
    }

    pub async fn daily_series(
        &self,
        merchant_id: MerchantId,
        range: DayRange,
        filter: AssetFilter,
    ) -> AppResult<DailySeries> {
        let (start, end) = (range.utc_start(), range.utc_end());
        let deposits = self
            .buckets(merchant_id, OrderKind::Deposit, start, end, filter)
            .await?;
        let withdrawals = self
            .buckets(merchant_id, OrderKind::Withdrawal, start, end, filter)
            .await?;
        let nodes = self.ports.config.chain_nodes().await?;
        let days = figures::daily_series(&range, &deposits, &withdrawals, &nodes);
        Ok(DailySeries { range, days })
    }

    pub async fn report(
        &self,
        merchant_id: MerchantId,
        kind: ReportKind,
        range: DayRange,
        filter: AssetFilter,
    ) -> AppResult<Report> {
        let order_kind = match kind {
            ReportKind::Payment => OrderKind::Withdrawal,
            ReportKind::Receipt => OrderKind::Deposit,
        };
        let buckets = self
            .buckets(
                merchant_id,
                order_kind,
                range.utc_start(),
                range.utc_end(),
                filter,
            )
            .await?;
        // Money out is also what moving deposits to cold storage cost on chain.
        let collections = match kind {
            ReportKind::Payment => {
                let query = CollectionFeeQuery {
                    merchant_id,
                    start: range.utc_start(),
                    end: range.utc_end(),
                    chain_id: filter.chain_id,
                    token_id: filter.token_id,
                };
                self.ports.collection_queries.collection_fees(&query).await?
            }
            ReportKind::Receipt => Vec::new(),
        };
        let nodes = self.ports.config.chain_nodes().await?;
        Ok(figures::report(kind, range, &buckets, &collections, &nodes))
    }

    /// The overview of the period `start..=end`; neither given: the last
    /// [`DEFAULT_PERIOD_DAYS`] days.
    pub async fn home(
        &self,
        merchant_id: MerchantId,
        start: Option<&str>,
        end: Option<&str>,
    ) -> AppResult<HomeOverview> {
        let settings = self.ports.config.merchant_settings(merchant_id).await?;
        let now = self.ports.clock.now();
        let tz = settings.time_zone;
        let blank = |date: Option<&str>| date.is_none_or(|d| d.trim().is_empty());
        let period = if blank(start) && blank(end) {
            DayRange::ending_today(now, tz, DEFAULT_PERIOD_DAYS)
        } else {
            DayRange::parse(start, end, tz)?
        };
        let today = DayRange::ending_today(now, tz, 1);
        // Today and the period are parts of one read of complete buckets; the holdings and what
        // waits span all time and come from the all-time totals (a few rows).
        let span = (
            today.utc_start().min(period.utc_start()),
            today.utc_end().max(period.utc_end()),
        );
        let all = AssetFilter::default();
        let deposits = self
            .buckets(merchant_id, OrderKind::Deposit, span.0, span.1, all)
            .await?;
        let withdrawals = self
            .buckets(merchant_id, OrderKind::Withdrawal, span.0, span.1, all)
            .await?;
        let exchanges = self
            .buckets(merchant_id, OrderKind::Exchange, span.0, span.1, all)
            .await?;
        let rollup = &self.ports.rollup;
        let deposit_totals = rollup.totals(merchant_id, OrderKind::Deposit).await?;
        let withdrawal_totals = rollup.totals(merchant_id, OrderKind::Withdrawal).await?;
        let exchange_totals = rollup.totals(merchant_id, OrderKind::Exchange).await?;
        let nodes = self.ports.config.chain_nodes().await?;
        let assets = self.ports.assets.assets(merchant_id, None).await?;
        let enabled: Vec<Asset> = assets
            .iter()
            .filter(|a| a.status == AssetStatus::Enabled)
            .map(|a| Asset {
                chain_id: a.chain_id,
                token_id: Some(a.token_id),
            })
            .collect();
        let readings = self.ports.balances.balances(merchant_id).await?;
        let collected = self
            .ports
            .collection_queries
            .collected_per_asset(merchant_id)
            .await?;
        let movements = |range: &DayRange| Movements {
            deposits: within(range, &deposits, &nodes),
            withdrawals: within(range, &withdrawals, &nodes),
            exchanges: within(range, &exchanges, &nodes),
        };
        Ok(HomeOverview {
            today: today.end,
            holdings: home::holdings(&enabled, &readings, &deposit_totals, &collected, &nodes),
            today_figures: movements(&today),
            period_figures: movements(&period),
            period,
            waiting: self
                .waiting(merchant_id, &withdrawal_totals, &exchange_totals)
                .await?,
            chains: self.chains(&nodes).await?,
            getting_started: self.getting_started(merchant_id, !enabled.is_empty()).await?,
        })
    }

    async fn waiting(
        &self,
        merchant_id: MerchantId,
        withdrawals: &[RollupBucket],
        exchanges: &[RollupBucket],
    ) -> AppResult<Waiting> {
        let held = |buckets: &[RollupBucket]| -> u64 {
            buckets
                .iter()
                .filter(|b| b.key.status == OrderStatus::AwaitingReview)
                .map(|b| b.count)
                .sum()
        };
        let one = PageRequest { page: 1, size: 1 };
        let cold_requests = self
            .ports
            .token_requests
            .page_token_requests(Some(merchant_id), None, true, one)
            .await?;
        let (withdrawals_held, exchanges_held) = (held(withdrawals), held(exchanges));
        // Asked only when something waits: with nothing held the read would walk every bucket.
        let since = |kind, count: u64| async move {
            match count {
                0 => Ok(None),
                _ => {
                    let rollup = &self.ports.rollup;
                    rollup
                        .oldest_hour(merchant_id, kind, OrderStatus::AwaitingReview)
                        .await
                }
            }
        };
        let (withdrawals_since, exchanges_since) = futures::try_join!(
            since(OrderKind::Withdrawal, withdrawals_held),
            since(OrderKind::Exchange, exchanges_held)
        )?;
        Ok(Waiting {
            withdrawals_in_review: withdrawals_held,
            withdrawals_in_review_since: withdrawals_since,
            exchanges_held,
            exchanges_held_since: exchanges_since,
            callbacks_failing: self.ports.callback_log.failing_events(merchant_id).await?,
            cold_requests_pending: cold_requests.total,
        })
    }

    /// Every chain the service scans (as home/config lists them), whichever the merchant uses:
    /// a lagging scanner delays every merchant's deposits on that chain.
    async fn chains(&self, nodes: &[ChainNode]) -> AppResult<Vec<ChainLag>> {
        let mut lags = Vec::new();
        for node in nodes {
            let progress = self.ports.scan.scan_progress(node.chainid).await?;
            lags.push(ChainLag {
                chain_id: node.chainid,
                chain_name: node.chainname.clone(),
                scanned_height: progress.as_ref().and_then(|p| p.next_block.checked_sub(1)),
                tip_height: progress.as_ref().and_then(|p| p.tip),
                scanned_at: progress.map(|p| p.updated_at),
            });
        }
        Ok(lags)
    }

    async fn getting_started(
        &self,
        merchant_id: MerchantId,
        token_enabled: bool,
    ) -> AppResult<GettingStarted> {
        let one = PageRequest { page: 1, size: 1 };
        let hot_wallets = self
            .ports
            .hot_wallets
            .page_hot_wallets(merchant_id, None, one)
            .await?;
        let api = self.ports.merchant_api.api_settings(merchant_id).await?;
        Ok(GettingStarted {
            token_enabled,
            hot_wallet: hot_wallets.total > 0,
            callback_url: api.callback_url.is_some_and(|u| !u.trim().is_empty()),
            api_key: api.key_id.is_some(),
            rsa_key: api.client_key.is_some(),
        })
    }
}

/// The complete orders of `buckets` created within the range.
fn within(range: &DayRange, buckets: &[RollupBucket], nodes: &[ChainNode]) -> Tally {
    Tally::of(
        buckets
            .iter()
            .filter(|b| figures::is_complete(b) && range.contains(b.key.hour)),
        nodes,
    )
}
