//! The background workers of `coffer serve`: one deposit scanner loop per chain, the
//! callback delivery loop, the withdrawal executor, the balance readings, the collection
//! planner, the points rounds, queued mail and housekeeping (expired sessions, codes and
//! nonces). Each step claims its work in the database (leases), so several processes on one
//! PostgreSQL share the work without doing anything twice.
//!
//! Callback delivery waits for a wake-up (`Wakeups`: a deposit completed, a withdrawal moved,
//! in this process or, on PostgreSQL, in another one through LISTEN/NOTIFY) or its poll
//! interval, whichever comes first; the devchain's scanner wakes on each block this process
//! mines. Polling stays the safety net for every signal that is lost.

use coffer_domain::callbacks::CallbackService;
use coffer_domain::clock::Clock;
use coffer_domain::collection::executor::{SweepExecutor, SweepReport};
use coffer_domain::collection::planner::{CollectionPlanner, PlanReport};
use coffer_domain::deposits::scanner::DepositScanner;
use coffer_domain::deposits::HeadSource;
use coffer_domain::error::AppResult;
use coffer_domain::heartbeat::Heartbeat;
use coffer_domain::ports::{Cutoffs, Housekeeping, ScanRepo, Wakeups, Work};
use coffer_domain::wallets::balances::BalanceReader;
use coffer_domain::withdrawals::executor::{ExecReport, WithdrawalExecutor};
use coffer_store::work_listener::Notified;
use coffer_store::Store;

use crate::energy_rounds::EnergyRounds;
use coffer_domain::exchange::round::{ExchangeRound, RoundReport as ExchangeReport};

/// How often exchange payments are linked and orders moved on (a TRON block).
const EXCHANGE_ROUND_EVERY: Duration = Duration::from_secs(3);
use crate::points_rounds::PointsRounds;
use std::collections::HashMap;
use std::fmt::Debug;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tokio::time::{Interval, MissedTickBehavior};

/// The scanner's view of each chain's head, from its cursor (cheap; no node call per row).
pub struct ScannedHeads(pub Arc<dyn ScanRepo>);

#[async_trait::async_trait]
impl HeadSource for ScannedHeads {
    /// The newest block the scanner has recorded: the one before its cursor.
    async fn head(&self, chain_id: i64) -> Option<u64> {
        let next = self.0.scan_cursor(chain_id).await.ok().flatten()?;
        next.checked_sub(1)
    }
}

/// How often expired rows are deleted (a cheap indexed delete; once at start, then hourly).
const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(3600);

/// How often the balance worker looks for new addresses and due readings (each reading is
/// due every `workers.balance_every_secs`).
const BALANCE_ROUND_EVERY: Duration = Duration::from_secs(15);

/// Deletes expired sessions, e-mail codes and merchant API nonces.
pub struct Housekeeper {
    pub repo: Arc<dyn Housekeeping>,
    pub clock: Arc<dyn Clock>,
    pub session_idle: chrono::Duration,
    pub session_absolute: chrono::Duration,
}

impl Housekeeper {
    pub async fn run_once(&self) -> coffer_domain::error::AppResult<coffer_domain::ports::Pruned> {
        let cutoffs = Cutoffs::at(self.clock.now(), self.session_idle, self.session_absolute);
        self.repo.prune(&cutoffs).await
    }
}

pub struct Workers {
    handles: Vec<JoinHandle<()>>,
}

