//! `spawn_app()`: the real application on port 0 with a fresh database, and a client that
//! speaks the envelope.

use chrono::{Duration, TimeZone, Utc};
use coffer::app::App;
use coffer::config::{Config, Secret};
use coffer::points_rounds::PointsRounds;
use coffer_chain::devchain::Devchain;
use coffer_domain::callbacks::keys::PlatformKeys;
use coffer_domain::callbacks::CallbackService;
use coffer_domain::clock::{Clock, ManualClock};
use coffer_domain::deposits::scanner::DepositScanner;
use coffer_domain::vault::KeyVault;
use coffer_domain::wallets::WalletService;
use coffer_store::Store;
use coffer_testkit::TestDb;
use serde_json::{json, Value};
use std::sync::Arc;

pub const DEMO_EMAIL: &str = "demo@coffer.local";
pub const DEMO_PASSWORD: &str = "Demo-Pass-2026";
/// The admin of a second merchant, for checking that nothing crosses between merchants.
pub const OTHER_EMAIL: &str = "boss@other.example";
pub const OTHER_PASSWORD: &str = "Other-Pass-2026";

pub struct TestApp {
    pub base: String,
    pub store: Store,
    pub vault: Arc<KeyVault>,
    pub wallets: Arc<WalletService>,
    pub devchain: Devchain,
    pub scanner: Arc<DepositScanner>,
    pub callbacks: Arc<CallbackService>,
    pub platform_keys: Arc<PlatformKeys>,
    pub clock: Arc<ManualClock>,
    pub http: reqwest::Client,
    pub db: TestDb,
    /// What the in-process server runs with (a `coffer` child process gets the same).
    pub config: Config,
    pub housekeeper: Arc<coffer::workers::Housekeeper>,
    pub executor: Arc<coffer_domain::withdrawals::executor::WithdrawalExecutor>,
    pub planner: Arc<coffer_domain::collection::planner::CollectionPlanner>,
    pub sweeper: Arc<coffer_domain::collection::executor::SweepExecutor>,
    /// Settles the fee holds of ended work (the workers' round, stepped by hand).
    pub settler: Arc<coffer_domain::points::settle::FeeSettler>,
    pub recharges: Arc<coffer_domain::points::recharge::RechargeRound>,
    /// Checks "I have paid" (the workers' round, stepped by hand).
    pub bills: Arc<coffer_domain::bills::service::BillService>,
    /// Issues the bills of ended months (the workers' round, stepped by hand).
    pub issuer: Arc<coffer_domain::bills::issue::BillIssuer>,
    pub low_balance: Arc<coffer_domain::points::low_balance::LowBalanceRound>,
    /// Delivers the queued mail (to the outbox, the tests' transport).
    pub mail_sender: Arc<coffer_domain::mail_sender::MailSender>,
    /// TRON energy: staking, quotes, orders and their rounds (the tests drive them).
    pub energy: coffer::energy_rounds::EnergyRounds,
    /// The exchange round (the tests drive it).
    pub exchange: Arc<coffer_domain::exchange::round::ExchangeRound>,
}

/// The answer of a call: HTTP status plus the parsed envelope.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
}

impl Answer {
    pub fn code(&self) -> i64 {
        self.body["code"]
            .as_i64()
            .unwrap_or_else(|| panic!("no envelope code in {}", self.body))
    }
    pub fn msg(&self) -> &str {
        self.body["msg"].as_str().unwrap_or_default()
    }
    /// The code and the message, to compare both at once.
    pub fn code_and_msg(&self) -> (i64, &str) {
        (self.code(), self.msg())
    }
    pub fn data(&self) -> &Value {
        &self.body["data"]
    }
}

pub async fn spawn_app(db: TestDb) -> TestApp {
    spawn_app_with(db, |_| {}).await
}

