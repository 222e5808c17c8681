//! Limits on guessing secrets, counted in the database (several processes share one):
//! - passwords per account and client address (`lockout_attempts` within `lockout_window`
//!   lock that pair for `lockout_duration`), so a stranger hammering from one address cannot
//!   keep the owner out from another; and per account from all addresses together
//!   (`account_lockout_attempts`), which bounds distributed guessing. Unknown e-mails are
//!   counted and locked exactly like real accounts, so a lock tells nobody who exists.
//! - authenticator codes per user, across sign-in and every step-up call
//!   (`totp_max_failures` within `totp_lockout` pause every check, a right code included,
//!   for `totp_lockout`).
//!
//! Every attempt is counted before its secret is checked and taken back when it was right, so
//! a right answer never lifts a lock or wipes wrong guesses already made in the window.

use chrono::{DateTime, Utc};

use crate::auth::{AuthService, ClientMeta};
use crate::error::AppResult;
use crate::identity::Email;
use crate::ports::{AttemptKey, AttemptRule, UserId};
use crate::totp;

/// Client addresses are bounded before they become part of a key (X-Forwarded-For is text).
const MAX_SOURCE_CHARS: usize = 64;

/// The counters one password attempt was charged to.
pub(crate) struct PasswordAttempt {
    subject: String,
    source: String,
}

impl PasswordAttempt {
    fn per_address(&self) -> AttemptKey<'_> {
        AttemptKey {
            subject: &self.subject,
            source: &self.source,
        }
    }

    fn per_account(&self) -> AttemptKey<'_> {
        AttemptKey {
            subject: &self.subject,
            source: "",
        }
    }
}

pub(crate) fn password_subject(email: &Email) -> String {
    format!("password:{}", email.as_str())
}

fn totp_subject(user_id: UserId) -> String {
    format!("totp:{user_id}")
}

/// Whole minutes until `until`, at least 1.
pub(crate) fn minutes_left(until: DateTime<Utc>, now: DateTime<Utc>) -> i64 {
    (((until - now).num_seconds() + 59) / 60).max(1)
}

impl AuthService {
    fn address_rule(&self) -> AttemptRule {
        let s = &self.settings;
        AttemptRule {
            limit: s.lockout_attempts,
            window: s.lockout_window,
            lock: s.lockout_duration,
        }
    }

    fn account_rule(&self) -> AttemptRule {
        AttemptRule {
            limit: self.settings.account_lockout_attempts,
            ..self.address_rule()
        }
    }

    fn totp_rule(&self) -> AttemptRule {
        let s = &self.settings;
        AttemptRule {
            limit: s.totp_max_failures,
            window: s.totp_lockout,
            lock: s.totp_lockout,
        }
    }

    /// Charges a password attempt to the account from this address and to the account as a
    /// whole; refused with the minutes left while either is locked.
    pub(crate) async fn reserve_password_attempt(
        &self,
        email: &Email,
        client: &ClientMeta,
        now: DateTime<Utc>,
    ) -> AppResult<Result<PasswordAttempt, i64>> {
        let attempt = PasswordAttempt {
            subject: password_subject(email),
            source: client.ip.chars().take(MAX_SOURCE_CHARS).collect(),
        };
        let attempts = &self.ports.attempts;
        if let Err(until) = attempts
            .reserve_attempt(attempt.per_address(), self.address_rule(), now)
            .await?
        {
            return Ok(Err(minutes_left(until, now)));
        }
        if let Err(until) = attempts
            .reserve_attempt(attempt.per_account(), self.account_rule(), now)
            .await?
        {
            attempts.release_attempt(attempt.per_address()).await?;
            return Ok(Err(minutes_left(until, now)));
        }
        Ok(Ok(attempt))
    }

    /// The password was right: the attempt no longer counts.
    pub(crate) async fn password_right(&self, attempt: &PasswordAttempt) -> AppResult<()> {
        self.ports.attempts.release_attempt(attempt.per_address()).await?;
        self.ports.attempts.release_attempt(attempt.per_account()).await
    }

    /// The password was wrong (or the account unknown); true if this failure locked.
    pub(crate) async fn password_wrong(
        &self,
        attempt: &PasswordAttempt,
        now: DateTime<Utc>,
    ) -> AppResult<bool> {
        let here = self
            .ports
            .attempts
            .settle_failure(attempt.per_address(), self.address_rule(), now)
            .await?;
        let everywhere = self
            .ports
            .attempts
            .settle_failure(attempt.per_account(), self.account_rule(), now)
            .await?;
        if everywhere {
            tracing::warn!(
                subject = attempt.subject,
                "sign-in locked for the account from every address after repeated failures"
            );
        }
        Ok(here || everywhere)
    }

    /// Checks `code` against the user's authenticator `secret` as one counted attempt; true if
    /// right. Refused with the minutes left while the user's checks are paused.
    pub(crate) async fn counted_totp_attempt(
        &self,
        user_id: UserId,
        secret: &str,
        code: &str,
    ) -> AppResult<Result<bool, i64>> {
        let subject = totp_subject(user_id);
        let key = AttemptKey {
            subject: &subject,
            source: "",
        };
        let now = self.ports.clock.now();
        if let Err(until) = self
            .ports
            .attempts
            .reserve_attempt(key, self.totp_rule(), now)
            .await?
        {
            return Ok(Err(minutes_left(until, now)));
        }
        let Some(step) = totp::matching_step(secret, code, now) else {
            if self
                .ports
                .attempts
                .settle_failure(key, self.totp_rule(), now)
                .await?
            {
                tracing::warn!(user_id, "authenticator checks paused after repeated wrong codes");
            }
            return Ok(Ok(false));
        };
        // A replayed code (its step already used) is refused but is no guess: a double click
        // must not pause the user's checks.
        self.ports.attempts.release_attempt(key).await?;
        let right = self.ports.users.claim_totp_step(user_id, step).await?;
        Ok(Ok(right))
    }
}
