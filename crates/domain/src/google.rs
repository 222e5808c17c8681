//! Binding and unbinding Google authenticator (TOTP).

use crate::auth::{AuthContext, AuthService};
use crate::error::{AppError, AppResult};
use crate::identity;
use crate::messages::MsgKey;
use crate::signin::TOTP_PURPOSE;
use crate::totp;

pub const TOTP_ISSUER: &str = "Coffer";

/// A new authenticator secret, with the URI a phone scans.
#[derive(Debug, Clone)]
pub struct TotpOffer {
    pub secret: String,
    pub otpauth_uri: String,
    pub account: String,
    pub issuer: String,
}

impl AuthService {
    /// A new secret to scan; replaces an unconfirmed one.
    pub async fn google_offer(&self, ctx: &AuthContext) -> AppResult<TotpOffer> {
        let user = self.user(ctx.user_id).await?;
        if user.totp_secret.is_some() {
            return Err(AppError::GoogleAlreadyBound);
        }
        let secret = totp::new_secret();
        self.ports
            .users
            .set_totp_pending(user.id, Some(self.sealer.seal(TOTP_PURPOSE, secret.as_bytes())?))
            .await?;
        Ok(TotpOffer {
            otpauth_uri: totp::otpauth_uri(TOTP_ISSUER, &user.email, &secret),
            secret,
            account: user.email,
            issuer: TOTP_ISSUER.into(),
        })
    }

    pub async fn google_bind(&self, ctx: &AuthContext, code: &str) -> AppResult<()> {
        let user = self.user(ctx.user_id).await?;
        if user.totp_secret.is_some() {
            return Err(AppError::GoogleAlreadyBound);
        }
        let sealed = user.totp_pending.clone().ok_or(AppError::InvalidCode)?;
        self.check_totp(&user, &sealed, code).await?;
        self.ports.users.set_totp_secret(user.id, Some(sealed)).await?;
        tracing::info!(user_id = user.id, "Google authenticator bound");
        Ok(())
    }

    pub async fn google_unbind(&self, ctx: &AuthContext, code: &str) -> AppResult<()> {
        let user = self.user(ctx.user_id).await?;
        let sealed = user.totp_secret.clone().ok_or(AppError::GoogleNotBound)?;
        self.check_totp(&user, &sealed, code).await?;
        self.ports.users.set_totp_secret(user.id, None).await?;
        tracing::info!(user_id = user.id, "Google authenticator unbound");
        Ok(())
    }

    /// For actions that need the authenticator: a current code of the bound one.
    pub async fn require_google(&self, ctx: &AuthContext, code: &str) -> AppResult<()> {
        let user = self.user(ctx.user_id).await?;
        let sealed = user.totp_secret.clone().ok_or(AppError::GoogleNotBound)?;
        if code.trim().is_empty() {
            return Err(AppError::Invalid(MsgKey::GoogleCodeEmpty));
        }
        identity::normalize_code(code)?;
        self.check_totp(&user, &sealed, code).await
    }
}
