use chrono::{Duration, TimeZone, Utc};

use super::*;
use crate::exchange::price::{Price, SourceKind};
use crate::ports::OrderStatus;

fn units(text: &str, decimals: u8) -> BaseUnits {
    BaseUnits::from_decimal(text, decimals).unwrap()
}

fn usdt(text: &str) -> BaseUnits {
    units(text, 6)
}

fn dev(text: &str) -> BaseUnits {
    units(text, 18)
}

fn at(secs: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 8, 0, 0).unwrap() + Duration::seconds(secs)
}

fn terms() -> PairTerms {
    PairTerms {
        enabled: true,
        spread_bp: 100,
        tolerance_bp: 50,
        min_in: usdt("10"),
        max_in: usdt("1000"),
        daily_limit: BaseUnits::ZERO,
        payout_wallet: "0xhot".into(),
        outside_rule: OutsideRule::Refund,
    }
}

/// An API order of 100 USDT quoted at 2.475 DEV (market 2.5), at least 240 DEV out.
fn order(origin: Origin) -> NewExchangeOrder {
    NewExchangeOrder {
        merchant_id: 1,
        merchant_order_no: Some("ex-1".into()),
        origin,
        pair_id: 1,
        chain_id: 1337,
        token_in: Some(1),
        decimals_in: 6,
        token_out: None,
        decimals_out: 18,
        open_id: "user-7".into(),
        pay_address: "0xpay".into(),
        payout_address: "0xpayee".into(),
        quote_id: Some(1),
        amount_in: if origin == Origin::MerchantApi {
            usdt("100")
        } else {
            BaseUnits::ZERO
        },
        min_out: if origin == Origin::MerchantApi {
            dev("240")
        } else {
            BaseUnits::ZERO
        },
        amount_out: dev("247.5"),
        price: OrderPrice {
            rate: "2.475".into(),
            market_rate: "2.5".into(),
            spread_bp: 100,
            source_kind: SourceKind::Fixed,
            source_label: "fixed".into(),
            price_at: Some(at(0)),
            repriced: false,
        },
        status: OrderStatus::Confirming,
        pay_by: at(1800),
    }
}

/// The pair's price now: `market` less 1%.
fn live(market: &str) -> Result<LivePrice, PriceStop> {
    let rate = Rate::parse(market).unwrap();
    Ok(LivePrice {
        quote_rate: rate.less_spread(100).unwrap(),
        market: Price {
            rate,
            at: at(60),
            source: SourceKind::Feed,
        },
        age_secs: 0,
    })
}

fn ctx<'a>(terms: &'a PairTerms, fresh: Option<&'a Result<LivePrice, PriceStop>>) -> Context<'a> {
    Context {
        terms,
        quote_expires_at: Some(at(30)),
        fresh,
        used_today: BaseUnits::ZERO,
        available_out: dev("1000"),
        source_label: "feed.example",
    }
}

fn paid(amount: &str, secs: i64) -> Payment {
    Payment {
        amount: usdt(amount),
        seen_at: at(secs),
    }
}

fn outside(verdict: Verdict) -> Outside {
    match verdict {
        Verdict::Outside(why) => why,
        pay => panic!("expected outside the rules, got {pay:?}"),
    }
}

#[test]
fn an_exact_payment_within_its_quote_pays_the_quoted_amount_at_the_quoted_rate() {
    let (o, t) = (order(Origin::MerchantApi), terms());
    let verdict = decide(&o, &paid("100", 29), &ctx(&t, None));
    assert_eq!(
        verdict,
        Verdict::Pay {
            amount_out: dev("247.5"),
            price: o.price.clone()
        }
    );
}

#[test]
fn a_payment_other_than_the_quoted_amount_is_outside_the_rules() {
    let (o, t) = (order(Origin::MerchantApi), terms());
    assert_eq!(
        outside(decide(&o, &paid("99.999999", 5), &ctx(&t, None))),
        Outside::Underpaid
    );
    assert_eq!(
        outside(decide(&o, &paid("100.000001", 5), &ctx(&t, None))),
        Outside::Overpaid
    );
}

