use super::*;
use proptest::prelude::*;

fn units(v: u128) -> BaseUnits {
    BaseUnits::from_u128(v)
}

fn cold(ratios: &[u64]) -> Vec<ColdShare> {
    ratios
        .iter()
        .enumerate()
        .map(|(i, &ratio)| ColdShare {
            address: format!("cold-{i}"),
            ratio,
            collected: BaseUnits::ZERO,
        })
        .collect()
}

fn amounts(parts: &[Part]) -> Vec<(String, u128)> {
    parts
        .iter()
        .map(|p| (p.address.clone(), p.amount.0.to::<u128>()))
        .collect()
}

/// 1 to 5 ratios of ten-thousandths, each above 0, totalling 10,000.
fn ratios() -> impl Strategy<Value = Vec<u64>> {
    (1usize..=5).prop_flat_map(|n| {
        proptest::collection::btree_set(1u64..RATIO_ONE, n - 1).prop_map(|cuts| {
            let mut edges: Vec<u64> = std::iter::once(0).chain(cuts).collect();
            edges.push(RATIO_ONE);
            edges.windows(2).map(|w| w[1] - w[0]).collect()
        })
    })
}

#[test]
fn a_sweep_above_the_split_minimum_follows_the_ratios() {
    // 100.000001 USDT (6 decimals) at 0.6 / 0.3 / 0.1: the odd unit goes to the largest fraction.
    let parts = destinations(units(100_000_001), units(50_000_000), &cold(&[6000, 3000, 1000])).unwrap();
    assert_eq!(
        amounts(&parts),
        vec![
            ("cold-0".into(), 60_000_001),
            ("cold-1".into(), 30_000_000),
            ("cold-2".into(), 10_000_000),
        ]
    );
}

#[test]
fn leftover_units_go_to_the_largest_fractions_then_to_earlier_addresses() {
    // 2 units at 1/3, 1/3, 1/3 (3333, 3333, 3334): the third has the largest fraction, then the first.
    let parts = destinations(units(2), BaseUnits::ZERO, &cold(&[3333, 3333, 3334])).unwrap();
    assert_eq!(amounts(&parts), vec![("cold-0".into(), 1), ("cold-2".into(), 1)]);
}

#[test]
fn a_sweep_at_or_below_the_split_minimum_goes_whole_to_the_address_furthest_below_its_share() {
    let mut shares = cold(&[5000, 3000, 2000]);
    shares[0].collected = units(600); // over its half of 1,000
    shares[1].collected = units(100); // 200 below its 300
    shares[2].collected = units(200); // 0 below its 200
    let parts = destinations(units(100), units(100), &shares).unwrap();
    assert_eq!(amounts(&parts), vec![("cold-1".into(), 100)]);
}

#[test]
fn with_nothing_collected_yet_a_small_sweep_goes_to_the_largest_ratio() {
    let parts = destinations(units(7), units(1_000), &cold(&[2000, 5000, 3000])).unwrap();
    assert_eq!(amounts(&parts), vec![("cold-1".into(), 7)]);
}

#[test]
fn addresses_that_cannot_take_a_sweep_are_refused() {
    assert_eq!(
        destinations(units(1), units(0), &[]),
        Err(SplitError::NoColdAddress)
    );
    assert_eq!(
        destinations(units(1), units(0), &cold(&[6000, 3000])),
        Err(SplitError::RatiosNotWhole)
    );
    assert_eq!(
        destinations(units(1), units(0), &cold(&[10_000, 0])),
        Err(SplitError::RatiosNotWhole)
    );
}

#[test]
fn the_largest_amounts_split_without_overflow() {
    let max = BaseUnits(U256::MAX);
    let parts = destinations(max, BaseUnits::ZERO, &cold(&[3333, 3333, 3334])).unwrap();
    let total = parts.iter().fold(U256::ZERO, |sum, p| sum + p.amount.0);
    assert_eq!(total, U256::MAX);
}

proptest! {
    #[test]
    fn a_split_adds_up_and_no_part_is_a_unit_off_its_exact_share(amount in 1u128.., ratios in ratios()) {
        let shares = cold(&ratios);
        let parts = destinations(units(amount), BaseUnits::ZERO, &shares).unwrap();
        prop_assert_eq!(parts.iter().map(|p| p.amount.0.to::<u128>()).sum::<u128>(), amount);
        for share in &shares {
            let got = parts.iter().find(|p| p.address == share.address).map_or(0, |p| p.amount.0.to::<u128>());
            // |got × ONE − amount × ratio| < ONE, in 256 bits.
            let exact = U256::from(amount) * U256::from(share.ratio);
            let got = U256::from(got) * U256::from(RATIO_ONE);
            let off = if got > exact { got - exact } else { exact - got };
            prop_assert!(off < U256::from(RATIO_ONE), "{} off by {off} / 10000", share.address);
        }
        // The same input gives the same transfers.
        prop_assert_eq!(destinations(units(amount), BaseUnits::ZERO, &shares).unwrap(), parts);
    }

    #[test]
    fn small_sweeps_keep_every_address_within_one_sweep_of_its_share(
        ratios in ratios(),
        sweeps in proptest::collection::vec(1u128..1_000_000, 1..200),
    ) {
        let mut shares = cold(&ratios);
        let largest = *sweeps.iter().max().unwrap();
        for sweep in sweeps {
            let parts = destinations(units(sweep), units(1_000_000), &shares).unwrap();
            prop_assert_eq!(parts.len(), 1);
            let to = shares.iter_mut().find(|s| s.address == parts[0].address).unwrap();
            to.collected = to.collected.saturating_add(units(sweep));
            let total: u128 = shares.iter().map(|s| s.collected.0.to::<u128>()).sum();
            for s in &shares {
                // collected × ONE ≤ total × ratio + largest × ONE: never a whole sweep over its share.
                let over = s.collected.0.to::<u128>() * u128::from(RATIO_ONE);
                prop_assert!(over <= total * u128::from(s.ratio) + largest * u128::from(RATIO_ONE));
            }
        }
    }
}
