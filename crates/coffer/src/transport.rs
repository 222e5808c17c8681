//! Callback HTTP with reqwest: no redirects (a callback goes where the merchant said), the
//! configured timeout, the reply body read up to a bound, and no private-network targets unless
//! allowed: a merchant must not be able to make Coffer call into its own network (SSRF). Names
//! are checked as they are resolved for the connection, so a DNS answer cannot swap them later.

use coffer_domain::callbacks::{CallbackReply, CallbackRequest, CallbackTransport};
use reqwest::dns::{Name, Resolve, Resolving};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// Replies longer than this are cut (we keep an excerpt anyway).
const MAX_REPLY_BYTES: usize = 64 * 1024;

pub struct HttpTransport {
    client: reqwest::Client,
    allow_private: bool,
}

/// Addresses on the public internet only: not loopback, private, link-local, shared, multicast
/// or unspecified (IPv4-mapped IPv6 judged as its IPv4).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_multicast()
                || v4.is_broadcast()
                || v4.is_documentation()
                || a == 0
                || (a == 100 && (64..128).contains(&b)))
        }
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public(IpAddr::V4(v4)),
            None => {
                let first = v6.segments()[0];
                !(v6.is_loopback()
                    || v6.is_unspecified()
                    || v6.is_multicast()
                    || (first & 0xfe00) == 0xfc00
                    || (first & 0xffc0) == 0xfe80)
            }
        },
    }
}

/// Resolves with the system resolver and keeps public addresses only.
struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        Box::pin(async move {
            let found = tokio::net::lookup_host((name.as_str(), 0)).await?;
            let public: Vec<SocketAddr> = found.filter(|a| is_public(a.ip())).collect();
            if public.is_empty() {
                return Err("the callback host resolves only to private network addresses".into());
            }
            Ok(Box::new(public.into_iter()) as Box<dyn Iterator<Item = SocketAddr> + Send>)
        })
    }
}

impl HttpTransport {
    pub fn new(allow_private: bool) -> anyhow::Result<HttpTransport> {
        let mut builder = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("Coffer-Callback/", env!("CARGO_PKG_VERSION")));
        if !allow_private {
            builder = builder.dns_resolver(Arc::new(PublicOnly));
        }
        Ok(HttpTransport {
            client: builder.build()?,
            allow_private,
        })
    }
}

#[async_trait::async_trait]
impl CallbackTransport for HttpTransport {
    async fn post(&self, request: &CallbackRequest) -> Result<CallbackReply, String> {
        // An IP literal never reaches the resolver: check it here.
        let literal = reqwest::Url::parse(&request.url)
            .ok()
            .and_then(|u| u.host_str().map(|h| h.trim_matches(['[', ']']).to_string()))
            .and_then(|h| h.parse::<IpAddr>().ok());
        if !self.allow_private && literal.is_some_and(|ip| !is_public(ip)) {
            return Err("the callback address is a private network address".into());
        }
        let mut builder = self
            .client
            .post(&request.url)
            .timeout(request.timeout)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(request.body.clone());
        for (name, value) in &request.headers {
            builder = builder.header(name, value);
        }
        let response = builder.send().await.map_err(|e| {
            if e.is_timeout() {
                "timed out".to_string()
            } else {
                format!("no answer: {e}")
            }
        })?;
        let status = response.status().as_u16();
        let bytes = response
            .bytes()
            .await
            .map_err(|e| format!("reading the reply: {e}"))?;
        let cut = &bytes[..bytes.len().min(MAX_REPLY_BYTES)];
        Ok(CallbackReply {
            status,
            body: String::from_utf8_lossy(cut).into_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_networks_are_not_callback_targets() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fc00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in ["1.1.1.1", "8.8.8.8", "2606:4700:4700::1111"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[tokio::test]
    async fn a_private_literal_is_refused_without_a_connection() {
        let transport = HttpTransport::new(false).unwrap();
        let request = CallbackRequest {
            url: "http://127.0.0.1:9/hook".into(),
            headers: Vec::new(),
            body: "{}".into(),
            timeout: std::time::Duration::from_secs(1),
        };
        let refused = transport.post(&request).await.err().unwrap();
        assert!(refused.contains("private network"), "{refused}");
        let request = CallbackRequest {
            url: "http://localhost:9/hook".into(),
            ..request
        };
        let refused = transport.post(&request).await.err().unwrap();
        assert!(refused.contains("no answer"), "{refused}");
    }
}