/// What `coffer serve` runs beside the API, and how often.
pub struct WorkerSet {
    pub scanner: Arc<DepositScanner>,
    pub chain_ids: Vec<i64>,
    /// Chains whose new blocks this process sees as they are made (the devchain): their
    /// scanner goes at once instead of at its next tick.
    pub block_signals: HashMap<i64, watch::Receiver<u64>>,
    pub callbacks: Arc<CallbackService>,
    pub housekeeper: Arc<Housekeeper>,
    pub executor: Arc<WithdrawalExecutor>,
    /// Where other processes' work notifications come from (PostgreSQL only).
    pub store: Store,
    pub balances: Arc<BalanceReader>,
    pub planner: Arc<CollectionPlanner>,
    /// The collection planner's tick.
    pub plan_every: Duration,
    pub sweeper: Arc<SweepExecutor>,
    /// The sweep executor's tick.
    pub sweep_every: Duration,
    /// The points, bills and mail rounds.
    pub points: PointsRounds,
    /// TRON energy's rounds.
    pub energy: EnergyRounds,
    pub exchange: Arc<ExchangeRound>,
    pub scan_every: Duration,
    pub poll_every: Duration,
    pub execute_every: Duration,
}

fn ticker(every: Duration) -> Interval {
    let mut ticker = tokio::time::interval(every);
    ticker.set_missed_tick_behavior(MissedTickBehavior::Delay);
    ticker
}

/// Runs a worker's `round` on each tick of `every`, for ever, and logs under `what` each round
/// that did something (`idle` says which did not). A failed round is logged and the next tick
/// tries again: a node or the database away leaves nothing half done, as the leases run out.
pub(crate) fn rounds<W, R, F, Fut>(
    every: Duration,
    what: &'static str,
    worker: Arc<W>,
    round: F,
    idle: fn(&R) -> bool,
) -> JoinHandle<()>
where
    W: Send + Sync + 'static,
    R: Debug + Send + 'static,
    F: Fn(Arc<W>) -> Fut + Send + 'static,
    Fut: Future<Output = AppResult<R>> + Send + 'static,
{
    tokio::spawn(async move {
        let mut ticker = ticker(every);
        loop {
            ticker.tick().await;
            match round(worker.clone()).await {
                Ok(report) if !idle(&report) => tracing::info!(?report, "{what}"),
                Ok(_) => {}
                Err(err) => tracing::warn!(error = %err, "{what}: round failed"),
            }
        }
    })
}

/// Renews this process's leases every third of a lease, for ever. A failed beat is logged and
/// the next one tries again: two may fail before a lease runs out.
pub async fn heartbeat(heartbeat: Arc<Heartbeat>) {
    let mut ticker = ticker(heartbeat.every());
    loop {
        ticker.tick().await;
        if let Err(err) = heartbeat.beat().await {
            tracing::warn!(error = %err, "lease heartbeat failed; trying again");
        }
    }
}

/// The next scan of a chain: its tick or, for a chain that signals its blocks, a new block.
async fn next_scan(ticker: &mut Interval, blocks: &mut Option<watch::Receiver<u64>>) {
    let Some(signal) = blocks.as_mut() else {
        ticker.tick().await;
        return;
    };
    tokio::select! {
        _ = ticker.tick() => {}
        changed = signal.changed() => {
            if changed.is_err() {
                *blocks = None; // the chain is gone: ticks only
            }
        }
    }
}

async fn scan_loop(
    scanner: Arc<DepositScanner>,
    chain_id: i64,
    every: Duration,
    mut blocks: Option<watch::Receiver<u64>>,
) {
    let mut ticker = ticker(every);
    loop {
        next_scan(&mut ticker, &mut blocks).await;
        match scanner.scan_chain(chain_id).await {
            Ok(report) if report.blocks > 0 || report.confirmed > 0 || report.rolled_back > 0 => {
                tracing::info!(chain_id, ?report, "deposit scan");
            }
            Ok(_) => {}
            // A node that is down is retried next tick; the cursor has not moved.
            Err(err) => tracing::warn!(chain_id, error = %err, "deposit scan failed"),
        }
    }
}

/// Delivers what is due, again at once while a round found work, then waits for a wake-up or
/// the poll interval.
async fn delivery_loop(callbacks: Arc<CallbackService>, poll_every: Duration) {
    let wakeups = callbacks.ports.wakeups.clone();
    loop {
        match callbacks.deliver_due().await {
            Ok(attempts) if attempts > 0 => continue,
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "callback delivery failed"),
        }
        wakeups.wait(Work::Callbacks, poll_every).await;
    }
}

