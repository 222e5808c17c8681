//! Sub-accounts and roles (menu 7). Each call names its menu id in its signature.

use axum::extract::State;
use axum::Extension;
use coffer_domain::access::{AccountForm, AccountView, RoleOption, RoleView};
use coffer_domain::menu::MenuItem;
use coffer_domain::ports::Paged;
use serde::{Deserialize, Serialize};

use crate::audit::AuditBefore;
use crate::envelope::{ok, ApiError, ApiJson, ApiResult, Reply};
use crate::personal::PageQuery;
use crate::session::Allowed;
use crate::AppState;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountPage {
    #[serde(flatten)]
    page: PageQuery,
    email: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewAccount {
    email: String,
    username: String,
    password: String,
    password_verify: String,
    role_id: i64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountEdit {
    id: i64,
    username: String,
    role_id: i64,
    status: i32,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordReset {
    id: i64,
    password: String,
    password_verify: String,
}

#[derive(Deserialize)]
pub struct ById {
    id: i64,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleForm {
    id: Option<i64>,
    name: String,
    menu_ids: Vec<i64>,
}

#[derive(Serialize)]
pub struct Created {
    id: i64,
}

type Audited = Result<(Extension<AuditBefore>, Reply<()>), ApiError>;

fn audited(before: &impl Serialize) -> Audited {
    let before = serde_json::to_string(before).unwrap_or_default();
    Ok((Extension(AuditBefore(before)), Reply(())))
}

pub async fn page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<702>,
    ApiJson(body): ApiJson<AccountPage>,
) -> ApiResult<Paged<AccountView>> {
    ok(state
        .access
        .page_accounts(&ctx, body.email.as_deref(), body.page.request()?)
        .await?)
}

pub async fn add(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<70201>,
    ApiJson(b): ApiJson<NewAccount>,
) -> ApiResult<Created> {
    let form = AccountForm {
        email: &b.email,
        username: &b.username,
        password: &b.password,
        password_verify: &b.password_verify,
        role_id: b.role_id,
    };
    ok(Created {
        id: state.access.add_account(&ctx, form).await?,
    })
}

pub async fn edit(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<70202>,
    ApiJson(b): ApiJson<AccountEdit>,
) -> Audited {
    audited(
        &state
            .access
            .edit_account(&ctx, b.id, &b.username, b.role_id, b.status)
            .await?,
    )
}

pub async fn reset_password(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<70203>,
    ApiJson(b): ApiJson<PasswordReset>,
) -> ApiResult<()> {
    state
        .access
        .reset_account_password(&ctx, b.id, &b.password, &b.password_verify)
        .await?;
    ok(())
}

pub async fn delete(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<70204>,
    ApiJson(b): ApiJson<ById>,
) -> Audited {
    audited(&state.access.delete_account(&ctx, b.id).await?)
}

pub async fn role_options(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<702>,
) -> ApiResult<Vec<RoleOption>> {
    ok(state.access.role_options(&ctx).await?)
}

pub async fn roles(State(state): State<AppState>, Allowed(ctx): Allowed<703>) -> ApiResult<Paged<RoleView>> {
    ok(state.access.roles(&ctx).await?)
}

pub async fn role_menus(State(state): State<AppState>, Allowed(_): Allowed<703>) -> ApiResult<Vec<MenuItem>> {
    ok(state.access.menus().await?)
}

pub async fn add_role(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<70301>,
    ApiJson(b): ApiJson<RoleForm>,
) -> ApiResult<Created> {
    ok(Created {
        id: state.access.add_role(&ctx, &b.name, &b.menu_ids).await?,
    })
}

pub async fn edit_role(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<70302>,
    ApiJson(b): ApiJson<RoleForm>,
) -> Audited {
    let id = b.id.ok_or_else(|| {
        ApiError(coffer_domain::AppError::BadRequest {
            detail: "missing field `id`".into(),
        })
    })?;
    audited(&state.access.edit_role(&ctx, id, &b.name, &b.menu_ids).await?)
}

pub async fn delete_role(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<70303>,
    ApiJson(b): ApiJson<ById>,
) -> Audited {
    audited(&state.access.delete_role(&ctx, b.id).await?)
}
