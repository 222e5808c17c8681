//! What the energy order tests share: a TRON node double whose network is small enough that the
//! pool's stake yields a useful share, the platform's energy account funded and staked (and
//! holding 1 USDT, so quotes can simulate a transfer), the demo merchant with TRX points and an
//! Energy rate of 1.5 TRX points a use, and a receiving address of its own that holds USDT and
//! can send it (its key is the dev mnemonic's).

use coffer_chain::devchain::DEV_MNEMONIC;
use coffer_chain::keys;
use coffer_chain::tron::TronAdapter;
use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::Clock;
use coffer_domain::energy::orders::{EnergyOrder, QuoteRequest};
use coffer_domain::points::PointAsset;
use coffer_domain::ports::chain::{Asset, ChainAdapter, KeyPurpose, SecretKey, TransferRequest};
use coffer_domain::rates::{ChargeMode, RateTerms, Service};
use coffer_testkit::{TestDb, TronNode};
use serde_json::json;

use crate::chains::{tron_chain, TRON};
use crate::helpers::{spawn_app_with, TestApp, OTHER_EMAIL};
use crate::points_cli::said;
use crate::wallets::demo_merchant;

pub const TRX: u64 = 1_000_000;

pub struct World {
    pub node: TronNode,
    pub app: TestApp,
    pub merchant: i64,
    pub receiver: String,
    receiver_key: SecretKey,
    tron: TronAdapter,
}

fn admin_ok(app: &TestApp, args: &[&str]) {
    let (code, out, err) = said(&app.admin(args));
    assert_eq!(code, Some(0), "{args:?}: {out}{err}");
}

pub async fn world(db: TestDb) -> World {
    let node = TronNode::start().await;
    node.set_background_energy_weight(100_000);
    node.advance_to_next_day();
    let app = spawn_app_with(db, |c| tron_chain(c, &node.url(), &node.token())).await;
    let merchant = demo_merchant(&app).await;
    provider(&app, &node, merchant).await;
    let tron = TronAdapter::new(TRON, &node.url(), None).unwrap();
    let seed = keys::seed(DEV_MNEMONIC, "").unwrap();
    let key = tron.derive(&seed, KeyPurpose::Deposit, 40).unwrap();
    node.fund(&key.address, TRX);
    node.fund_token(&key.address, 1_000_000_000);
    node.mine();
    World {
        node,
        app,
        merchant,
        receiver: key.address,
        receiver_key: key.secret,
        tron,
    }
}

/// The provider's side on `app`: the seeded merchants' default rates from the test's clock on,
/// the other merchant the platform's, 100 TRX points granted to `merchant` and its Energy rate at
/// 1.5 TRX points a use, the platform's energy account funded and 5,000 TRX staked.
pub async fn provider(app: &TestApp, node: &TronNode, merchant: i64) {
    app.other_merchant().await;
    app.default_rates().await;
    admin_ok(app, &["points", "platform", "--email", OTHER_EMAIL]);
    let m = merchant.to_string();
    admin_ok(
        app,
        &[
            "points",
            "grant",
            "--merchant",
            &m,
            "--asset",
            "trx",
            "--amount",
            "100",
            "--reference",
            "G-1",
        ],
    );
    // The Energy row from the test's clock on (the command would start it at the machine's).
    let terms = RateTerms {
        mode: ChargeMode::Fixed,
        fixed: 1_500_000,
        ..RateTerms::FREE
    };
    app.energy
        .quotes
        .rates
        .set(merchant, Service::Energy, terms, app.clock.now())
        .await
        .unwrap();

    let staking = &app.energy.staking;
    let account = staking.account(TRON).await.unwrap();
    node.fund(&account.address, 10_000 * TRX);
    node.fund_token(&account.address, 1);
    node.mine();
    let stake = coffer_domain::energy::StakeOrder::Stake {
        amount_sun: 5_000 * TRX,
    };
    staking.submit(TRON, stake).await.unwrap();
    node.mine();
    staking.follow().await.unwrap();
}

impl World {
    pub fn request(&self, times: i64, days: i64, max_daily: i64) -> QuoteRequest {
        QuoteRequest {
            chain_id: TRON,
            receiver: self.receiver.clone(),
            times,
            days,
            max_daily,
            activate: false,
        }
    }

    /// Quotes and orders `request` for the demo merchant.
    pub async fn order(&self, request: QuoteRequest) -> EnergyOrder {
        let energy = &self.app.energy;
        let (quote, _, _) = energy.quotes.estimate(self.merchant, request).await.unwrap();
        energy
            .orders
            .place(self.merchant, None, &quote.token)
            .await
            .unwrap()
    }

    pub async fn order_now(&self, id: i64) -> EnergyOrder {
        let orders = &self.app.energy.quotes.ports.energy_orders;
        orders.order(self.merchant, id).await.unwrap().unwrap()
    }

    /// The demo merchant's TRX points: (available, held).
    pub async fn trx_points(&self) -> (i64, i64) {
        let balances = self
            .app
            .energy
            .orders
            .points
            .balances(self.merchant)
            .await
            .unwrap();
        let trx = balances
            .into_iter()
            .find(|(a, _)| *a == PointAsset::Trx)
            .unwrap()
            .1;
        (trx.available(), trx.debits_pending)
    }

    /// One block and 15 s, then every energy round once (transactions followed first, as a
    /// node's rounds would have by then).
    pub async fn block_and_rounds(&self) {
        self.node.mine();
        self.app.clock.advance(chrono::Duration::seconds(15));
        let energy = &self.app.energy;
        energy.staking.follow().await.unwrap();
        energy.supply.round().await.unwrap();
        energy.janitor.round().await.unwrap();
    }

    /// The receiver sends 1 USDT to an address holding USDT (the energy a transfer to a holder
    /// takes); the transaction id.
    pub async fn receiver_pays(&self) -> String {
        let holder = self.app.energy.staking.account(TRON).await.unwrap().address;
        let request = TransferRequest {
            from: self.receiver.clone(),
            to: holder,
            asset: Asset::Token {
                contract: self.node.token(),
            },
            amount: BaseUnits::from_u128(1_000_000),
            nonce: None,
        };
        let signed = self
            .tron
            .sign_transfer(&self.receiver_key, &request)
            .await
            .unwrap();
        self.tron.broadcast(&signed).await.unwrap();
        self.node.mine();
        signed.hash
    }

    /// Sets the demo merchant's time zone (hours east of UTC).
    pub async fn merchant_zone(&self, hours: i32) {
        let admin = self.app.sign_in_demo().await;
        let answer = self
            .app
            .me(&admin)
            .set_time_zone(json!({"timeZone": hours}))
            .await;
        assert_eq!(answer.code(), 1, "{:?}", answer.body);
    }
}
