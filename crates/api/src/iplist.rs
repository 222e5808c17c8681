//! The IP list (menu 701): requests to call the merchant API from an address.

use axum::extract::State;
use axum::Extension;
use coffer_domain::menu::catalogue::{IP_DELETE, IP_LIST, IP_REQUEST};
use coffer_domain::ports::Paged;
use serde::{Deserialize, Serialize};

use crate::audit::AuditBefore;
use crate::envelope::{ok, ApiError, ApiJson, ApiResult, Reply};
use crate::personal::PageQuery;
use crate::session::Allowed;
use crate::views::iplist::IpView;
use crate::views::paged;
use crate::AppState;

#[derive(Deserialize)]
pub struct IpRequest {
    ip: String,
    #[serde(default)]
    remark: String,
}

#[derive(Deserialize)]
pub struct ById {
    id: i64,
}

#[derive(Serialize)]
pub struct Created {
    id: i64,
}

pub async fn page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<IP_LIST>,
    ApiJson(q): ApiJson<PageQuery>,
) -> ApiResult<Paged<IpView>> {
    ok(paged(state.ips.page(&ctx, q.request()?).await?))
}

pub async fn request(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<IP_REQUEST>,
    ApiJson(b): ApiJson<IpRequest>,
) -> ApiResult<Created> {
    ok(Created {
        id: state.ips.request(&ctx, &b.ip, &b.remark).await?,
    })
}

pub async fn delete(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<IP_DELETE>,
    ApiJson(b): ApiJson<ById>,
) -> Result<(Extension<AuditBefore>, Reply<()>), ApiError> {
    let before = IpView::from(state.ips.delete(&ctx, b.id).await?);
    Ok((
        Extension(AuditBefore(serde_json::to_string(&before).unwrap_or_default())),
        Reply(()),
    ))
}
