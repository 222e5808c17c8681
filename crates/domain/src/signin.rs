//! The checks of signing in: password with lockout, codes, the authenticator, the login log.

use crate::auth::{AuthService, ClientMeta};
use crate::error::{AppError, AppResult};
use crate::identity::{self, CodePurpose, Email};
use crate::messages::MsgKey;
use crate::ports::{LoginFailures, MerchantStatus, NewLoginLog, UserRecord};
use crate::totp;

/// The purpose a sealed authenticator secret is bound to.
pub(crate) const TOTP_PURPOSE: &str = "totp";

impl AuthService {
    /// The password step, with lockout and the login log. Every refusal looks the same to the
    /// caller whether or not the account exists; a lock or a pending registration is only told
    /// after the right password (or to a locked account).
    pub(crate) async fn check_credentials(
        &self,
        email: &str,
        password: &str,
        client: &ClientMeta,
    ) -> AppResult<UserRecord> {
        let email = Email::parse(email)?;
        if password.is_empty() {
            return Err(AppError::Invalid(MsgKey::PasswordEmpty));
        }
        let now = self.clock.now();
        let user = self.users.find_by_email(&email).await?;
        let hash = user
            .as_ref()
            .map_or(identity::dummy_password_hash(), |u| u.password_hash.as_str());
        let password_ok = identity::verify_password(password, hash);
        let Some(user) = user else {
            self.log_login(None, email.as_str(), client, false, "unknown_account")
                .await?;
            return Err(AppError::InvalidCredentials);
        };
        if let Some(until) = user.locked_until.filter(|until| *until > now) {
            self.log_login(Some(&user), email.as_str(), client, false, "locked")
                .await?;
            let minutes = ((until - now).num_seconds() + 59) / 60;
            return Err(AppError::AccountLocked {
                retry_after_minutes: minutes,
            });
        }
        if !password_ok {
            let failures = self.next_failures(&user, now);
            self.users.save_login_failures(user.id, failures).await?;
            let reason = if failures.locked_until.is_some() {
                tracing::warn!(user_id = user.id, "account locked after repeated failed sign-ins");
                "locked"
            } else {
                "bad_password"
            };
            self.log_login(Some(&user), email.as_str(), client, false, reason)
                .await?;
            return Err(AppError::InvalidCredentials);
        }
        let refusal = match user.merchant_status {
            MerchantStatus::Pending => Some(("pending", AppError::RegistrationPending)),
            MerchantStatus::Disabled => Some(("disabled", AppError::AccountUnavailable)),
            MerchantStatus::Active if user.status != 1 => Some(("disabled", AppError::AccountUnavailable)),
            MerchantStatus::Active => None,
        };
        if let Some((reason, err)) = refusal {
            self.log_login(Some(&user), email.as_str(), client, false, reason)
                .await?;
            return Err(err);
        }
        Ok(user)
    }

    /// Counts a failed password within the window; the last allowed failure locks.
    fn next_failures(&self, user: &UserRecord, now: chrono::DateTime<chrono::Utc>) -> LoginFailures {
        let s = &self.settings;
        let in_window = user
            .first_failed_at
            .is_some_and(|first| now - first < s.lockout_window);
        let (count, first_at) = if in_window {
            (user.failed_logins + 1, user.first_failed_at)
        } else {
            (1, Some(now))
        };
        if count >= s.lockout_attempts {
            LoginFailures {
                count: 0,
                first_at: None,
                locked_until: Some(now + s.lockout_duration),
            }
        } else {
            LoginFailures {
                count,
                first_at,
                locked_until: None,
            }
        }
    }

    pub(crate) async fn check_totp(&self, user: &UserRecord, sealed: &str, code: &str) -> AppResult<()> {
        if code.trim().is_empty() {
            return Err(AppError::Invalid(MsgKey::GoogleCodeEmpty));
        }
        let code = identity::normalize_code(code)?;
        let secret =
            String::from_utf8(self.sealer.open(TOTP_PURPOSE, sealed)?).map_err(AppError::internal)?;
        let step = totp::matching_step(&secret, &code, self.clock.now()).ok_or(AppError::InvalidCode)?;
        if !self.users.claim_totp_step(user.id, step).await? {
            return Err(AppError::InvalidCode);
        }
        Ok(())
    }

    pub(crate) async fn log_login(
        &self,
        user: Option<&UserRecord>,
        email: &str,
        client: &ClientMeta,
        success: bool,
        reason: &str,
    ) -> AppResult<()> {
        self.logs
            .insert_login_log(NewLoginLog {
                merchant_id: user.map(|u| u.merchant_id),
                user_id: user.map(|u| u.id),
                email,
                ip: &client.ip,
                user_agent: &client.user_agent,
                success,
                reason,
                at: self.clock.now(),
            })
            .await
    }

    pub(crate) async fn redeem_code(&self, email: &Email, purpose: CodePurpose, code: &str) -> AppResult<()> {
        let now = self.clock.now();
        let record = self
            .codes
            .latest_code(email, purpose)
            .await?
            .ok_or(AppError::InvalidCode)?;
        let usable = !record.consumed
            && record.expires_at > now
            && record.failed_attempts < self.settings.code_max_attempts;
        if !usable {
            return Err(AppError::InvalidCode);
        }
        if !identity::constant_time_eq(&identity::secret_digest(code), &record.code_digest) {
            self.codes.record_failed_attempt(record.id).await?;
            return Err(AppError::InvalidCode);
        }
        if !self.codes.consume_code(record.id).await? {
            return Err(AppError::InvalidCode);
        }
        Ok(())
    }
}
