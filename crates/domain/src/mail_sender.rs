//! Delivers the mail background rounds queue (`ports::MailQueue`; the low-balance notice):
//! each mail is leased by one sender of one process, handed to the mailer (SMTP or the
//! outbox), then marked sent; a failed delivery is due again later. A mail queued is never lost;
//! it goes out twice only if the process dies between the mail server taking it and the mark
//! (the mail server cannot be asked what it took).

use std::sync::Arc;

use chrono::Duration;

use crate::error::AppResult;
use crate::mail::Mailer;
use crate::ports::Ports;

/// Mails leased per round.
const BATCH: u64 = 50;

/// The wait before a failed mail is tried again: a minute, doubling, at most an hour.
pub fn retry_after(attempts: i32) -> Duration {
    let doublings = attempts.clamp(0, 6) as u32;
    Duration::minutes((1_i64 << doublings).min(60))
}

/// What a round did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SendReport {
    pub sent: usize,
    pub failed: usize,
}

pub struct MailSender {
    pub ports: Ports,
    pub mailer: Arc<dyn Mailer>,
    /// This sender's name in leases (`<process>/mail`, renewed by the heartbeat).
    pub owner: String,
    pub lease: Duration,
}

impl MailSender {
    pub async fn round(&self) -> AppResult<SendReport> {
        let now = self.ports.clock.now();
        let queue = &self.ports.mail_queue;
        let claimed = queue
            .claim_mails(&self.owner, now, now + self.lease, BATCH)
            .await?;
        let mut report = SendReport::default();
        for queued in claimed {
            match self.mailer.send(queued.mail).await {
                Ok(()) => {
                    queue
                        .mail_sent(queued.id, &self.owner, self.ports.clock.now())
                        .await?;
                    report.sent += 1;
                }
                Err(error) => {
                    tracing::warn!(mail_id = queued.id, %error, "queued mail not delivered; trying again later");
                    let retry_at = self.ports.clock.now() + retry_after(queued.attempts);
                    queue
                        .mail_failed(queued.id, &self.owner, retry_at, &error)
                        .await?;
                    report.failed += 1;
                }
            }
        }
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_mail_waits_longer_each_time_up_to_an_hour() {
        assert_eq!(retry_after(0), Duration::minutes(1));
        assert_eq!(retry_after(3), Duration::minutes(8));
        assert_eq!(retry_after(6), Duration::minutes(60));
        assert_eq!(retry_after(100), Duration::minutes(60));
    }
}
