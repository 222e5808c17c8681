//! The IP list (menu 701): requests to call the merchant API from an address.

use axum::extract::State;
use coffer_domain::menu::catalogue::{IP_DELETE, IP_LIST, IP_REQUEST};
use coffer_domain::ports::Paged;
use serde::Deserialize;

use crate::audit::{audited_on, Audited};
use crate::bodies::{ById, Created, PageQuery};
use crate::envelope::{ok, ApiJson, ApiResult};
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
) -> Audited {
    let before = IpView::from(state.ips.delete(&ctx, b.id).await?);
    audited_on(before.ip.clone(), &before, ())
}