#[test]
fn a_late_payment_takes_the_fresh_rate_only_within_the_tolerance_and_says_so() {
    let (o, t) = (order(Origin::MerchantApi), terms());
    // 2.49 less 1% = 2.4651: 0.40% below the quote's 2.475, within 0.50%.
    let near = live("2.49");
    let Verdict::Pay { amount_out, price } = decide(&o, &paid("100", 30), &ctx(&t, Some(&near))) else {
        panic!("within the tolerance")
    };
    assert_eq!(amount_out, dev("246.51"));
    assert!(price.repriced);
    assert_eq!(
        (price.rate.as_str(), price.market_rate.as_str()),
        ("2.4651", "2.49")
    );
    assert_eq!(price.source_label, "feed.example");
    // 2.48 less 1% = 2.4552: 0.80% below: never silently re-priced.
    let far = live("2.48");
    assert_eq!(
        outside(decide(&o, &paid("100", 30), &ctx(&t, Some(&far)))),
        Outside::RateSlipped { shortfall_bp: 80 }
    );
    // A better rate is no shortfall.
    let better = live("2.6");
    assert!(matches!(
        decide(&o, &paid("100", 31), &ctx(&t, Some(&better))),
        Verdict::Pay { .. }
    ));
}

#[test]
fn without_a_price_a_late_payment_waits_for_a_person_whatever_the_pair_says() {
    let (o, t) = (order(Origin::MerchantApi), terms());
    let stopped = Err(PriceStop::Stale {
        age_secs: 90,
        max_secs: 60,
    });
    let why = outside(decide(&o, &paid("100", 31), &ctx(&t, Some(&stopped))));
    assert!(matches!(why, Outside::PriceStopped(_)), "{why:?}");
    assert_eq!(why.action(OutsideRule::Refund), OutsideRule::Review);
    assert_eq!(
        Outside::Underpaid.action(OutsideRule::Refund),
        OutsideRule::Refund
    );
    assert_eq!(
        outside(decide(&o, &paid("100", 31), &ctx(&t, None))).reason(),
        "price_stopped: no price read"
    );
}

#[test]
fn the_minimum_out_the_payout_wallet_and_the_limits_hold_for_every_payment() {
    let (o, t) = (order(Origin::MerchantApi), terms());
    // Fresh and within the tolerance, but under the end user's 240 DEV.
    let mut high_minimum = o.clone();
    high_minimum.min_out = dev("247");
    let near = live("2.49");
    assert_eq!(
        outside(decide(&high_minimum, &paid("100", 40), &ctx(&t, Some(&near)))),
        Outside::BelowMinimumOut
    );
    let mut short = ctx(&t, None);
    short.available_out = dev("247.499999");
    assert_eq!(
        outside(decide(&o, &paid("100", 5), &short)),
        Outside::InventoryShort
    );
    let mut limited = terms();
    limited.daily_limit = usdt("1000");
    let mut day = ctx(&limited, None);
    day.used_today = usdt("900");
    assert!(
        matches!(decide(&o, &paid("100", 5), &day), Verdict::Pay { .. }),
        "exactly the limit"
    );
    day.used_today = usdt("900.000001");
    assert_eq!(outside(decide(&o, &paid("100", 5), &day)), Outside::DailyLimit);
    let mut off = terms();
    off.enabled = false;
    assert_eq!(
        outside(decide(&o, &paid("100", 5), &ctx(&off, None))),
        Outside::PairDisabled
    );
}

#[test]
fn an_address_payment_is_priced_when_confirmed_within_the_pairs_limits() {
    let (o, t) = (order(Origin::Address), terms());
    let now = live("2.5");
    let Verdict::Pay { amount_out, price } = decide(&o, &paid("40", 5), &ctx(&t, Some(&now))) else {
        panic!("priced")
    };
    assert_eq!(amount_out, dev("99"));
    assert!(!price.repriced, "an address order has no quote to re-price");
    assert_eq!(
        outside(decide(&o, &paid("9.99", 5), &ctx(&t, Some(&now)))),
        Outside::BelowPairMinimum
    );
    assert_eq!(
        outside(decide(&o, &paid("1000.01", 5), &ctx(&t, Some(&now)))),
        Outside::AbovePairMaximum
    );
    assert!(!quote_holds(&o, &paid("40", 5), Some(at(30))));
}
