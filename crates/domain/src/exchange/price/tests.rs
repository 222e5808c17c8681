use std::collections::HashMap;
use std::sync::Mutex;

use chrono::{Duration, TimeZone};

use super::*;
use crate::codes::StoredCode;
use crate::ErrorCode;

const TICKER: &str = "https://api.binance.com/api/v3/ticker/price?symbol=TRXUSDT";

/// Canned feed bodies by URL; counts the reads.
#[derive(Default)]
struct CannedFeeds {
    bodies: Mutex<HashMap<String, Result<String, String>>>,
    reads: Mutex<usize>,
}

impl CannedFeeds {
    fn answering(body: &str) -> CannedFeeds {
        let feeds = CannedFeeds::default();
        feeds.set(Ok(body.to_string()));
        feeds
    }

    fn set(&self, answer: Result<String, String>) {
        self.bodies.lock().unwrap().insert(TICKER.to_string(), answer);
    }

    fn reads(&self) -> usize {
        *self.reads.lock().unwrap()
    }
}

#[async_trait::async_trait]
impl PriceFeeds for CannedFeeds {
    async fn fetch(&self, url: &str) -> Result<String, String> {
        *self.reads.lock().unwrap() += 1;
        self.bodies
            .lock()
            .unwrap()
            .get(url)
            .cloned()
            .unwrap_or_else(|| Err(format!("no canned body for {url}")))
    }
}

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 8, 0, 0).unwrap()
}

fn ms(at: DateTime<Utc>) -> i64 {
    at.timestamp_millis()
}

fn feed(invert: bool, max_age_secs: u32) -> PriceSource {
    PriceSource::feed(TICKER, invert, max_age_secs).unwrap()
}

async fn read(source: &PriceSource, body: &str) -> Result<Price, PriceStop> {
    read_price(source, &CannedFeeds::answering(body), now()).await
}

async fn bad_price(body: &str) -> String {
    match read(&feed(false, 60), body).await {
        Err(PriceStop::BadPrice(detail)) => detail,
        other => panic!("{body}: {other:?}"),
    }
}

