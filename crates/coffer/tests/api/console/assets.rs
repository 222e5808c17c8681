//! Assets (tokens) and cold addresses.

use super::area;

area! {
    /// The tokens a merchant accepts, their cold addresses and token requests.
    Assets = assets(session) {
        LIST "/api/partner/asset/list" => list(body);
        ADD "/api/partner/asset/add" => add(body);
        ADD_V2 "/api/partner/asset/add_v2" => add_v2(body);
        EDIT "/api/partner/asset/edit" => edit(body);
        SET_STATUS "/api/partner/asset/status/edit" => set_status(body);
        COLD_ADDRESSES "/api/partner/asset/pageAddressCold" => cold_addresses(body);
        TOKEN_REQUESTS "/api/partner/token/request/getTokenRequests" => token_requests(body);
        REQUEST_COLD_ADDRESS "/api/partner/token/request/requestColdAddress" => request_cold_address(body);
    }
}

impl Assets<'_> {
    /// Every asset, on every chain.
    pub async fn list_all(self) -> crate::helpers::Answer {
        self.list(serde_json::json!({})).await
    }
}