pub async fn spawn_app_with(db: TestDb, tweak: impl FnOnce(&mut Config)) -> TestApp {
    let mut config = Config::default();
    config.server.bind = "127.0.0.1:0".into();
    config.database.url = Secret::new(db.url.clone());
    config.database.max_connections = 5;
    let key: String = coffer_domain::crypto::SecretBox::generate_key()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    config.security.master_key = Secret::new(key);
    // Tests mine devchain blocks when they need them.
    config.devchain.block_interval_ms = 0;
    // ... and run the scanner and the callback delivery step by step.
    config.workers.enabled = false;
    // Test receivers listen on 127.0.0.1.
    config.callbacks.allow_private_targets = true;
    tweak(&mut config);
    let clock = Arc::new(ManualClock::new(
        Utc.with_ymd_and_hms(2026, 11, 22, 8, 0, 0).unwrap(),
    ));
    let app = App::build(&config, clock.clone() as Arc<dyn Clock>)
        .await
        .expect("building the app");
    app.store
        .seed_demo(DEMO_EMAIL, DEMO_PASSWORD)
        .await
        .expect("seeding the demo merchant");
    let base = format!("http://{}", app.local_addr());
    let store = app.store.clone();
    let (vault, wallets) = (app.vault.clone(), app.wallets.clone());
    let devchain = app.devchain.clone().expect("the devchain is on in tests");
    let housekeeper = app.housekeeper.clone();
    let executor = app.executor.clone();
    let planner = app.planner.clone();
    let sweeper = app.sweeper.clone();
    let PointsRounds {
        settler,
        recharges,
        bills,
        issuer,
        low_balance,
        mail_sender,
        ..
    } = app.rounds.clone();
    let energy = app.energy.clone();
    let exchange = app.exchange_round.clone();
    let (scanner, callbacks, platform_keys) = (
        app.scanner.clone(),
        app.callbacks.clone(),
        app.platform_keys.clone(),
    );
    tokio::spawn(app.serve(std::future::pending()));
    TestApp {
        base,
        store,
        vault,
        wallets,
        devchain,
        scanner,
        callbacks,
        platform_keys,
        clock,
        http: reqwest::Client::new(),
        db,
        config,
        housekeeper,
        executor,
        planner,
        sweeper,
        settler,
        recharges,
        bills,
        issuer,
        low_balance,
        mail_sender,
        energy,
        exchange,
    }
}

impl TestApp {
    /// `coffer admin <args>` as a separate process on this app's database (run from an empty
    /// folder, so no stray `coffer.toml` applies).
    pub fn admin(&self, args: &[&str]) -> std::process::Output {
        let dir = tempfile::tempdir().unwrap();
        let (database, key) = (
            self.config.database.url.expose(),
            self.config.security.master_key.expose(),
        );
        crate::restart::coffer(database, key, dir.path())
            .arg("admin")
            .args(args)
            .output()
            .expect("coffer runs")
    }

    pub async fn call(&self, path: &str, body: Value, session: Option<&str>, lang: Option<&str>) -> Answer {
        let mut request = self.http.post(format!("{}{path}", self.base)).json(&body);
        if let Some(token) = session {
            request = request.header("sessionCode", token);
        }
        if let Some(lang) = lang {
            request = request.header("accept-language", lang);
        }
        let response = request.send().await.expect("request sent");
        answer(response).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.call(path, body, None, None).await
    }

    pub async fn post_as(&self, token: &str, path: &str, body: Value) -> Answer {
        self.call(path, body, Some(token), None).await
    }

    pub async fn get(&self, path: &str) -> Answer {
        answer(self.fetch(path).await).await
    }

    /// `GET path` as it comes: for what is not an envelope (status, headers, pages, metrics).
    pub async fn fetch(&self, path: &str) -> reqwest::Response {
        let request = self.http.get(format!("{}{path}", self.base));
        request.send().await.expect("request sent")
    }

    /// The mails sent to `email`, oldest first (the outbox is the default mail transport).
    pub async fn mails_to(&self, email: &str) -> Vec<coffer_store::entities::mail_outbox::Model> {
        self.store.outbox(Some(email)).await.expect("reading the outbox")
    }

    /// The newest code mailed to `email`.
    pub async fn last_code(&self, email: &str) -> String {
        let mails = self.mails_to(email).await;
        let body = &mails.last().unwrap_or_else(|| panic!("no mail to {email}")).body;
        body.split(|c: char| !c.is_ascii_digit())
            .find(|part| part.len() == 6)
            .unwrap_or_else(|| panic!("no code in {body}"))
            .to_string()
    }

