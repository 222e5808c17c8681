use proptest::prelude::*;
use ruint::aliases::{U256, U512};

use super::*;

fn rate(text: &str) -> Rate {
    Rate::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn units(text: &str, decimals: u8) -> BaseUnits {
    BaseUnits::from_decimal(text, decimals).unwrap()
}

#[test]
fn a_rate_reads_and_writes_exact_decimals() {
    for (typed, text) in [
        ("0.2912", "0.2912"),
        ("0.29120000", "0.2912"),
        ("3", "3"),
        ("3.0", "3"),
        ("0.000000000000000001", "0.000000000000000001"),
        ("1000000000000000000", "1000000000000000000"),
        ("3.434065934065934065", "3.434065934065934065"),
    ] {
        assert_eq!(rate(typed).text(), text, "{typed}");
    }
    assert_eq!(rate("0.2912").scaled(), U256::from(291_200_000_000_000_000u64));
}

#[test]
fn a_bad_rate_text_is_refused_not_rounded() {
    for bad in [
        "",
        "0",
        "0.0",
        "-1",
        "+1",
        " 1",
        "1 ",
        "1.",
        ".5",
        "1e5",
        "1,5",
        "0x10",
        "abc",
        // 19 decimals: refused, never cut.
        "0.0000000000000000001",
        "0.2912000000000000001",
        // Above 10^18.
        "1000000000000000000.000000000000000001",
        "1000000000000000001",
    ] {
        let refused = Rate::parse(bad)
            .err()
            .unwrap_or_else(|| panic!("{bad:?} accepted"));
        assert_eq!(refused.msg_key(), MsgKey::ExchangeRateInvalid, "{bad:?}");
    }
    assert!(
        Rate::parse(&format!("1.{}", "0".repeat(60))).is_err(),
        "long text"
    );
}

#[test]
fn a_feed_price_is_cut_to_18_decimals() {
    assert_eq!(
        Rate::parse_cut("0.29120000000000000099").map(|r| r.text()),
        Some("0.2912".into())
    );
    assert_eq!(Rate::parse_cut("0.29120000"), Some(rate("0.2912")));
    // Cut to nothing is no price; junk past the 18th decimal is junk.
    assert_eq!(Rate::parse_cut("0.0000000000000000009"), None);
    assert_eq!(Rate::parse_cut("0.1234567890123456789x"), None);
    assert_eq!(Rate::parse_cut("0.123456789012345678é9"), None);
    assert_eq!(Rate::parse_cut("-0.5"), None);
}

#[test]
fn the_inverse_rounds_down() {
    for (of, inverse) in [
        ("0.2912", "3.434065934065934065"),
        ("3", "0.333333333333333333"),
        ("4", "0.25"),
        ("1", "1"),
        ("1000000000000000000", "0.000000000000000001"),
        ("0.000000000000000001", "1000000000000000000"),
        ("0.000000000000000003", "333333333333333333.333333333333333333"),
    ] {
        assert_eq!(rate(of).inverse().text(), inverse, "1 / {of}");
    }
}

#[test]
fn the_spread_comes_off_rounded_down() {
    assert_eq!(rate("0.2912").less_spread(50).unwrap().text(), "0.289744");
    // 3.434065934065934065 * 0.995 = 3.416895604395604394675
    assert_eq!(
        rate("3.434065934065934065").less_spread(50).unwrap().text(),
        "3.416895604395604394"
    );
    assert_eq!(rate("3").less_spread(0), Some(rate("3")));
    assert_eq!(rate("3").less_spread(5000).unwrap().text(), "1.5");
    assert_eq!(rate("3").less_spread(9999).unwrap().text(), "0.0003");
    // Nothing left: no rate, never a rate of 0.
    assert_eq!(rate("3").less_spread(FULL_BP), None);
    assert_eq!(rate("3").less_spread(FULL_BP + 1), None);
    assert_eq!(rate("0.000000000000000001").less_spread(1), None);
}

#[test]
fn an_amount_converts_between_decimals_rounded_down() {
    let quote = rate("3.416895604395604394");
    // 100 USDT (6 decimals) -> TRX (6 decimals): 341.6895604395604394 -> 341.689560.
    assert_eq!(
        quote.amount_out(units("100", 6), 6, 6),
        Some(units("341.68956", 6))
    );
    // To 18 decimals every digit of the rate survives.
    assert_eq!(
        quote.amount_out(units("100", 6), 6, 18),
        Some(units("341.6895604395604394", 18))
    );
    // From 18 decimals to 6: cut, never rounded up.
    assert_eq!(
        rate("1").amount_out(units("1.999999999999999999", 18), 18, 6),
        Some(units("1.999999", 6))
    );
    assert_eq!(
        rate("0.5").amount_out(BaseUnits::from_u128(1), 0, 0),
        Some(BaseUnits::ZERO)
    );
    assert_eq!(rate("3").amount_out(BaseUnits::ZERO, 6, 6), Some(BaseUnits::ZERO));
    // Beyond 256 bits: no answer, never a wrapped one.
    let max = BaseUnits(U256::MAX);
    assert_eq!(rate("2").amount_out(max, 6, 6), None);
    assert_eq!(rate("1").amount_out(max, 0, 18), None);
    assert_eq!(
        rate("1").amount_out(max, 18, 0),
        Some(BaseUnits(U256::MAX / one()))
    );
}

#[test]
fn a_shortfall_is_counted_in_basis_points_rounded_up() {
    let quoted = rate("1");
    assert_eq!(quoted.shortfall_bp(&rate("0.995")), 50);
    assert_eq!(quoted.shortfall_bp(&rate("0.99499")), 51, "50.1 bp is over 50");
    assert_eq!(quoted.shortfall_bp(&rate("0.999999999999999999")), 1);
    assert_eq!(quoted.shortfall_bp(&rate("1")), 0);
    assert_eq!(quoted.shortfall_bp(&rate("1.1")), 0);
    assert_eq!(quoted.shortfall_bp(&rate("0.000000000000000001")), FULL_BP);
    assert_eq!(rate("0.2912").shortfall_bp(&rate("0.2898")), 49, "48.07... bp");
}

fn scaled_rate() -> impl Strategy<Value = Rate> {
    (1u128..=10u128.pow(36)).prop_map(|s| Rate::from_scaled(U256::from(s)).unwrap())
}

fn wide(value: U256) -> U512 {
    U512::from(value)
}

proptest! {
    /// inverse * rate <= 1 < (inverse + 1 unit) * rate.
    #[test]
    fn the_inverse_is_the_largest_not_above_one_over_the_rate(r in scaled_rate()) {
        let one_squared = wide(one()) * wide(one());
        let inverse = wide(r.inverse().scaled());
        prop_assert!(inverse * wide(r.scaled()) <= one_squared);
        prop_assert!((inverse + U512::from(1u8)) * wide(r.scaled()) > one_squared);
    }

    #[test]
    fn the_spread_never_leaves_more_than_the_exact_share(r in scaled_rate(), bp in 0u32..FULL_BP) {
        let exact = wide(r.scaled()) * U512::from(FULL_BP - bp);
        let full = U512::from(FULL_BP);
        match r.less_spread(bp) {
            Some(quote) => {
                prop_assert!(wide(quote.scaled()) * full <= exact);
                prop_assert!((wide(quote.scaled()) + U512::from(1u8)) * full > exact);
            }
            None => prop_assert!(exact < full, "a rate was left"),
        }
    }

    /// The payer gets the largest amount not above the exact one, never a unit more.
    #[test]
    fn an_amount_out_is_the_exact_one_rounded_down(
        r in scaled_rate(),
        amount in 0u128..=u128::MAX,
        decimals_in in 0u8..=30,
        decimals_out in 0u8..=30,
    ) {
        // out / 10^out <= amount / 10^in * rate / 10^18, cross-multiplied.
        let paid = |units: U512| units * pow10(decimals_in) * pow10(RATE_DECIMALS);
        let exact = U512::from(amount) * wide(r.scaled()) * pow10(decimals_out);
        match r.amount_out(BaseUnits::from_u128(amount), decimals_in, decimals_out) {
            Some(out) => {
                prop_assert!(paid(wide(out.0)) <= exact);
                prop_assert!(paid(wide(out.0) + U512::from(1u8)) > exact);
            }
            None => prop_assert!(paid(wide(U256::MAX) + U512::from(1u8)) <= exact, "it fitted"),
        }
    }

    /// shortfall_bp is the smallest whole number of basis points covering the gap.
    #[test]
    fn a_shortfall_is_never_understated(quoted in scaled_rate(), fresh in scaled_rate()) {
        let bp = quoted.shortfall_bp(&fresh);
        if fresh >= quoted {
            prop_assert_eq!(bp, 0);
        } else {
            let gap = wide(quoted.scaled() - fresh.scaled()) * U512::from(FULL_BP);
            prop_assert!(U512::from(bp) * wide(quoted.scaled()) >= gap);
            prop_assert!(U512::from(bp - 1) * wide(quoted.scaled()) < gap);
        }
    }
}
