//! Who is calling, and may they: the session and permission extractors. Every protected
//! handler names one of these in its signature, so no handler checks by hand.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use coffer_domain::auth::AuthContext;
use coffer_domain::menu::MenuId;
use coffer_domain::AppError;

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
