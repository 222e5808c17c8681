//! The exports running now, one leased row each in the database every process shares: a
//! merchant's places are counted across all the nodes. A running export's row is renewed by
//! its process's heartbeat (`heartbeat.rs`) and deleted when the export ends; a killed
//! process's rows run out within a lease and count no more.

use chrono::{DateTime, Utc};

use crate::error::AppResult;
use crate::ports::MerchantId;

#[async_trait::async_trait]
pub trait ExportRuns: Send + Sync {
    /// Records a running export of the merchant, leased to `owner` until `lease_until`, only
    /// while fewer than `limit` of its exports are live at `now` (their lease not run out).
    /// Concurrent starts, from any process, queue on the merchant, so none counts past the
    /// limit. The run's id, or None when the merchant's places are all taken.
    async fn start_export_run(
        &self,
        merchant_id: MerchantId,
        limit: u64,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> AppResult<Option<i64>>;
    /// The export ended (finished, failed or dropped): its place is free.
    async fn end_export_run(&self, id: i64) -> AppResult<()>;
}
