//! Recharges: a merchant pays USDT (or, on a TRON chain, TRX) to its recharge address, a deposit
//! address of the platform's own merchant with OpenID `points:<merchant>`; once the payment is
//! confirmed (the scanner's ordinary deposit) the round credits USDT points (TRX points), once
//! per (chain, transaction, index), and reverses them if a reorganisation voids it
//! (docs/operations.md, "Recharges").

use std::collections::HashSet;

use chrono::Duration;

use super::{keys, AccountRef, Cause, LedgerOp, NewTransfer, Origin, Outcome, PointAsset, MAX_POINTS};
use crate::amount::BaseUnits;
use crate::config::ChainNode;
use crate::error::AppResult;
use crate::ports::{DepositRecord, MerchantId, Ports};
use crate::rates::price::{in_points, TokenAmount};

/// The token a recharge is paid in: 1 USDT buys 1 USDT point.
pub const RECHARGE_TOKEN: &str = "USDT";

/// The native coin that recharges TRX points (1 TRX buys 1 TRX point): a chain's own coin is
/// taken only where its symbol is this, TRON's; no other chain's coin buys points.
pub const RECHARGE_COIN: &str = "TRX";

const OPEN_ID_PREFIX: &str = "points:";

/// Deposits found this long ago or less are read each round: far longer than any confirmation
/// or reorganisation takes, and it keeps a round's read small however long the history.
pub const RECHARGE_WINDOW_HOURS: i64 = 48;

/// Deposits read (and transfers applied in one batch) per step of a round.
const BATCH: u64 = 200;

/// How many times one payment may be credited again after a reversal (a reorganisation that
/// drops it, then mines it again): keys stay under 200 characters.
const GENERATIONS: usize = 5;

/// The OpenID of a merchant's recharge address among the platform merchant's addresses.
pub fn open_id(merchant_id: MerchantId) -> String {
    format!("{OPEN_ID_PREFIX}{merchant_id}")
}

/// The merchant a recharge address is for, from its OpenID (None: not a recharge address).
pub fn merchant_of(open_id: &str) -> Option<MerchantId> {
    let id = open_id.strip_prefix(OPEN_ID_PREFIX)?;
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    id.parse().ok().filter(|id| *id > 0)
}

/// The rule the merchant is shown: a payment is credited only above 1 token.
pub fn above_minimum(amount: BaseUnits, decimals: i32) -> bool {
    let one = BaseUnits::from_decimal("1", decimals.clamp(0, 77) as u8);
    one.is_ok_and(|one| amount > one)
}

/// The note of a payment to a recharge address in a token or coin that buys points: none (it
/// is credited) above 1, else why it never is.
pub fn note(amount: BaseUnits, decimals: i32) -> &'static str {
    if above_minimum(amount, decimals) {
        ""
    } else {
        crate::deposits::rules::BELOW_RECHARGE_MINIMUM
    }
}

/// What a payment to a recharge address buys: USDT points for the USDT token, TRX points for the
/// chain's native coin where it is TRX (`token_id` None); None for anything else.
pub fn recharge_asset(node: &ChainNode, token_id: Option<i64>) -> Option<PointAsset> {
    match token_id {
        Some(id) => node
            .tokens
            .iter()
            .any(|t| t.tokenid == id && t.symbol.eq_ignore_ascii_case(RECHARGE_TOKEN))
            .then_some(PointAsset::Usdt),
        None => accepts_coin(node).then_some(PointAsset::Trx),
    }
}

/// Whether the chain's native coin recharges points (TRX on TRON).
pub fn accepts_coin(node: &ChainNode) -> bool {
    node.symbol.eq_ignore_ascii_case(RECHARGE_COIN)
}

/// A payment's points, rounded down to 6 decimals (None beyond the ledger's range).
pub fn points_of(amount: BaseUnits, decimals: i32) -> Option<i64> {
    let token = TokenAmount {
        units: amount,
        decimals: u8::try_from(decimals).ok()?,
        symbol: RECHARGE_TOKEN,
    };
    let points = in_points(&token).ok()?;
    i64::try_from(points).ok().filter(|p| *p > 0 && *p <= MAX_POINTS)
}

