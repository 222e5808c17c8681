//! `coffer admin exchange …`: where each exchange pair's price comes from (docs/operations.md,
//! "Exchange price sources"). A merchant adds its pairs on Token > Trade; a pair without a
//! source is stopped, and so is one whose feed fails or is older than its limit.

use std::sync::Arc;

use clap::Subcommand;
use coffer_domain::clock::SystemClock;
use coffer_domain::exchange::pairs::{PairRecord, SourceKind, StoredSource};
use coffer_domain::exchange::sources::PriceSources;
use coffer_domain::ports::Ports;
use coffer_store::Store;

use crate::rates::refusal_text;

#[derive(Subcommand)]
pub enum ExchangeCmd {
    /// A merchant's pairs (id, chain, tokens, enabled, spread) and their price sources.
    Pairs {
        #[arg(long)]
        merchant: i64,
    },
    /// Sets a pair's price source: exactly one of --fixed, --feed or --none.
    Source {
        #[arg(long)]
        merchant: i64,
        #[arg(long)]
        pair: i64,
        /// A fixed rate, token out per 1 token in (shown as "fixed, not market").
        #[arg(long, conflicts_with_all = ["feed", "none"])]
        fixed: Option<String>,
        /// An HTTP(S) price feed answering {"price": "..."} (docs/operations.md).
        #[arg(long, conflicts_with = "none", requires = "max_age")]
        feed: Option<String>,
        /// The feed gives token in per 1 token out: use 1/price.
        #[arg(long, requires = "feed")]
        invert: bool,
        /// Seconds after which the feed's price is stale and the pair stops (1 to 3600).
        #[arg(long, requires = "feed")]
        max_age: Option<u32>,
        /// No source: the pair stops.
        #[arg(long)]
        none: bool,
    },
}

fn line(p: &PairRecord) -> String {
    let side = |t: Option<i64>| t.map_or_else(|| "native".to_string(), |id| format!("token {id}"));
    let source = match p.source.kind {
        SourceKind::None => "no source (stopped)".to_string(),
        SourceKind::Fixed => format!("fixed {} (not market)", p.source.fixed_rate),
        SourceKind::Feed => format!(
            "feed {}{} max age {} s",
            p.source.feed_url,
            if p.source.feed_invert { " inverted" } else { "" },
            p.source.feed_max_age_secs
        ),
    };
    format!(
        "{}\tchain {}\t{} -> {}\t{}\tspread {} bp\t{source}",
        p.id,
        p.chain_id,
        side(p.token_in),
        side(p.token_out),
        if p.terms.enabled { "enabled" } else { "disabled" },
        p.terms.spread_bp
    )
}

fn source_of(
    fixed: Option<String>,
    feed: Option<String>,
    invert: bool,
    max_age: Option<u32>,
    none: bool,
) -> anyhow::Result<StoredSource> {
    let mut source = StoredSource::unset();
    match (fixed, feed, none) {
        (Some(rate), None, false) => {
            source.kind = SourceKind::Fixed;
            source.fixed_rate = rate.trim().to_string();
        }
        (None, Some(url), false) => {
            source.kind = SourceKind::Feed;
            source.feed_url = url.trim().to_string();
            source.feed_invert = invert;
            source.feed_max_age_secs = max_age.unwrap_or_default();
        }
        (None, None, true) => {}
        _ => anyhow::bail!("give exactly one of --fixed RATE, --feed URL --max-age SECS, --none"),
    }
    Ok(source)
}

pub async fn run(store: &Store, cmd: ExchangeCmd) -> anyhow::Result<String> {
    let sources = PriceSources {
        ports: Ports::all_from(Arc::new(store.clone()), Arc::new(SystemClock)),
    };
    let fail = |e: coffer_domain::AppError| anyhow::anyhow!(refusal_text(&e));
    match cmd {
        ExchangeCmd::Pairs { merchant } => {
            let pairs = sources.pairs(merchant).await.map_err(fail)?;
            Ok(pairs.iter().map(|p| line(p) + "\n").collect())
        }
        ExchangeCmd::Source {
            merchant,
            pair,
            fixed,
            feed,
            invert,
            max_age,
            none,
        } => {
            let source = source_of(fixed, feed, invert, max_age, none)?;
            sources.set(merchant, pair, &source).await.map_err(fail)?;
            let pairs = sources.pairs(merchant).await.map_err(fail)?;
            Ok(pairs
                .iter()
                .filter(|p| p.id == pair)
                .map(|p| line(p) + "\n")
                .collect())
        }
    }
}
