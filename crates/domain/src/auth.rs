//! Signing in and out, sessions, and the e-mail codes of the second step.

use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;

use crate::crypto::SecretBox;
use crate::error::{AppError, AppResult};
use crate::identity::{self, CodePurpose, Email};
use crate::mail::Mailer;
use crate::menu::{MenuItem, Permissions};
use crate::messages::MsgKey;
use crate::ports::{AccountStatus, MerchantId, MerchantStatus, Ports, UserId, UserRecord};

#[derive(Debug, Clone)]
pub struct AuthSettings {
    pub code_ttl: Duration,
    pub code_resend_after: Duration,
    pub code_max_attempts: i32,
    pub session_idle: Duration,
    pub session_absolute: Duration,
    pub lockout_attempts: i32,
    pub lockout_window: Duration,
    pub lockout_duration: Duration,
    // Guessable secrets
    /// Wrong passwords for one account from all addresses together within `lockout_window`.
    pub account_lockout_attempts: i32,
    /// Wrong authenticator codes of one user within `totp_lockout`, which then pause its checks
    /// for `totp_lockout`.
    pub totp_max_failures: i32,
    pub totp_lockout: Duration,
}

/// Which second step the console shows after the password is accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecondFactor {
    EmailCode = 0,
    Authenticator = 1,
}

/// Where a call came from, for the logs.
#[derive(Debug, Clone, Default)]
pub struct ClientMeta {
    pub ip: String,
    pub user_agent: String,
}

/// The signed-in caller, as every protected call sees it.
#[derive(Debug, Clone)]
pub struct AuthContext {
    pub session_id: i64,
    pub user_id: UserId,
    pub merchant_id: MerchantId,
    pub email: String,
    pub is_admin: bool,
    pub permissions: Permissions,
}

/// Which of the merchant's rows a call may read: a role holding a list reads every row; one
/// that may only create them reads the rows its user created (the api's permission extractor
/// decides which, the service filters by it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowScope {
    Merchant,
    CreatedBy(UserId),
}

impl RowScope {
    /// Whether a row created by `created_by` (none for the merchant API's) is in scope.
    pub fn covers(self, created_by: Option<UserId>) -> bool {
        match self {
            RowScope::Merchant => true,
            RowScope::CreatedBy(user) => created_by == Some(user),
        }
    }
}

/// The user session of spec section 3: who is signed in and the menus their role holds.
#[derive(Debug, Clone)]
pub struct UserSession {
    pub id: UserId,
    pub username: String,
    pub role: String,
    /// The session token; only the sign-in answers it.
    pub session_code: Option<String>,
    pub menus: Vec<MenuItem>,
    pub email: String,
    pub mobile: String,
    pub created_at: DateTime<Utc>,
    pub superadmin: bool,
    /// The user's role is the merchant's administrator role.
    pub is_admin: bool,
    /// 1 = enabled, 0 = disabled.
    pub status: AccountStatus,
    pub bind_google: bool,
}

/// A caller's session, checked again batch by batch while an export is written: signed out,
/// expired or disabled since, the export ends there.
#[derive(Clone)]
pub struct LiveSession {
    auth: Arc<AuthService>,
    token: String,
    session_id: i64,
}

impl LiveSession {
    /// Err (10506, 10512, 11003) once the session is gone.
    pub async fn check(&self) -> AppResult<()> {
        let ctx = self.auth.authenticate(Some(&self.token)).await?;
        if ctx.session_id != self.session_id {
            return Err(AppError::SessionMissing);
        }
        Ok(())
    }
}

pub struct AuthService {
    pub(crate) ports: Ports,
    pub(crate) mailer: Arc<dyn Mailer>,
    pub(crate) sealer: Arc<SecretBox>,
    pub(crate) settings: AuthSettings,
}

/// Sessions are touched at most this often, so a busy console does not write on every call.
const TOUCH_EVERY_SECS: i64 = 60;

impl AuthService {
    pub fn new(
        ports: Ports,
        mailer: Arc<dyn Mailer>,
        sealer: Arc<SecretBox>,
        settings: AuthSettings,
    ) -> Self {
        AuthService {
            ports,
            mailer,
            sealer,
            settings,
        }
    }

    /// Step one: the password. Answers which second step follows.
    pub async fn login_verify(
        &self,
        email: &str,
        password: &str,
        client: &ClientMeta,
    ) -> AppResult<SecondFactor> {
        let user = self.check_credentials(email, password, client).await?;
        Ok(if user.totp_secret.is_some() {
            SecondFactor::Authenticator
        } else {
            SecondFactor::EmailCode
        })
    }

