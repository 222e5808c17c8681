//! The rounds of what merchants pay the provider, and the mail they are sent: built once in
//! `app.rs`, run on every node by `workers.rs` (each keyed or leased in the database, so any
//! number of nodes do each piece of work once; docs/operations.md, "Points ledger", "Bills").

use std::sync::Arc;
use std::time::Duration;

use coffer_domain::bills::check::CheckReport;
use coffer_domain::bills::issue::BillIssuer;
use coffer_domain::bills::service::BillService;
use coffer_domain::chains::ChainRegistry;
use coffer_domain::deposits::scanner::DepositScanner;
use coffer_domain::mail_sender::{MailSender, SendReport};
use coffer_domain::points::ledger::PointsService;
use coffer_domain::points::low_balance::{LowBalanceReport, LowBalanceRound};
use coffer_domain::points::recharge::{RechargeReport, RechargeRound};
use coffer_domain::points::recharge_address::RechargeAddresses;
use coffer_domain::points::settle::{FeeSettler, SettleReport};
use coffer_domain::ports::Ports;
use coffer_domain::wallets::WalletService;
use tokio::task::JoinHandle;

use crate::config::Config;
use crate::workers::rounds;

/// How often the fee holds of ended work are posted or voided (any node; a hold resolves once).
const FEE_SETTLE_EVERY: Duration = Duration::from_secs(3);

/// How often the points holds that ran out are voided (any node; a hold resolves once).
const HOLD_EXPIRY_EVERY: Duration = Duration::from_secs(60);

/// How often recharges confirmed (or voided) are turned into points (any node; each payment's
/// transfer is keyed, so it moves points once).
const RECHARGE_EVERY: Duration = Duration::from_secs(15);

/// How often "I have paid" is checked on chain (any node; a payment is claimed while checked).
const BILL_CHECK_EVERY: Duration = Duration::from_secs(5);

/// How often the issuer looks whether a month has ended (cheap once its bills are issued).
const BILL_ISSUE_EVERY: Duration = Duration::from_secs(60);

/// How often accounts that crossed their low-balance threshold are looked for (any node; the
/// mark on the account makes one notice per crossing).
const LOW_BALANCE_EVERY: Duration = Duration::from_secs(60);

/// How often queued mail is delivered (any node; each mail is leased by one sender).
const MAIL_EVERY: Duration = Duration::from_secs(5);

#[derive(Clone)]
pub struct PointsRounds {
    /// Voids the holds that ran out.
    pub points: Arc<PointsService>,
    /// Settles the fee holds of ended work.
    pub settler: Arc<FeeSettler>,
    pub recharges: Arc<RechargeRound>,
    /// Checks "I have paid".
    pub bills: Arc<BillService>,
    /// Issues each month's bills once it has ended.
    pub issuer: Arc<BillIssuer>,
    pub low_balance: Arc<LowBalanceRound>,
    pub mail_sender: Arc<MailSender>,
}

/// Where merchants recharge and pay bills (the platform merchant's addresses, with the
/// scanner's confirmations per chain), the bills' service and their issuer.
pub fn billing(
    config: &Config,
    ports: &Ports,
    chains: &Arc<ChainRegistry>,
    wallets: &Arc<WalletService>,
    scanner: &DepositScanner,
) -> (Arc<RechargeAddresses>, Arc<BillService>, Arc<BillIssuer>) {
    let recharge = Arc::new(RechargeAddresses {
        ports: ports.clone(),
        wallets: wallets.clone(),
        confirmations: scanner
            .settings
            .chains
            .iter()
            .map(|(id, chain)| (*id, chain.confirmations))
            .collect(),
    });
    let bills = Arc::new(BillService {
        ports: ports.clone(),
        chains: chains.clone(),
        addresses: recharge.clone(),
    });
    let issuer = Arc::new(BillIssuer::new(ports.clone(), config.billing.time_zone));
    (recharge, bills, issuer)
}

impl PointsRounds {
    /// Starts every round on its own task.
    pub fn spawn(self) -> Vec<JoinHandle<()>> {
        vec![
            rounds(
                FEE_SETTLE_EVERY,
                "points fee settlement",
                self.settler,
                |settler| async move { settler.round().await },
                |report| *report == SettleReport::default(),
            ),
            rounds(
                HOLD_EXPIRY_EVERY,
                "points hold expiry",
                self.points,
                |points| async move { points.expire_holds(500).await },
                |voided| *voided == 0,
            ),
            rounds(
                RECHARGE_EVERY,
                "points recharges",
                self.recharges,
                |recharges| async move { recharges.run().await },
                |report| *report == RechargeReport::default(),
            ),
            rounds(
                BILL_CHECK_EVERY,
                "bill payments",
                self.bills,
                |bills| async move { bills.check_round().await },
                |report| *report == CheckReport::default(),
            ),
            rounds(
                BILL_ISSUE_EVERY,
                "bills issued",
                self.issuer,
                |issuer| async move { issuer.round().await },
                |issued| *issued == 0,
            ),
            rounds(
                LOW_BALANCE_EVERY,
                "points low balance",
                self.low_balance,
                |round| async move { round.run().await },
                |report| *report == LowBalanceReport::default(),
            ),
            rounds(
                MAIL_EVERY,
                "queued mail",
                self.mail_sender,
                |sender| async move { sender.round().await },
                |report| *report == SendReport::default(),
            ),
        ]
    }
}
