//! Sign-in, registration, password reset, sign-out and the signed-in user's own account.

use axum::extract::State;
use axum::http::HeaderMap;
use coffer_domain::error::AppError;
use coffer_domain::password_reset::{PasswordReset, ResetProof};
use coffer_domain::registration::NewPassword;
use coffer_domain::Locale;
use serde::{Deserialize, Serialize};

use crate::envelope::{ok, ApiJson, ApiResult};
use crate::session::{Client, Session};
use crate::views::session::UserSessionView;
use crate::AppState;

#[derive(Deserialize)]
pub struct Credentials {
    email: String,
    password: String,
}

#[derive(Deserialize)]
pub struct CodeRequest {
    email: String,
    #[serde(rename = "type")]
    code_type: i64,
}

#[derive(Deserialize)]
pub struct LoginRequest {
    email: String,
    password: String,
    code: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordForm {
    email: String,
    code: String,
    password: String,
    password_verify: String,
}

impl PasswordForm {
    fn as_new_password(&self) -> NewPassword<'_> {
        NewPassword {
            email: &self.email,
            code: &self.code,
            password: &self.password,
            password_verify: &self.password_verify,
        }
    }
}

/// Step 1 of the password reset.
#[derive(Deserialize)]
pub struct EmailAndCode {
    email: String,
    code: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResetTokenView {
    reset_token: String,
    expires_at: String,
}

/// Step 2 of the password reset: the proof step 1 answered, or (the one-call contract) the code.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResetForm {
    email: String,
    code: Option<String>,
    reset_token: Option<String>,
    password: String,
    password_verify: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordEdit {
    password_old: String,
    password: String,
    password_verify: String,
}

pub async fn login_verify(
    State(state): State<AppState>,
    Client(client): Client,
    ApiJson(body): ApiJson<Credentials>,
) -> ApiResult<i32> {
    let step = state
        .auth
        .login_verify(&body.email, &body.password, &client)
        .await?;
    ok(step as i32)
}

pub async fn send_email_code(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<CodeRequest>,
) -> ApiResult<()> {
    let locale = Locale::negotiate(headers.get("accept-language").and_then(|v| v.to_str().ok()));
    state
        .auth
        .send_email_code(&body.email, body.code_type, locale)
        .await?;
    ok(())
}

pub async fn login(
    State(state): State<AppState>,
    Client(client): Client,
    ApiJson(body): ApiJson<LoginRequest>,
) -> ApiResult<UserSessionView> {
    ok(state
        .auth
        .login(&body.email, &body.password, &body.code, &client)
        .await?
        .into())
}

pub async fn register(State(state): State<AppState>, ApiJson(body): ApiJson<PasswordForm>) -> ApiResult<()> {
    state.auth.register(body.as_new_password()).await?;
    ok(())
}

pub async fn reset_verify(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<EmailAndCode>,
) -> ApiResult<ResetTokenView> {
    let proof = state.auth.verify_reset_code(&body.email, &body.code).await?;
    ok(ResetTokenView {
        reset_token: proof.token,
        expires_at: crate::views::time(proof.expires_at),
    })
}

pub async fn reset(State(state): State<AppState>, ApiJson(body): ApiJson<ResetForm>) -> ApiResult<()> {
    let proof = match (&body.reset_token, &body.code) {
        (Some(token), _) => ResetProof::Token(token),
        (None, Some(code)) => ResetProof::Code(code),
        // The answer a body without `code` always had.
        (None, None) => {
            return Err(AppError::BadRequest {
                detail: "missing field `code` or `resetToken`".into(),
            }
            .into())
        }
    };
    state
        .auth
        .reset_password(PasswordReset {
            email: &body.email,
            proof,
            password: &body.password,
            password_verify: &body.password_verify,
        })
        .await?;
    ok(())
}

pub async fn logout(State(state): State<AppState>, Session(ctx): Session) -> ApiResult<()> {
    state.auth.logout(&ctx).await?;
    ok(())
}

pub async fn user_info(State(state): State<AppState>, Session(ctx): Session) -> ApiResult<UserSessionView> {
    ok(state.auth.current_session(&ctx).await?.into())
}

pub async fn edit_password(
    State(state): State<AppState>,
    Session(ctx): Session,
    ApiJson(body): ApiJson<PasswordEdit>,
) -> ApiResult<()> {
    state
        .auth
        .change_password(&ctx, &body.password_old, &body.password, &body.password_verify)
        .await?;
    ok(())
}