    /// Step two: password again plus the e-mail code, or the authenticator's code when one is
    /// bound. Returns the session, token included.
    pub async fn login(
        &self,
        email: &str,
        password: &str,
        code: &str,
        client: &ClientMeta,
    ) -> AppResult<UserSession> {
        let user = self.check_credentials(email, password, client).await?;
        let second_step = match &user.totp_secret {
            Some(sealed) => self.check_totp(&user, sealed, code).await,
            None => match identity::normalize_code(code) {
                Ok(code) => {
                    self.redeem_code(&Email::parse(&user.email)?, CodePurpose::Login, &code)
                        .await
                }
                Err(err) => Err(err),
            },
        };
        if let Err(err) = second_step {
            let reason = match err {
                AppError::GoogleLocked { .. } => "google_locked",
                _ => "bad_code",
            };
            self.log_login(Some(&user), &user.email, client, false, reason)
                .await?;
            return Err(err);
        }
        let token = identity::new_session_token();
        let now = self.ports.clock.now();
        self.ports
            .sessions
            .create_session(&identity::secret_digest(&token), &user, now)
            .await?;
        self.ports.users.record_login_success(user.id, now).await?;
        self.log_login(Some(&user), &user.email, client, true, "").await?;
        tracing::info!(user_id = user.id, merchant_id = user.merchant_id, "signed in");
        let mut session = self.session_view(&user).await?;
        session.session_code = Some(token);
        Ok(session)
    }

    /// Resolves a session token; the way every protected call learns who is calling.
    pub async fn authenticate(&self, token: Option<&str>) -> AppResult<AuthContext> {
        let token = token
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or(AppError::SessionMissing)?;
        let session = self
            .ports
            .sessions
            .find_session(&identity::secret_digest(token))
            .await?
            .ok_or(AppError::SessionMissing)?;
        let now = self.ports.clock.now();
        let idle_over = now - session.last_seen_at > self.settings.session_idle;
        let absolute_over = now - session.created_at > self.settings.session_absolute;
        if idle_over || absolute_over {
            return Err(AppError::SessionExpired);
        }
        let user = self.user(session.user_id).await?;
        if user.status != AccountStatus::Enabled || user.merchant_status != MerchantStatus::Active {
            return Err(AppError::AccountUnavailable);
        }
        if (now - session.last_seen_at).num_seconds() >= TOUCH_EVERY_SECS {
            self.ports.sessions.touch_session(session.id, now).await?;
        }
        let menus = self.ports.users.role_menus(user.role_id).await?;
        Ok(AuthContext {
            session_id: session.id,
            user_id: user.id,
            merchant_id: user.merchant_id,
            email: user.email.clone(),
            is_admin: user.role_is_admin,
            permissions: Permissions::new(menus.iter().map(|m| m.menu_id)),
        })
    }

    /// The caller's session, to check again while a long answer is written.
    pub fn live_session(self: &Arc<Self>, token: &str, ctx: &AuthContext) -> LiveSession {
        LiveSession {
            auth: self.clone(),
            token: token.to_string(),
            session_id: ctx.session_id,
        }
    }

    pub async fn logout(&self, ctx: &AuthContext) -> AppResult<()> {
        self.ports.sessions.delete_session(ctx.session_id).await
    }

    pub async fn current_session(&self, ctx: &AuthContext) -> AppResult<UserSession> {
        let user = self.user(ctx.user_id).await?;
        self.session_view(&user).await
    }

    pub async fn change_password(
        &self,
        ctx: &AuthContext,
        old: &str,
        new: &str,
        verify: &str,
    ) -> AppResult<()> {
        identity::check_password_policy(new)?;
        if new != verify {
            return Err(AppError::Invalid(MsgKey::TwoPasswordInconsistent));
        }
        let user = self.user(ctx.user_id).await?;
        if !identity::verify_password(old, &user.password_hash) {
            return Err(AppError::PasswordMismatch);
        }
        self.ports
            .users
            .set_password_hash(user.id, &identity::hash_password(new)?)
            .await?;
        self.ports
            .sessions
            .delete_other_sessions(user.id, ctx.session_id)
            .await?;
        tracing::info!(user_id = user.id, "password changed; other sessions ended");
        Ok(())
    }

    pub(crate) async fn user(&self, id: UserId) -> AppResult<UserRecord> {
        self.ports
            .users
            .find_by_id(id)
            .await?
            .ok_or(AppError::SessionMissing)
    }

    async fn session_view(&self, user: &UserRecord) -> AppResult<UserSession> {
        Ok(UserSession {
            id: user.id,
            username: user.username.clone(),
            role: user.role_name.clone(),
            session_code: None,
            menus: self.ports.users.role_menus(user.role_id).await?,
            email: user.email.clone(),
            mobile: user.mobile.clone(),
            created_at: user.created_at,
            superadmin: user.superadmin,
            is_admin: user.role_is_admin,
            status: user.status,
            bind_google: user.totp_secret.is_some(),
        })
    }
}