/// A payment's transfer keys in the order they are made: the credit, its reversal, the credit
/// again (the reversal of the reversal) after the payment is mined again, and so on.
fn key_chain(first: String) -> Vec<String> {
    let mut chain = vec![first];
    while chain.len() < 2 * GENERATIONS {
        chain.push(keys::reversal(chain.last().expect("not empty")));
    }
    chain
}

/// The transfer a payment needs now, if any: the keys made so far say whether its points are
/// credited (an odd number); a credited deposit needs them credited, a voided one reversed.
fn next_key(chain: &[String], made: &HashSet<String>, deposit_credited: bool) -> Option<(String, Cause)> {
    let count = chain.iter().take_while(|k| made.contains(*k)).count();
    let points_credited = count % 2 == 1;
    if points_credited == deposit_credited {
        return None;
    }
    let cause = if deposit_credited {
        Cause::Recharge
    } else {
        Cause::RechargeReversal
    };
    Some((chain.get(count)?.clone(), cause))
}

/// What a round did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RechargeReport {
    pub credited: usize,
    pub reversed: usize,
}

pub struct RechargeRound {
    pub ports: Ports,
}

impl RechargeRound {
    /// Credits the recharges confirmed and reverses those voided since their credit, in
    /// batches of the recent deposits. Every transfer is keyed by its payment, so any number of
    /// rounds on any number of nodes, or one cut short, credit each payment once.
    pub async fn run(&self) -> AppResult<RechargeReport> {
        let mut report = RechargeReport::default();
        let Some(platform) = self.ports.recharge.platform_merchant().await? else {
            return Ok(report);
        };
        let nodes = self.ports.config.chain_nodes().await?;
        let since = self.ports.clock.now() - Duration::hours(RECHARGE_WINDOW_HOURS);
        let mut after = 0;
        loop {
            let deposits = self
                .ports
                .recharge
                .recharge_deposits(platform, since, after, BATCH)
                .await?;
            let Some(last) = deposits.last() else {
                return Ok(report);
            };
            after = last.id;
            let ops = self.ops(&deposits, &nodes).await?;
            for outcome in self.ports.points.apply(&ops).await? {
                match outcome {
                    Outcome::Done(t) if t.cause == Cause::Recharge => report.credited += 1,
                    Outcome::Done(_) => report.reversed += 1,
                    Outcome::Again(_) => {}
                    Outcome::Refused(refusal) => {
                        tracing::error!(?refusal, "a recharge transfer was refused")
                    }
                }
            }
            if (deposits.len() as u64) < BATCH {
                return Ok(report);
            }
        }
    }

    async fn ops(&self, deposits: &[DepositRecord], nodes: &[ChainNode]) -> AppResult<Vec<LedgerOp>> {
        let payments: Vec<(&DepositRecord, Payment)> = deposits
            .iter()
            .filter_map(|d| Some((d, Payment::of(d, nodes)?)))
            .collect();
        let all: Vec<String> = payments.iter().flat_map(|(_, p)| p.keys.clone()).collect();
        let made = self.ports.recharge.existing_keys(&all).await?;
        let at = self.ports.clock.now();
        let mut ops = Vec::new();
        for (deposit, payment) in payments {
            let Some((key, cause)) = next_key(&payment.keys, &made, deposit.credited) else {
                continue;
            };
            let (debit, credit) = match cause {
                Cause::Recharge => (AccountRef::Outside, AccountRef::Merchant(payment.merchant)),
                _ => (AccountRef::Merchant(payment.merchant), AccountRef::Outside),
            };
            ops.push(LedgerOp::Transfer(NewTransfer {
                key,
                asset: payment.asset,
                debit,
                credit,
                amount: payment.points,
                cause,
                hold_until: None,
                origin: Origin {
                    reference: format!("deposit:{}", deposit.id),
                    rate_id: None,
                    chain: Some(payment.chain_name),
                    tx_hash: Some(deposit.tx_hash.clone()),
                    volume: None,
                },
                at,
            }));
        }
        Ok(ops)
    }
}

