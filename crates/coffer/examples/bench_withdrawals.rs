//! `make bench`, withdrawals: on the real application (release build) with the devchain, for
//! each database (SQLite, and PostgreSQL when COFFER_TEST_PG_URL is set):
//! - review: N orders above the review minimum passed by one one-click review (orders/s),
//! - execution: the executor screening, signing, storing and broadcasting N passed orders from
//!   one hot wallet (withdrawals/s),
//! - contention: 50 concurrent reviews (rejections) of one order, exactly one of which takes
//!   effect; wall time and the mean time of one review. Rejections, because a pass also spends
//!   the reviewer's one-time Google code, which only one of 50 could hold: the race measured is
//!   the review's conditional update, the same for both.

mod support;

use coffer_domain::amount::BaseUnits;
use coffer_domain::codes::StoredCode;
use coffer_domain::ports::chain::Asset;
use coffer_domain::ports::{OrderFilter, ReviewAction};
use coffer_domain::withdrawals::request::{Requester, WithdrawRequest};
use coffer_domain::withdrawals::review::Selection;
use coffer_domain::Locale;
use coffer_testkit::DbKind;
use std::time::Instant;
use support::{CHAIN, USDT};

const ORDERS: usize = 200;
const CONTENDERS: usize = 50;
const PAYEE: &str = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

async fn run(kind: DbKind) -> anyhow::Result<()> {
    let bench = support::start(kind, |config| config.database.max_connections = 20).await?;
    let (app, merchant, ctx, hot) = (&bench.app, bench.merchant, bench.ctx.clone(), bench.hot.clone());
    let chain = app.devchain.clone().unwrap();
    chain
        .fund(&hot, &Asset::Native, BaseUnits::from_decimal("100", 18).unwrap())
        .await?;
    let usdt = Asset::Token {
        contract: coffer_chain::devchain::USDT_CONTRACT.into(),
    };
    chain
        .fund(&hot, &usdt, BaseUnits::from_decimal("10000000", 6).unwrap())
        .await?;
    chain.mine().await?;
    let service = app.withdrawals.clone();
    let ask = |no: String, amount: &str| WithdrawRequest {
        chain_id: CHAIN,
        token_id: Some(USDT),
        to_address: PAYEE.into(),
        amount: amount.into(),
        merchant_order_no: Some(no),
        ..WithdrawRequest::default()
    };

    // Review: N orders at the review minimum (1000 by default) wait; one one-click pass.
    for i in 0..ORDERS {
        service
            .request(merchant, Requester::MerchantApi, &ask(format!("r-{i}"), "1000"))
            .await
            .map_err(anyhow::Error::msg)?;
    }
    while app.executor.step().await.map_err(anyhow::Error::msg)?.screened > 0 {}
    let started = Instant::now();
    let mut passed = 0;
    while passed < ORDERS as u64 {
        let code = bench.google_code().await;
        let report = service
            .check(
                &ctx,
                Selection::All(OrderFilter::default()),
                ReviewAction::Pass.code(),
                None,
                &code,
                Locale::EnUs,
            )
            .await
            .map_err(anyhow::Error::msg)?;
        passed += report.done;
    }
    let review = started.elapsed();

    // Execution: the passed orders signed and broadcast from one hot wallet.
    let started = Instant::now();
    let mut broadcast = 0;
    while broadcast < ORDERS as u64 {
        broadcast += app.executor.step().await.map_err(anyhow::Error::msg)?.broadcast;
    }
    let execution = started.elapsed();

    // Contention: one order, 50 reviews at once.
    let contested = service
        .request(merchant, Requester::MerchantApi, &ask("contested".into(), "5000"))
        .await
        .map_err(anyhow::Error::msg)?;
    app.executor.step().await.map_err(anyhow::Error::msg)?;
    let started = Instant::now();
    let reviews = (0..CONTENDERS).map(|_| {
        let (service, ctx) = (service.clone(), ctx.clone());
        async move {
            let at = Instant::now();
            let report = service
                .check(
                    &ctx,
                    Selection::Ids(vec![contested.order.id]),
                    ReviewAction::Reject.code(),
                    Some("bench"),
                    "",
                    Locale::EnUs,
                )
                .await;
            (report.map(|r| r.done).unwrap_or(0), at.elapsed())
        }
    });
    let results = futures::future::join_all(reviews).await;
    let contention = started.elapsed();
    let winners: u64 = results.iter().map(|r| r.0).sum();
    assert_eq!(winners, 1, "exactly one review takes effect");
    let mean = results.iter().map(|r| r.1.as_secs_f64()).sum::<f64>() / CONTENDERS as f64;
    println!(
        "{kind:?}: review {:.0} withdrawals/s ({ORDERS} by one-click); signed and broadcast {:.0} withdrawals/s ({ORDERS} from one hot wallet); {CONTENDERS} concurrent reviews of one order: {:.0} ms in all, {:.1} ms each on average, 1 took effect",
        ORDERS as f64 / review.as_secs_f64(),
        ORDERS as f64 / execution.as_secs_f64(),
        contention.as_secs_f64() * 1000.0,
        mean * 1000.0,
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    support::each_database(run).await
}
