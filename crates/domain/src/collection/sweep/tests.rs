use super::*;

fn u(n: u128) -> BaseUnits {
    BaseUnits::from_u128(n)
}

#[test]
fn the_chain_balance_is_swept_and_compared_with_what_was_credited() {
    assert_eq!(
        sweepable(u(5_000_000), u(0), u(5_000_000), u(1_000_000)),
        Ok(Sweepable {
            amount: u(5_000_000),
            attributed: u(5_000_000),
            unattributed: u(0)
        })
    );
    assert_eq!(
        sweepable(u(5_000_000), u(0), u(5_250_000), u(1_000_000)),
        Ok(Sweepable {
            amount: u(5_250_000),
            attributed: u(5_000_000),
            unattributed: u(250_000)
        }),
        "an extra is swept and recorded as unattributed"
    );
    assert_eq!(
        sweepable(u(5_000_000), u(0), u(4_999_999), u(1_000_000)),
        Err(NotSwept::BalanceDrift {
            waiting: u(5_000_000),
            balance: u(4_999_999)
        }),
        "one unit short is drift"
    );
}

#[test]
fn a_confirming_deposit_swept_early_is_its_own_not_unattributed() {
    // 5 credited, 2 still confirming, 0.25 of dust: the dust alone is unattributed.
    assert_eq!(
        sweepable(u(5_000_000), u(2_000_000), u(7_250_000), u(1_000_000)),
        Ok(Sweepable {
            amount: u(7_250_000),
            attributed: u(7_000_000),
            unattributed: u(250_000)
        })
    );
    // The confirming deposit is not on chain any more (reorged): nothing unattributed.
    assert_eq!(
        sweepable(u(5_000_000), u(2_000_000), u(5_000_000), u(1_000_000)),
        Ok(Sweepable {
            amount: u(5_000_000),
            attributed: u(5_000_000),
            unattributed: u(0)
        })
    );
}

#[test]
fn below_the_minimum_nothing_moves() {
    assert_eq!(
        sweepable(u(0), u(0), u(999_999), u(1_000_000)),
        Err(NotSwept::BelowMinimum { balance: u(999_999) })
    );
    assert_eq!(
        sweepable(u(0), u(0), u(0), u(0)),
        Err(NotSwept::BelowMinimum { balance: u(0) })
    );
    assert!(
        sweepable(u(0), u(0), u(1_000_000), u(1_000_000)).is_ok(),
        "the minimum itself moves"
    );
}

#[test]
fn a_top_up_is_the_need_plus_the_margin_less_what_the_address_holds() {
    // Two transfers: 6.4285 TRX and 13.0285 TRX (in sun), the address holds 1 TRX.
    let fees = [u(6_428_500), u(13_028_500)];
    let need = 19_457_000u128;
    let none = u(0);
    assert_eq!(
        funding(&fees, u(1_000_000), none, None),
        Funding::TopUp {
            fee: u(need),
            amount: u(need * 105 / 100 - 1_000_000)
        }
    );
    assert_eq!(
        funding(&fees, u(need), none, None),
        Funding::Ready { fee: u(need) }
    );
    assert_eq!(
        funding(&fees, u(need), none, Some(u(need))),
        Funding::Ready { fee: u(need) },
        "at the cap it goes"
    );
    assert_eq!(
        funding(&fees, u(need), none, Some(u(need - 1))),
        Funding::AboveCap {
            total: u(need),
            cap: u(need - 1)
        },
        "above the cap it waits, even with the coin at hand"
    );
}

#[test]
fn the_cap_counts_what_the_collection_already_spent() {
    // The cap is the most a whole collection costs: a top-up of 1 TRX paid already, then a
    // sweep of 6.4285 TRX.
    let fees = [u(6_428_500)];
    let spent = u(1_000_000);
    assert_eq!(
        funding(&fees, u(7_000_000), spent, Some(u(7_428_500))),
        Funding::Ready { fee: u(6_428_500) }
    );
    assert_eq!(
        funding(&fees, u(7_000_000), spent, Some(u(7_428_499))),
        Funding::AboveCap {
            total: u(7_428_500),
            cap: u(7_428_499)
        }
    );
    assert_eq!(over_cap(spent, u(6_428_500), None), None);
    assert_eq!(
        over_cap(spent, u(6_428_500), Some(u(7_000_000))),
        Some((u(7_428_500), u(7_000_000)))
    );
}

#[test]
fn the_margin_rounds_up() {
    assert_eq!(with_margin(u(0)), u(0));
    assert_eq!(with_margin(u(1)), u(2));
    assert_eq!(with_margin(u(20)), u(21));
    assert_eq!(with_margin(u(21)), u(23));
}

#[test]
fn native_coin_leaves_only_once_no_token_remains() {
    assert_eq!(native_leftover(u(5_000), u(1_000), true), None);
    assert_eq!(native_leftover(u(5_000), u(1_000), false), Some(u(4_000)));
    assert_eq!(
        native_leftover(u(1_000), u(1_000), false),
        None,
        "not worth its own fee"
    );
    assert_eq!(native_leftover(u(999), u(1_000), false), None);
}
