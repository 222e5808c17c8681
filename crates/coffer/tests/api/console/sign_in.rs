//! Signing in and the operator's own settings.

use super::area;

area! {
    /// Signing up, in and back in: the calls made before there is a session.
    Auth = auth() {
        REGISTER "/api/partner/register" => register(body);
        VERIFY "/api/partner/login/verify" => verify(body);
        SEND_CODE "/api/partner/code/email" => send_code(body);
        LOGIN "/api/partner/login" => login(body);
        RESET_VERIFY "/api/partner/reset/verify" => verify_reset_code(body);
        RESET_PASSWORD "/api/partner/reset" => reset_password(body);
        ACCEPT_INVITE "/api/partner/invite/accept" => accept_invite(body);
    }
}

area! {
    /// The signed-in operator's own session, profile, password and authenticator.
    Me = me(session) {
        INFO "/api/partner/user/info" => info();
        LOGOUT "/api/partner/logout" => logout();
        HOME_CONFIG "/api/partner/home/config" => home_config();
        CACHE_VERSION "/api/partner/check/cache/update" => cache_version();
        CHANGE_PASSWORD "/api/partner/password/edit" => change_password(body);
        GOOGLE_CODE "/api/partner/google/code" => google_secret();
        GOOGLE_BIND "/api/partner/google/bind" => bind_google(body);
        GOOGLE_UNBIND "/api/partner/google/unbind" => unbind_google(body);
        SET_TIME_ZONE "/api/partner/timeZone/set" => set_time_zone(body);
        MY_LOGS "/api/sys/logs/myLogs" => my_logs(body);
    }
}

impl Auth<'_> {
    /// The first sign-in step: `email` and `password`, checked before a code is mailed.
    pub async fn check_password(self, email: &str, password: &str) -> crate::helpers::Answer {
        self.verify(serde_json::json!({ "email": email, "password": password }))
            .await
    }
}
