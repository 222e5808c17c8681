//! The home overview's, the daily series' and the data reports' wire shapes.

use chrono::NaiveDate;
use coffer_domain::amount::BaseUnits;
use coffer_domain::reports::{
    AssetFigures, ChainLag, DailySeries, GettingStarted, Holding, HomeOverview, Movements, Report, Tally,
    Waiting,
};
use serde::Serialize;

use crate::orders::token_units;
use crate::views::time;

pub(crate) fn wire_date(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

fn amount(value: BaseUnits, decimals: i32) -> String {
    value.to_decimal(token_units(decimals))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TotalView {
    chain_id: i64,
    token_id: Option<i64>,
    chainname: String,
    symbol: String,
    decimals: i32,
    amount: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TallyView {
    count: u64,
    totals: Vec<TotalView>,
}

impl From<Tally> for TallyView {
    fn from(t: Tally) -> TallyView {
        TallyView {
            count: t.count,
            totals: t
                .totals
                .into_iter()
                .map(|f| TotalView {
                    chain_id: f.asset.chain_id,
                    token_id: f.asset.token_id,
                    amount: amount(f.amount, f.decimals),
                    chainname: f.names.chain_name,
                    symbol: f.names.symbol,
                    decimals: f.decimals,
                })
                .collect(),
        }
    }
}

#[derive(Serialize)]
struct MovementsView {
    deposits: TallyView,
    withdrawals: TallyView,
    exchanges: TallyView,
}

impl From<Movements> for MovementsView {
    fn from(m: Movements) -> MovementsView {
        MovementsView {
            deposits: m.deposits.into(),
            withdrawals: m.withdrawals.into(),
            exchanges: m.exchanges.into(),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HoldingView {
    chain_id: i64,
    token_id: Option<i64>,
    chainname: String,
    symbol: String,
    decimals: i32,
    hot_wallets: String,
    hot_wallets_read_at: Option<String>,
    deposit_addresses: String,
    cold: Option<String>,
    cold_read_at: Option<String>,
}

impl From<Holding> for HoldingView {
    fn from(h: Holding) -> HoldingView {
        HoldingView {
            chain_id: h.asset.chain_id,
            token_id: h.asset.token_id,
            hot_wallets: amount(h.hot_wallets, h.decimals),
            hot_wallets_read_at: h.hot_wallets_read_at.map(time),
            deposit_addresses: amount(h.deposit_addresses, h.decimals),
            cold: h.cold.map(|c| amount(c, h.decimals)),
            cold_read_at: h.cold_read_at.map(time),
            chainname: h.names.chain_name,
            symbol: h.names.symbol,
            decimals: h.decimals,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WaitingView {
    withdrawals_in_review: u64,
    withdrawals_in_review_since: Option<String>,
    exchanges_held: u64,
    exchanges_held_since: Option<String>,
    callbacks_failing: u64,
    cold_requests_pending: u64,
}

impl From<Waiting> for WaitingView {
    fn from(w: Waiting) -> WaitingView {
        WaitingView {
            withdrawals_in_review: w.withdrawals_in_review,
            withdrawals_in_review_since: w.withdrawals_in_review_since.map(time),
            exchanges_held: w.exchanges_held,
            exchanges_held_since: w.exchanges_held_since.map(time),
            callbacks_failing: w.callbacks_failing,
            cold_requests_pending: w.cold_requests_pending,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChainLagView {
    chain_id: i64,
    chainname: String,
    scanned_height: Option<u64>,
    tip_height: Option<u64>,
    lag_blocks: Option<u64>,
    scanned_at: Option<String>,
}

impl From<ChainLag> for ChainLagView {
    fn from(c: ChainLag) -> ChainLagView {
        ChainLagView {
            lag_blocks: c.lag_blocks(),
            chain_id: c.chain_id,
            chainname: c.chain_name,
            scanned_height: c.scanned_height,
            tip_height: c.tip_height,
            scanned_at: c.scanned_at.map(time),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GettingStartedView {
    token_enabled: bool,
    hot_wallet: bool,
    callback_url: bool,
    api_key: bool,
    rsa_key: bool,
}

impl From<GettingStarted> for GettingStartedView {
    fn from(g: GettingStarted) -> GettingStartedView {
        GettingStartedView {
            token_enabled: g.token_enabled,
            hot_wallet: g.hot_wallet,
            callback_url: g.callback_url,
            api_key: g.api_key,
            rsa_key: g.rsa_key,
        }
    }
}

/// Today's figures with today's date. The contract named both the date and the figures
/// `today` (one JSON key cannot be both): the date is `today.date`.
#[derive(Serialize)]
struct TodayView {
    date: String,
    #[serde(flatten)]
    figures: MovementsView,
}

/// `/home/main_v3_2`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HomeView {
    time_zone: i32,
    today: TodayView,
    start_date: String,
    end_date: String,
    holdings: Vec<HoldingView>,
    period: MovementsView,
    waiting: WaitingView,
    chains: Vec<ChainLagView>,
    getting_started: GettingStartedView,
}

impl From<HomeOverview> for HomeView {
    fn from(h: HomeOverview) -> HomeView {
        HomeView {
            time_zone: h.period.time_zone,
            today: TodayView {
                date: wire_date(h.today),
                figures: h.today_figures.into(),
            },
            start_date: wire_date(h.period.start),
            end_date: wire_date(h.period.end),
            holdings: h.holdings.into_iter().map(HoldingView::from).collect(),
            period: h.period_figures.into(),
            waiting: h.waiting.into(),
            chains: h.chains.into_iter().map(ChainLagView::from).collect(),
            getting_started: h.getting_started.into(),
        }
    }
}

#[derive(Serialize)]
struct DayView {
    date: String,
    deposits: TallyView,
    withdrawals: TallyView,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DailyView {
    start_date: String,
    end_date: String,
    days: Vec<DayView>,
}

impl From<DailySeries> for DailyView {
    fn from(series: DailySeries) -> DailyView {
        DailyView {
            start_date: wire_date(series.range.start),
            end_date: wire_date(series.range.end),
            days: series
                .days
                .into_iter()
                .map(|d| DayView {
                    date: wire_date(d.date),
                    deposits: d.deposits.into(),
                    withdrawals: d.withdrawals.into(),
                })
                .collect(),
        }
    }
}

/// One report row or total: an asset's count, amount and network fee.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ReportFiguresView {
    pub(crate) chain_id: i64,
    pub(crate) token_id: Option<i64>,
    pub(crate) chainname: String,
    pub(crate) symbol: String,
    pub(crate) decimals: i32,
    pub(crate) count: u64,
    pub(crate) amount: String,
    /// In the chain's native coin.
    pub(crate) fee: String,
    pub(crate) fee_symbol: String,
    /// Payment: the asset's collections that paid a network fee, and that fee (in `fee_symbol`);
    /// 0 and "0" on the Receipt report.
    pub(crate) collections: u64,
    pub(crate) collection_fee: String,
}

impl From<AssetFigures> for ReportFiguresView {
    fn from(f: AssetFigures) -> ReportFiguresView {
        ReportFiguresView {
            chain_id: f.asset.chain_id,
            token_id: f.asset.token_id,
            amount: amount(f.amount, f.decimals),
            fee: f.fee.to_decimal(f.names.native_decimals),
            collections: f.collections,
            collection_fee: f.collection_fee.to_decimal(f.names.native_decimals),
            fee_symbol: f.names.chain_symbol,
            chainname: f.names.chain_name,
            symbol: f.names.symbol,
            decimals: f.decimals,
            count: f.count,
        }
    }
}

#[derive(Serialize)]
struct ReportRowView {
    date: String,
    #[serde(flatten)]
    figures: ReportFiguresView,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportView {
    start_date: String,
    end_date: String,
    rows: Vec<ReportRowView>,
    totals: Vec<ReportFiguresView>,
}

impl From<Report> for ReportView {
    fn from(r: Report) -> ReportView {
        ReportView {
            start_date: wire_date(r.range.start),
            end_date: wire_date(r.range.end),
            rows: r
                .rows
                .into_iter()
                .map(|row| ReportRowView {
                    date: wire_date(row.date),
                    figures: row.figures.into(),
                })
                .collect(),
            totals: r.totals.into_iter().map(ReportFiguresView::from).collect(),
        }
    }
}