#[tokio::test]
async fn a_ticker_without_a_time_is_priced_when_read() {
    let price = read(&feed(false, 60), r#"{"symbol":"TRXUSDT","price":"0.29120000"}"#)
        .await
        .unwrap();
    assert_eq!(price.rate.text(), "0.2912");
    assert_eq!((price.at, price.source), (now(), SourceKind::Feed));
    assert_eq!(price.age_ms(now() + Duration::milliseconds(1500)), 1500);
}

#[tokio::test]
async fn an_inverted_feed_gives_out_per_in() {
    // A TRXUSDT ticker (USDT per TRX) for a USDT -> TRX pair: TRX per USDT, rounded down.
    let price = read(&feed(true, 60), r#"{"symbol":"TRXUSDT","price":"0.29120000"}"#)
        .await
        .unwrap();
    assert_eq!(price.rate.text(), "3.434065934065934065");
}

#[tokio::test]
async fn a_price_may_be_a_json_number() {
    assert_eq!(
        read(&feed(false, 60), r#"{"price":0.2912}"#)
            .await
            .unwrap()
            .rate
            .text(),
        "0.2912"
    );
    assert_eq!(
        read(&feed(false, 60), r#"{"price":3}"#)
            .await
            .unwrap()
            .rate
            .text(),
        "3"
    );
    // Written with an exponent, read as plain decimals.
    assert_eq!(
        read(&feed(false, 60), r#"{"price":3.5e-7}"#)
            .await
            .unwrap()
            .rate
            .text(),
        "0.00000035"
    );
}

#[tokio::test]
async fn the_price_time_is_read_from_any_of_its_three_names() {
    let at = now() - Duration::seconds(30);
    for name in ["time", "closeTime", "timestamp"] {
        let body = format!(r#"{{"price":"0.2912","{name}":{}}}"#, ms(at));
        assert_eq!(read(&feed(false, 60), &body).await.unwrap().at, at, "{name}");
    }
    let as_text = format!(r#"{{"price":"0.2912","time":"{}"}}"#, ms(at));
    assert_eq!(read(&feed(false, 60), &as_text).await.unwrap().at, at);
    // `time` is looked at first.
    let both = format!(r#"{{"price":"1","time":{},"closeTime":0}}"#, ms(at));
    assert_eq!(read(&feed(false, 60), &both).await.unwrap().at, at);
}

#[tokio::test]
async fn a_price_older_than_its_limit_stops_the_pair() {
    let aged = |age: Duration| format!(r#"{{"price":"0.2912","closeTime":{}}}"#, ms(now() - age));
    assert!(read(&feed(false, 60), &aged(Duration::seconds(60))).await.is_ok());
    for (age, shown) in [
        (Duration::milliseconds(60_001), 61),
        (Duration::seconds(61), 61),
        (Duration::hours(2), 7200),
    ] {
        assert_eq!(
            read(&feed(false, 60), &aged(age)).await,
            Err(PriceStop::Stale {
                age_secs: shown,
                max_secs: 60
            })
        );
    }
    // An hour-long limit takes the two-hour-old price neither.
    assert!(read(&feed(false, 3600), &aged(Duration::hours(2))).await.is_err());
}

#[tokio::test]
async fn a_price_from_the_future_is_refused_beyond_five_seconds() {
    let ahead = |by: Duration| format!(r#"{{"price":"0.2912","time":{}}}"#, ms(now() + by));
    assert!(read(&feed(false, 60), &ahead(Duration::seconds(5))).await.is_ok());
    let refused = read(&feed(false, 60), &ahead(Duration::milliseconds(5_001))).await;
    assert!(
        matches!(&refused, Err(PriceStop::BadPrice(detail)) if detail.contains("5001 ms ahead")),
        "{refused:?}"
    );
}

#[tokio::test]
async fn a_body_without_a_usable_price_is_refused() {
    for (body, said) in [
        ("<html>busy</html>", "not JSON"),
        (r#"[{"price":"1"}]"#, "not a JSON object"),
        (r#"{"symbol":"TRXUSDT"}"#, "no \"price\""),
        (r#"{"price":"0"}"#, "not a decimal above 0"),
        (r#"{"price":"0.00000000"}"#, "not a decimal above 0"),
        (r#"{"price":"-0.29"}"#, "not a decimal above 0"),
        (r#"{"price":-0.29}"#, "not a decimal above 0"),
        (r#"{"price":"0.29 USDT"}"#, "not a decimal above 0"),
        (r#"{"price":null}"#, "not a decimal above 0"),
        (r#"{"price":"1e5"}"#, "not a decimal above 0"),
        (r#"{"price":"1000000000000000001"}"#, "not a decimal above 0"),
        (
            r#"{"price":"1","time":"yesterday"}"#,
            "\"time\" is not milliseconds",
        ),
        (
            r#"{"price":"1","closeTime":1.5}"#,
            "\"closeTime\" is not milliseconds",
        ),
        (
            r#"{"price":"1","timestamp":-99999999999999999}"#,
            "\"timestamp\" is not milliseconds",
        ),
    ] {
        let detail = bad_price(body).await;
        assert!(detail.contains(said), "{body}: {detail}");
    }
    let long = format!(r#"{{"price":"{}"}}"#, "9".repeat(5000));
    assert!(
        bad_price(&long).await.len() < 200,
        "the log line holds an excerpt"
    );
}

#[tokio::test]
async fn every_read_is_live_with_no_fallback() {
    let feeds = CannedFeeds::answering(r#"{"price":"0.2912"}"#);
    let source = feed(false, 60);
    assert_eq!(
        read_price(&source, &feeds, now()).await.unwrap().rate.text(),
        "0.2912"
    );
    feeds.set(Ok(r#"{"price":"0.3"}"#.into()));
    assert_eq!(
        read_price(&source, &feeds, now()).await.unwrap().rate.text(),
        "0.3"
    );
    feeds.set(Err("HTTP 503 Service Unavailable".into()));
    assert_eq!(
        read_price(&source, &feeds, now()).await,
        Err(PriceStop::FeedFailed("HTTP 503 Service Unavailable".into()))
    );
    assert_eq!(feeds.reads(), 3);
}

#[tokio::test]
async fn fixed_and_missing_sources_read_nothing() {
    let feeds = CannedFeeds::default();
    let fixed = PriceSource::fixed("7.25").unwrap();
    let price = read_price(&fixed, &feeds, now()).await.unwrap();
    assert_eq!(
        (price.rate.text(), price.at, price.source),
        ("7.25".into(), now(), SourceKind::Fixed)
    );
    assert_eq!(
        read_price(&PriceSource::None, &feeds, now()).await,
        Err(PriceStop::NoSource)
    );
    assert_eq!(feeds.reads(), 0);
}

#[test]
fn a_stop_answers_its_code_and_names_its_reason() {
    let stops = [
        (
            PriceStop::NoSource,
            ErrorCode::PriceSourceMissing,
            "no price source",
        ),
        (
            PriceStop::FeedFailed("timed out".into()),
            ErrorCode::PriceFeedFailed,
            "timed out",
        ),
        (
            PriceStop::BadPrice("the body is not JSON".into()),
            ErrorCode::PriceFeedFailed,
            "not JSON",
        ),
        (
            PriceStop::Stale {
                age_secs: 75,
                max_secs: 60,
            },
            ErrorCode::PriceStale,
            "75 s old, over its limit of 60 s",
        ),
    ];
    for (stop, code, reason) in stops {
        assert!(stop.reason().contains(reason), "{}", stop.reason());
        assert_eq!(AppError::from(stop).code(), code);
    }
    assert_eq!(
        [22001, 22002, 22003],
        [
            ErrorCode::PriceSourceMissing,
            ErrorCode::PriceFeedFailed,
            ErrorCode::PriceStale
        ]
        .map(|c| c.value())
    );
}

#[test]
fn a_feed_needs_a_plain_http_url_and_a_limit_of_1_to_3600_seconds() {
    for good in [
        TICKER,
        "http://10.0.0.5:8080/price",
        "https://prices.example/trx?key=abc",
    ] {
        assert!(PriceSource::feed(good, false, 60).is_ok(), "{good}");
    }
    let long = format!("https://prices.example/{}", "a".repeat(MAX_FEED_URL_CHARS));
    for bad in [
        "",
        "api.binance.com/api/v3/ticker/price",
        "ftp://prices.example/trx",
        "file:///etc/passwd",
        "http://",
        "https://user:secret@prices.example/trx",
        "https://prices.example/trx#now",
        " https://prices.example/trx",
        "https://prices.example/t rx",
        long.as_str(),
    ] {
        let refused = PriceSource::feed(bad, false, 60)
            .err()
            .unwrap_or_else(|| panic!("{bad:?}"));
        assert_eq!(refused.msg_key(), MsgKey::PriceFeedUrlInvalid, "{bad:?}");
    }
    for (age, ok) in [(0, false), (1, true), (3600, true), (3601, false)] {
        let made = PriceSource::feed(TICKER, true, age);
        assert_eq!(made.is_ok(), ok, "{age}");
        if !ok {
            assert_eq!(made.unwrap_err().msg_key(), MsgKey::PriceMaxAgeRange);
        }
    }
    assert_eq!(
        PriceSource::fixed("1.5 ").unwrap_err().msg_key(),
        MsgKey::ExchangeRateInvalid
    );
}

#[test]
fn a_label_shows_the_kind_and_only_a_feeds_host() {
    let with_key = PriceSource::feed("https://prices.example:8443/trx?apikey=secret", true, 30).unwrap();
    assert_eq!(
        with_key.label(),
        SourceLabel {
            kind: SourceKind::Feed,
            host: Some("prices.example".into()),
            max_age_secs: Some(30),
        }
    );
    let fixed = PriceSource::fixed("3").unwrap().label();
    assert_eq!(
        (fixed.kind, fixed.host, fixed.max_age_secs),
        (SourceKind::Fixed, None, None)
    );
    assert_eq!(PriceSource::None.label().kind, SourceKind::None);
    let codes = [SourceKind::None, SourceKind::Fixed, SourceKind::Feed].map(|k| k.code());
    assert_eq!(codes, [0, 1, 2]);
}