    /// Asks for a fresh login code, waiting out the resend window on the test clock.
    pub async fn request_code(&self, email: &str) -> String {
        self.clock.advance(Duration::seconds(61));
        let sent = self.auth().send_code(json!({"email": email, "type": 2})).await;
        assert_eq!(sent.code(), 1, "{:?}", sent.body);
        self.last_code(email).await
    }

    /// The whole sign-in path; returns the session token.
    pub async fn sign_in(&self, email: &str, password: &str) -> String {
        let verify = self.auth().check_password(email, password).await;
        assert_eq!(verify.code(), 1, "{:?}", verify.body);
        let code = self.request_code(email).await;
        let login = self
            .auth()
            .login(json!({"email": email, "password": password, "code": code}))
            .await;
        assert_eq!(login.code(), 1, "{:?}", login.body);
        login.data()["sessionCode"]
            .as_str()
            .expect("a session token")
            .to_string()
    }

    pub async fn sign_in_demo(&self) -> String {
        self.sign_in(DEMO_EMAIL, DEMO_PASSWORD).await
    }

    /// Asserts that `path` refuses a caller without a session (10506) and `viewer`, whose role
    /// lacks `menu`, the menu behind it (10403).
    pub async fn assert_gated(&self, viewer: &str, path: &str, body: &Value, menu: &str) {
        let anonymous = self.post(path, body.clone()).await;
        assert_eq!(anonymous.code(), 10506, "{path} without a session");
        let refused = self.post_as(viewer, path, body.clone()).await;
        assert_eq!(refused.code(), 10403, "{path} needs {menu}");
    }

    /// Another node serving the same database, as a second `coffer serve` would (its own
    /// process name and leases, nothing in memory shared), on the test's clock; its base URL.
    /// A session signed in on one node is good on the other.
    pub async fn another_node(&self) -> String {
        let app = App::build(&self.config, self.clock.clone() as Arc<dyn Clock>)
            .await
            .expect("building another node");
        let base = format!("http://{}", app.local_addr());
        tokio::spawn(app.serve(std::future::pending()));
        base
    }

    /// Seeds the second merchant; its admin's session token.
    pub async fn other_merchant(&self) -> String {
        self.store
            .seed_demo(OTHER_EMAIL, OTHER_PASSWORD)
            .await
            .expect("seeding another merchant");
        self.sign_in(OTHER_EMAIL, OTHER_PASSWORD).await
    }

    /// Gives the seeded merchants their default rates from the test's clock on, as a start of
    /// the service would: otherwise the first `coffer admin` command (its own process, on the
    /// machine's clock) does, and every rate set after starts at the machine's time, whatever
    /// the test's clock says.
    pub async fn default_rates(&self) {
        let rates = &self.energy.quotes.rates;
        rates
            .ensure_defaults(&rates.defaults, self.clock.now())
            .await
            .expect("the default rates");
    }

    /// Adds an operator to the demo merchant holding only `menus`, signed in; the token.
    pub async fn operator(&self, email: &str, password: &str, menus: &[i64]) -> String {
        self.store
            .add_user(DEMO_EMAIL, email, password, menus)
            .await
            .expect("adding an operator");
        self.sign_in(email, password).await
    }
}

/// The named fields of a JSON object, in order, to compare several at once.
pub fn fields(object: &Value, names: &[&str]) -> Value {
    Value::Array(names.iter().map(|name| object[*name].clone()).collect())
}

/// The string at `field` of each item of a JSON list, in order.
pub fn strings<'a>(list: &'a Value, field: &str) -> Vec<&'a str> {
    let items = list.as_array().expect("a list");
    items
        .iter()
        .map(|item| item[field].as_str().expect("a string"))
        .collect()
}

/// The `menuId`s of a list of menus (`menuList`, `role/menus`), in order.
pub fn menu_ids(menus: &Value) -> Vec<i64> {
    let menus = menus.as_array().expect("a list of menus");
    menus.iter().map(|m| m["menuId"].as_i64().unwrap()).collect()
}

pub async fn answer(response: reqwest::Response) -> Answer {
    let status = response.status().as_u16();
    let text = response.text().await.expect("a body");
    let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON (status {status}): {text}"));
    Answer { status, body }
}

/// What a command printed on stdout.
pub fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}
