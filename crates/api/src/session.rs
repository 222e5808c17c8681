//! Who is calling and may they: the session and permission extractors, and where the call
//! came from. Every protected handler names one of these in its signature, so no handler checks
//! by hand.

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use coffer_domain::auth::{AuthContext, ClientMeta, RowScope};
use coffer_domain::menu::MenuId;
use coffer_domain::AppError;
use std::net::SocketAddr;

use crate::audit::AuditSlot;
use crate::envelope::ApiError;
use crate::AppState;

/// The header carrying the session token (spec section 7).
pub const SESSION_HEADER: &str = "sessionCode";

/// A signed-in caller.
pub struct Session(pub AuthContext);

impl FromRequestParts<AppState> for Session {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let token = parts.headers.get(SESSION_HEADER).and_then(|v| v.to_str().ok());
        let ctx = state.auth.authenticate(token).await?;
        tracing::Span::current().record("user_id", ctx.user_id);
        if let Some(slot) = parts.extensions.get::<AuditSlot>() {
            slot.set(&ctx);
        }
        Ok(Session(ctx))
    }
}

/// A signed-in caller whose role holds menu id `MENU`.
pub struct Allowed<const MENU: MenuId>(pub AuthContext);

impl<const MENU: MenuId> FromRequestParts<AppState> for Allowed<MENU> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let Session(ctx) = Session::from_request_parts(parts, state).await?;
        if !ctx.permissions.allows(MENU) {
            return Err(ApiError(AppError::Forbidden));
        }
        Ok(Allowed(ctx))
    }
}

/// A signed-in caller whose role holds menu `A`, `B` or `C` (one list shown on several screens;
/// `C` = 0 stands for none).
pub struct AllowedEither<const A: MenuId, const B: MenuId, const C: MenuId = 0>(pub AuthContext);

impl<const A: MenuId, const B: MenuId, const C: MenuId> FromRequestParts<AppState>
    for AllowedEither<A, B, C>
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let Session(ctx) = Session::from_request_parts(parts, state).await?;
        if !allows_any(&ctx, &[A, B, C]) {
            return Err(ApiError(AppError::Forbidden));
        }
        Ok(AllowedEither(ctx))
    }
}

/// Whether the caller's role holds one of `menus` (0 stands for none).
fn allows_any(ctx: &AuthContext, menus: &[MenuId]) -> bool {
    menus
        .iter()
        .any(|&menu| menu != 0 && ctx.permissions.allows(menu))
}

/// A signed-in caller who reads every row of the merchant with list menu `A`, `B` or `C`, or
/// else only the rows they created with menu `OWN` or `OWN2` (a screen that creates them and
/// follows what it created).
pub struct ListedOrOwn<
    const A: MenuId,
    const B: MenuId,
    const C: MenuId,
    const OWN: MenuId,
    const OWN2: MenuId = 0,
>(pub AuthContext, pub RowScope);

impl<const A: MenuId, const B: MenuId, const C: MenuId, const OWN: MenuId, const OWN2: MenuId>
    FromRequestParts<AppState> for ListedOrOwn<A, B, C, OWN, OWN2>
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let Session(ctx) = Session::from_request_parts(parts, state).await?;
        let scope = if allows_any(&ctx, &[A, B, C]) {
            RowScope::Merchant
        } else if allows_any(&ctx, &[OWN, OWN2]) {
            RowScope::CreatedBy(ctx.user_id)
        } else {
            return Err(ApiError(AppError::Forbidden));
        };
        Ok(ListedOrOwn(ctx, scope))
    }
}

/// The caller's address and user agent. The peer address is used unless the service runs
/// behind a proxy it trusts (`server.trust_forwarded_for`), then the first X-Forwarded-For.
pub struct Client(pub ClientMeta);

pub fn client_meta(parts: &Parts, trust_forwarded_for: bool) -> ClientMeta {
    let header = |name: &str| {
        parts
            .headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
    };
    let forwarded = header("x-forwarded-for")
        .filter(|_| trust_forwarded_for)
        .and_then(|v| v.split(',').next())
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty());
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip().to_string());
    ClientMeta {
        ip: forwarded.or(peer).unwrap_or_default(),
        user_agent: header("user-agent")
            .unwrap_or_default()
            .chars()
            .take(255)
            .collect(),
    }
}

impl FromRequestParts<AppState> for Client {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(Client(client_meta(parts, state.trust_forwarded_for)))
    }
}
