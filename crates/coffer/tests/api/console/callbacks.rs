//! Callback settings and the callback event list.

use super::area;

area! {
    /// Callback targets and the events sent to them.
    Callbacks = callbacks(session) {
        SAVE_URL "/api/partner/callbackurl/save" => save_url(body);
        SAVE_RISK_URL "/api/partner/riskurl/save" => save_risk_url(body);
        TEST "/api/partner/callback/test" => test();
        PAGE "/api/partner/callback/page" => page(body);
        ATTEMPTS "/api/partner/callback/attempts" => attempts(body);
        PUSH "/api/partner/callback/push" => push(body);
    }
}

impl Callbacks<'_> {
    /// Saves `url` as the callback address.
    pub async fn save_url_to(self, url: &str) -> crate::helpers::Answer {
        self.save_url(serde_json::json!({ "callbackUrl": url })).await
    }
}
