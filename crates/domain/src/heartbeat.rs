//! A process's heartbeat over its work leases (`ports::leases`): while the process lives it
//! renews every lease its workers hold, a third of a lease at a time, so leases stay short and
//! a killed process's work moves to another one within a lease and a poll; and a step that
//! took longer than a lease does not lose its work to another process meanwhile.

use chrono::Duration;
use std::sync::Arc;

use crate::clock::Clock;
use crate::error::AppResult;
use crate::ports::{Lease, LeaseRenewal, Ports};

pub struct Heartbeat {
    pub leases: Arc<dyn LeaseRenewal>,
    pub clock: Arc<dyn Clock>,
    /// The names this process's workers take leases under.
    pub owners: Vec<String>,
    /// How long a lease lasts from each beat (the same as from each claim).
    pub lease: Duration,
}

impl Heartbeat {
    /// A third of a lease: two beats may be missed (a busy database) before one runs out.
    pub fn every(&self) -> std::time::Duration {
        let millis = (self.lease.num_milliseconds() / 3).max(100);
        std::time::Duration::from_millis(millis as u64)
    }

    /// Renews the leases the workers hold now; how many.
    pub async fn beat(&self) -> AppResult<u64> {
        let now = self.clock.now();
        self.leases
            .renew_leases(&self.owners, now, now + self.lease)
            .await
    }
}

/// Whether `owner` still holds `lease`: what a step asks before it signs, writes or sends. A
/// lost lease is logged; the step then stops, and the process that took the work goes on.
pub async fn still_holds(ports: &Ports, lease: Lease<'_>, owner: &str) -> AppResult<bool> {
    let held = ports.leases.holds(lease, owner, ports.clock.now()).await?;
    if !held {
        tracing::info!(
            ?lease,
            owner,
            "lease lost: another process goes on with this work"
        );
    }
    Ok(held)
}
