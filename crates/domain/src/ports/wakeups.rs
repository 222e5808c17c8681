//! "Work is ready" signals inside one process: a service that has committed a change which
//! queued work (a callback event) says so, and the worker of that kind wakes at once instead
//! of at its next poll. Polling stays the safety net: a signal is a hint, never the only way
//! work is found (another process's change, a lost notification).

use std::time::Duration;
use tokio::sync::Notify;

/// The kinds of work a worker can be woken for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    /// Callback events were queued or made due.
    Callbacks,
    /// An energy order was placed: its first delivery goes out now, not at the next round.
    EnergyOrders,
}

/// One permit per kind of work (`tokio::sync::Notify`): a `ready` that comes while nobody
/// waits is kept, so the next `wait` returns at once and no wake-up is lost between a worker's
/// round and its wait. Shared by every service of the process through [`super::Ports`].
#[derive(Debug, Default)]
pub struct Wakeups {
    callbacks: Notify,
    energy_orders: Notify,
}

impl Wakeups {
    fn of(&self, work: Work) -> &Notify {
        match work {
            Work::Callbacks => &self.callbacks,
            Work::EnergyOrders => &self.energy_orders,
        }
    }

    /// Call after the commit that made the work visible (before it, the woken worker could
    /// look, find nothing and sleep a whole poll interval).
    pub fn ready(&self, work: Work) {
        self.of(work).notify_one();
    }

    /// Returns when `work` is signalled or after `timeout` (the poll); true when signalled.
    pub async fn wait(&self, work: Work, timeout: Duration) -> bool {
        tokio::time::timeout(timeout, self.of(work).notified())
            .await
            .is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_ready_before_the_wait_is_not_lost() {
        let wakeups = Wakeups::default();
        wakeups.ready(Work::Callbacks);
        // Far longer than the test may take: only the kept permit can end this wait.
        let woken = wakeups.wait(Work::Callbacks, Duration::from_secs(3600)).await;
        assert!(woken);
    }

    #[tokio::test]
    async fn several_readies_wake_once_then_the_wait_times_out() {
        let wakeups = Wakeups::default();
        wakeups.ready(Work::Callbacks);
        wakeups.ready(Work::Callbacks);
        assert!(wakeups.wait(Work::Callbacks, Duration::from_secs(3600)).await);
        assert!(!wakeups.wait(Work::Callbacks, Duration::from_millis(20)).await);
    }

    #[tokio::test]
    async fn a_waiting_worker_is_woken() {
        let wakeups = std::sync::Arc::new(Wakeups::default());
        let waiter = {
            let wakeups = wakeups.clone();
            tokio::spawn(async move { wakeups.wait(Work::Callbacks, Duration::from_secs(3600)).await })
        };
        tokio::task::yield_now().await;
        wakeups.ready(Work::Callbacks);
        assert!(waiter.await.unwrap());
    }
}
