//! The checks of signing in: password with lockout, codes, the authenticator, the login log.

use crate::auth::{AuthService, ClientMeta};
use crate::error::{AppError, AppResult};
use crate::identity::{self, CodePurpose, Email};
use crate::messages::MsgKey;
use crate::ports::{AccountStatus, CodeRecord, MerchantStatus, NewLoginLog, UserRecord};

/// The purpose a sealed authenticator secret is bound to.
pub(crate) const TOTP_PURPOSE: &str = "totp";

impl AuthService {
    /// The password step, with lockout and the login log. Every refusal looks the same to the
    /// caller whether or not the account exists, a lock included (an unknown e-mail locks
    /// too); a pending registration or a disabled account is only told after the right
    /// password. Locks are per account and client address, plus a higher ceiling per account
    /// (crate::guessing).
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
        let now = self.ports.clock.now();
        let attempt = match self.reserve_password_attempt(&email, client, now).await? {
            Ok(attempt) => attempt,
            Err(minutes) => {
                let user = self.ports.users.find_by_email(&email).await?;
                self.log_login(user.as_ref(), email.as_str(), client, false, "locked")
                    .await?;
                return Err(AppError::AccountLocked {
                    retry_after_minutes: minutes,
                });
            }
        };
        let user = self.ports.users.find_by_email(&email).await?;
        let hash = user
            .as_ref()
            .map_or(identity::dummy_password_hash(), |u| u.password_hash.as_str());
        let password_ok = identity::verify_password(password, hash);
        let user = match user {
            Some(user) if password_ok => user,
            user => {
                let locked = self.password_wrong(&attempt, now).await?;
                let reason = match (&user, locked) {
                    (_, true) => "locked",
                    (None, false) => "unknown_account",
                    (Some(_), false) => "bad_password",
                };
                self.log_login(user.as_ref(), email.as_str(), client, false, reason)
                    .await?;
                return Err(AppError::InvalidCredentials);
            }
        };
        self.password_right(&attempt).await?;
        let refusal = match user.merchant_status {
            MerchantStatus::Pending => Some(("pending", AppError::RegistrationPending)),
            MerchantStatus::Disabled => Some(("disabled", AppError::AccountUnavailable)),
            MerchantStatus::Active if user.status != AccountStatus::Enabled => {
                Some(("disabled", AppError::AccountUnavailable))
            }
            MerchantStatus::Active => None,
        };
        if let Some((reason, err)) = refusal {
            self.log_login(Some(&user), email.as_str(), client, false, reason)
                .await?;
            return Err(err);
        }
        Ok(user)
    }

    /// The one check of an authenticator code, for sign-in and every step-up call: counted
    /// per user (crate::guessing), replays refused.
    pub(crate) async fn check_totp(&self, user: &UserRecord, sealed: &str, code: &str) -> AppResult<()> {
        if code.trim().is_empty() {
            return Err(AppError::Invalid(MsgKey::GoogleCodeEmpty));
        }
        let code = identity::normalize_code(code)?;
        let secret =
            String::from_utf8(self.sealer.open(TOTP_PURPOSE, sealed)?).map_err(AppError::internal)?;
        match self.counted_totp_attempt(user.id, &secret, &code).await? {
            Ok(true) => Ok(()),
            Ok(false) => Err(AppError::InvalidCode),
            Err(minutes) => Err(AppError::GoogleLocked {
                retry_after_minutes: minutes,
            }),
        }
    }

    pub(crate) async fn log_login(
        &self,
        user: Option<&UserRecord>,
        email: &str,
        client: &ClientMeta,
        success: bool,
        reason: &str,
    ) -> AppResult<()> {
        self.ports
            .logs
            .insert_login_log(NewLoginLog {
                merchant_id: user.map(|u| u.merchant_id),
                user_id: user.map(|u| u.id),
                email,
                ip: &client.ip,
                user_agent: &client.user_agent,
                success,
                reason,
                at: self.ports.clock.now(),
            })
            .await
    }

    pub(crate) async fn redeem_code(&self, email: &Email, purpose: CodePurpose, code: &str) -> AppResult<()> {
        let record = self.check_code(email, purpose, code).await?;
        if !self.ports.codes.consume_code(record.id).await? {
            return Err(AppError::InvalidCode);
        }
        Ok(())
    }

    /// Checks the newest code of this e-mail and purpose without using it up. A wrong code
    /// counts toward the code's attempt limit (`auth.code_max_attempts`), after which the code
    /// is dead.
    pub(crate) async fn check_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        code: &str,
    ) -> AppResult<CodeRecord> {
        let now = self.ports.clock.now();
        let record = self
            .ports
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
        if !identity::constant_time_eq(&self.sealer.code_digest(code), &record.code_digest) {
            self.ports.codes.record_failed_attempt(record.id).await?;
            return Err(AppError::InvalidCode);
        }
        Ok(record)
    }
}
