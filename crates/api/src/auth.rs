//! Sign-in, registration, password reset, sign-out and the signed-in user's own account.

use axum::extract::State;
use axum::http::HeaderMap;
use coffer_domain::registration::NewPassword;
use coffer_domain::Locale;
use serde::Deserialize;

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

pub async fn reset(State(state): State<AppState>, ApiJson(body): ApiJson<PasswordForm>) -> ApiResult<()> {
    state.auth.reset_password(body.as_new_password()).await?;
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
