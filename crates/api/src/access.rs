//! Sub-accounts and roles (menu 7). Each call names its menu id in its signature; what the
//! caller may grant, and the Google code, are checked by the domain (`access::grants`).

use axum::extract::State;
use axum::http::HeaderMap;
use coffer_domain::access::invite::Invitation;
use coffer_domain::access::AccountEdit as Edit;
use coffer_domain::menu::catalogue::{
    ACCOUNT_ADD, ACCOUNT_DELETE, ACCOUNT_EDIT, ACCOUNT_LIST, ACCOUNT_RESET_PASSWORD, ROLE_ADD, ROLE_DELETE,
    ROLE_EDIT, ROLE_LIST,
};
use coffer_domain::ports::Paged;
use coffer_domain::registration::NewPassword;
use coffer_domain::Locale;
use serde::Deserialize;

use crate::audit::{audited_on, done_on, Audited};
use crate::bodies::{ById, Created, FilterText, PageQuery};
use crate::envelope::{ok, ApiError, ApiJson, ApiResult};
use crate::session::Allowed;
use crate::views::access::{AccountView, RoleOption, RoleView};
use crate::views::session::MenuItemView;
use crate::views::{listed, paged};
use crate::AppState;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountPage {
    #[serde(flatten)]
    page: PageQuery,
    email: Option<FilterText>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewAccount {
    email: String,
    username: String,
    role_id: i64,
    #[serde(default)]
    google_code: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountEdit {
    id: i64,
    username: String,
    role_id: i64,
    status: i32,
    /// Needed when the role changes.
    #[serde(default)]
    google_code: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AcceptInvitation {
    email: String,
    code: String,
    password: String,
    password_verify: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PasswordReset {
    id: i64,
    password: String,
    password_verify: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleForm {
    id: Option<i64>,
    name: String,
    menu_ids: Vec<i64>,
    #[serde(default)]
    google_code: String,
}

pub async fn page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ACCOUNT_LIST>,
    ApiJson(body): ApiJson<AccountPage>,
) -> ApiResult<Paged<AccountView>> {
    let found = state
        .access
        .page_accounts(
            &ctx,
            FilterText::optional(body.email)?.as_deref(),
            body.page.request()?,
        )
        .await?;
    ok(paged(found))
}

/// Invites by e-mail; the answer is the same whether or not the address has an account with
/// another merchant (so it carries no id).
pub async fn add(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ACCOUNT_ADD>,
    headers: HeaderMap,
    ApiJson(b): ApiJson<NewAccount>,
) -> ApiResult<()> {
    let form = Invitation {
        email: &b.email,
        username: &b.username,
        role_id: b.role_id,
        google_code: &b.google_code,
    };
    // The invitation is written in the inviter's language.
    let locale = Locale::negotiate(headers.get("accept-language").and_then(|v| v.to_str().ok()));
    state.access.invite(&ctx, form, locale).await?;
    ok(())
}

/// Public: the invitee sets a password with the mailed code.
pub async fn accept_invitation(
    State(state): State<AppState>,
    ApiJson(b): ApiJson<AcceptInvitation>,
) -> ApiResult<()> {
    let form = NewPassword {
        email: &b.email,
        code: &b.code,
        password: &b.password,
        password_verify: &b.password_verify,
    };
    state.access.accept_invitation(form).await?;
    ok(())
}

pub async fn edit(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ACCOUNT_EDIT>,
    ApiJson(b): ApiJson<AccountEdit>,
) -> Audited {
    let edit = Edit {
        id: b.id,
        username: &b.username,
        role_id: b.role_id,
        status: b.status,
        google_code: &b.google_code,
    };
    let before = AccountView::from(state.access.edit_account(&ctx, edit).await?);
    audited_on(before.email.clone(), &before, ())
}

pub async fn reset_password(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ACCOUNT_RESET_PASSWORD>,
    ApiJson(b): ApiJson<PasswordReset>,
) -> Audited {
    let email = state
        .access
        .reset_account_password(&ctx, b.id, &b.password, &b.password_verify)
        .await?;
    done_on(email, ())
}

pub async fn delete(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ACCOUNT_DELETE>,
    ApiJson(b): ApiJson<ById>,
) -> Audited {
    let before = AccountView::from(state.access.delete_account(&ctx, b.id).await?);
    audited_on(before.email.clone(), &before, ())
}

pub async fn role_options(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ACCOUNT_LIST>,
) -> ApiResult<Vec<RoleOption>> {
    ok(listed(state.access.role_options(&ctx).await?))
}

pub async fn roles(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ROLE_LIST>,
) -> ApiResult<Paged<RoleView>> {
    ok(paged(state.access.roles(&ctx).await?))
}

pub async fn role_menus(
    State(state): State<AppState>,
    Allowed(_): Allowed<ROLE_LIST>,
) -> ApiResult<Vec<MenuItemView>> {
    ok(listed(state.access.menus().await?))
}

pub async fn add_role(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ROLE_ADD>,
    ApiJson(b): ApiJson<RoleForm>,
) -> ApiResult<Created> {
    ok(Created {
        id: state
            .access
            .add_role(&ctx, &b.name, &b.menu_ids, &b.google_code)
            .await?,
    })
}

pub async fn edit_role(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ROLE_EDIT>,
    ApiJson(b): ApiJson<RoleForm>,
) -> Audited {
    let id = b.id.ok_or_else(|| {
        ApiError(coffer_domain::AppError::BadRequest {
            detail: "missing field `id`".into(),
        })
    })?;
    let role = state
        .access
        .edit_role(&ctx, id, &b.name, &b.menu_ids, &b.google_code)
        .await?;
    let before = RoleView::from(role);
    audited_on(before.name.clone(), &before, ())
}

pub async fn delete_role(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<ROLE_DELETE>,
    ApiJson(b): ApiJson<ById>,
) -> Audited {
    let before = RoleView::from(state.access.delete_role(&ctx, b.id).await?);
    audited_on(before.name.clone(), &before, ())
}