/// Lowest and highest wait before listening again after the connection was lost.
const LISTEN_RETRY_MIN: Duration = Duration::from_millis(500);
const LISTEN_RETRY_MAX: Duration = Duration::from_secs(30);

/// Turns other processes' work notifications (PostgreSQL) into this process's wake-ups. A lost
/// listener is made again with backoff; meanwhile polling finds the work.
async fn relay_notifications(store: Store, wakeups: Arc<Wakeups>) {
    let mut retry = LISTEN_RETRY_MIN;
    loop {
        match store.work_listener().await {
            Ok(None) => return, // SQLite: nothing to listen to
            Ok(Some(mut listener)) => {
                retry = LISTEN_RETRY_MIN;
                // Whatever was notified while nobody listened is looked for now.
                wakeups.ready(Work::Callbacks);
                loop {
                    match listener.next().await {
                        Ok(Notified::Callbacks | Notified::Reconnected) => wakeups.ready(Work::Callbacks),
                        Ok(Notified::Other) => {}
                        Err(err) => {
                            tracing::warn!(error = %err, "work notifications lost; polling until listening again");
                            break;
                        }
                    }
                }
            }
            Err(err) => {
                tracing::warn!(error = %err, "cannot listen for work notifications; polling meanwhile")
            }
        }
        tokio::time::sleep(retry).await;
        retry = (retry * 2).min(LISTEN_RETRY_MAX);
    }
}

impl Workers {
    pub fn spawn(set: WorkerSet) -> Workers {
        let WorkerSet {
            scanner,
            chain_ids,
            mut block_signals,
            callbacks,
            housekeeper,
            executor,
            store,
            balances,
            planner,
            plan_every,
            sweeper,
            sweep_every,
            points,
            energy,
            exchange,
            scan_every,
            poll_every,
            execute_every,
        } = set;
        let mut handles = Vec::new();
        for chain_id in chain_ids {
            let blocks = block_signals.remove(&chain_id);
            handles.push(tokio::spawn(scan_loop(
                scanner.clone(),
                chain_id,
                scan_every,
                blocks,
            )));
        }
        handles.push(tokio::spawn(relay_notifications(
            store,
            callbacks.ports.wakeups.clone(),
        )));
        handles.push(tokio::spawn(delivery_loop(callbacks, poll_every)));
        handles.push(rounds(
            execute_every,
            "withdrawals",
            executor,
            |executor| async move { executor.step().await },
            |report| *report == ExecReport::default(),
        ));
        handles.push(rounds(
            BALANCE_ROUND_EVERY,
            "balance readings",
            balances,
            |balances| async move { balances.step().await },
            |report| report.read == 0 && report.failed == 0 && report.deleted == 0,
        ));
        handles.push(rounds(
            plan_every,
            "collection planner",
            planner,
            |planner| async move { planner.tick().await },
            |report| *report == PlanReport::default(),
        ));
        handles.push(rounds(
            sweep_every,
            "collection sweeps",
            sweeper,
            |sweeper| async move { sweeper.step().await },
            |report| *report == SweepReport::default(),
        ));
        handles.extend(points.spawn());
        handles.extend(energy.spawn());
        handles.push(rounds(
            EXCHANGE_ROUND_EVERY,
            "exchange orders",
            exchange,
            |exchange| async move { exchange.round().await },
            |report| *report == ExchangeReport::default(),
        ));
        handles.push(rounds(
            HOUSEKEEPING_EVERY,
            "housekeeping",
            housekeeper,
            |housekeeper| async move { housekeeper.run_once().await },
            |_| false,
        ));
        Workers { handles }
    }

    /// Stops every worker and waits until each has: none is between two awaits any more.
    pub async fn stop(self) {
        for handle in &self.handles {
            handle.abort();
        }
        for handle in self.handles {
            let _ = handle.await;
        }
    }
}