/// A deposit read as a recharge.
struct Payment {
    merchant: MerchantId,
    asset: PointAsset,
    points: i64,
    chain_name: String,
    keys: Vec<String>,
}

impl Payment {
    /// None for a deposit that is not a recharge: not to a recharge address, neither the
    /// recharge token nor the recharge coin, 1 of it or less (the scanner noted it and never
    /// credited it).
    fn of(deposit: &DepositRecord, nodes: &[ChainNode]) -> Option<Payment> {
        let merchant = merchant_of(&deposit.open_id)?;
        let node = nodes.iter().find(|n| n.chainid == deposit.chain_id)?;
        let asset = recharge_asset(node, deposit.token_id)?;
        if !above_minimum(deposit.amount, deposit.decimals) {
            return None;
        }
        // The chain's id, not its name: a name the operator renames must not make a new key.
        let first = keys::recharge(&deposit.chain_id.to_string(), &deposit.tx_hash, deposit.tx_index);
        Some(Payment {
            merchant,
            asset,
            points: points_of(deposit.amount, deposit.decimals)?,
            chain_name: node.chainname.clone(),
            keys: key_chain(first),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recharge_address_names_its_merchant() {
        assert_eq!(merchant_of(&open_id(42)), Some(42));
        assert_eq!(merchant_of("points:"), None);
        assert_eq!(merchant_of("points:+4"), None);
        assert_eq!(merchant_of("points:0"), None);
        assert_eq!(merchant_of("user-42"), None);
    }

    #[test]
    fn only_more_than_one_token_is_credited_rounded_down_to_six_decimals() {
        let units = |text: &str, d: u8| BaseUnits::from_decimal(text, d).unwrap();
        assert!(!above_minimum(units("1", 6), 6));
        assert!(above_minimum(units("1.000001", 6), 6));
        assert!(!above_minimum(units("1", 18), 18));
        assert_eq!(points_of(units("5", 6), 6), Some(5_000_000));
        assert_eq!(points_of(units("1.0000019", 18), 18), Some(1_000_001));
    }

    #[test]
    fn usdt_buys_usdt_points_and_only_tron_coin_buys_trx_points() {
        let node = |symbol: &str| ChainNode {
            chainid: 1,
            chainname: "chain".into(),
            symbol: symbol.into(),
            txurl: String::new(),
            decimals: 6,
            family: String::new(),
            tokens: vec![token(7, "USDT"), token(8, "USDC")],
        };
        let tron = node("TRX");
        assert_eq!(recharge_asset(&tron, Some(7)), Some(PointAsset::Usdt));
        assert_eq!(recharge_asset(&tron, Some(8)), None);
        assert_eq!(recharge_asset(&tron, None), Some(PointAsset::Trx));
        assert_eq!(recharge_asset(&node("ETH"), None), None, "no other chain's coin");
        assert_eq!(recharge_asset(&node("ETH"), Some(7)), Some(PointAsset::Usdt));
    }

    fn token(tokenid: i64, symbol: &str) -> crate::config::TokenInfo {
        crate::config::TokenInfo {
            tokenid,
            symbol: symbol.into(),
            price: "1".into(),
            decimals: 6,
            contract: String::new(),
        }
    }

    #[test]
    fn a_payment_is_credited_reversed_and_credited_again_each_once() {
        let chain = key_chain("recharge:1:0xab:0".into());
        let mut made = HashSet::new();
        let step = |made: &HashSet<String>, credited| next_key(&chain, made, credited);
        assert_eq!(step(&made, false), None, "never credited: nothing to reverse");
        let (first, cause) = step(&made, true).unwrap();
        assert_eq!((first.as_str(), cause), ("recharge:1:0xab:0", Cause::Recharge));
        made.insert(first);
        assert_eq!(step(&made, true), None, "credited once");
        let (reversal, cause) = step(&made, false).unwrap();
        assert_eq!(cause, Cause::RechargeReversal);
        made.insert(reversal);
        assert_eq!(step(&made, false), None);
        let (again, cause) = step(&made, true).unwrap();
        assert_eq!(
            (again.as_str(), cause),
            ("recharge:1:0xab:0/reversal/reversal", Cause::Recharge)
        );
    }
}
