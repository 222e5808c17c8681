//! Merchant-facing HTTP with reqwest (callbacks, risk control, the test ping): no redirects (a
//! callback goes where the merchant said), the configured timeout, the reply body read up to a
//! bound, and no private-network targets unless allowed: a merchant must not be able to make
//! Coffer call into its own network (SSRF). Names are checked as they are resolved for the
//! connection, so a DNS answer cannot swap them later. The environment's proxy is never used
//! (the guard would only see the proxy); a proxy configured for callbacks gets the request
//! only after the target's addresses were checked.

use coffer_domain::callbacks::targets::{is_public, target_problem, HostResolver};
use coffer_domain::callbacks::{reason, CallbackReply, CallbackRequest, CallbackTransport, TransportError};
use reqwest::dns::{Name, Resolve, Resolving};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// Replies longer than this are cut (we keep an excerpt anyway).
const MAX_REPLY_BYTES: usize = 64 * 1024;
/// How long saving an address waits for its name to resolve (then it is checked at send).
const RESOLVE_TIMEOUT: Duration = Duration::from_secs(5);

/// The system resolver, for the check of a callback or risk-control address when it is saved.
pub struct SystemResolver;

#[async_trait::async_trait]
impl HostResolver for SystemResolver {
    async fn addresses(&self, host: &str) -> std::io::Result<Vec<IpAddr>> {
        let found = tokio::time::timeout(RESOLVE_TIMEOUT, tokio::net::lookup_host((host, 0)))
            .await
            .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "resolving took too long"))??;
        Ok(found.map(|address| address.ip()).collect())
    }
}

pub struct HttpTransport {
    client: reqwest::Client,
    allow_private: bool,
    /// Requests go through a configured proxy: names are resolved and checked here first.
    proxied: bool,
}

/// The resolver's refusal, found again in reqwest's error chain.
#[derive(Debug)]
struct BlockedTarget;

impl std::fmt::Display for BlockedTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the callback host resolves only to private network addresses")
    }
}

impl std::error::Error for BlockedTarget {}

/// Resolves with the system resolver and keeps public addresses only.
struct PublicOnly;

async fn public_addresses(host: &str) -> Result<Vec<SocketAddr>, Box<dyn std::error::Error + Send + Sync>> {
    let found = tokio::net::lookup_host((host, 0)).await?;
    let public: Vec<SocketAddr> = found.filter(|a| is_public(a.ip())).collect();
    if public.is_empty() {
        return Err(Box::new(BlockedTarget));
    }
    Ok(public)
}

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        Box::pin(async move {
            let public = public_addresses(name.as_str()).await?;
            Ok(Box::new(public.into_iter()) as Box<dyn Iterator<Item = SocketAddr> + Send>)
        })
    }
}

fn blocked(detail: &str) -> TransportError {
    TransportError {
        reason: reason::BLOCKED_TARGET,
        detail: detail.to_string(),
    }
}

fn refused_by_resolver(error: &reqwest::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = source {
        if e.is::<BlockedTarget>() {
            return true;
        }
        source = e.source();
    }
    false
}

impl HttpTransport {
    pub fn new(allow_private: bool, proxy_url: Option<&str>) -> anyhow::Result<HttpTransport> {
        let mut builder = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .user_agent(concat!("Coffer-Callback/", env!("CARGO_PKG_VERSION")));
        if let Some(proxy) = proxy_url {
            builder = builder.proxy(reqwest::Proxy::all(proxy)?);
        } else if !allow_private {
            builder = builder.dns_resolver(Arc::new(PublicOnly));
        }
        Ok(HttpTransport {
            client: builder.build()?,
            allow_private,
            proxied: proxy_url.is_some(),
        })
    }

    /// Refuses what may not be called before anything is sent.
    async fn check_target(&self, raw: &str) -> Result<(), TransportError> {
        let url = reqwest::Url::parse(raw).map_err(|_| blocked("the callback address is not a URL"))?;
        if target_problem(&url, self.allow_private).is_some() {
            return Err(blocked("the callback address is not a public internet address"));
        }
        // Through a proxy the connection's resolver only sees the proxy: resolve the target here.
        if self.proxied && !self.allow_private {
            if let Some(url::Host::Domain(name)) = url.host() {
                public_addresses(name).await.map_err(|e| {
                    if e.is::<BlockedTarget>() {
                        blocked(&e.to_string())
                    } else {
                        TransportError {
                            reason: reason::UNREACHABLE,
                            detail: format!("no answer: resolving the host: {e}"),
                        }
                    }
                })?;
            }
        }
        Ok(())
    }
}

#[async_trait::async_trait]
impl CallbackTransport for HttpTransport {
    async fn post(&self, request: &CallbackRequest) -> Result<CallbackReply, TransportError> {
        self.check_target(&request.url).await?;
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
                TransportError {
                    reason: reason::TIMEOUT,
                    detail: "timed out".into(),
                }
            } else if refused_by_resolver(&e) {
                blocked(&BlockedTarget.to_string())
            } else {
                TransportError {
                    reason: reason::UNREACHABLE,
                    detail: format!("no answer: {e}"),
                }
            }
        })?;
        let status = response.status().as_u16();
        let bytes = response.bytes().await.map_err(|e| TransportError {
            reason: if e.is_timeout() {
                reason::TIMEOUT
            } else {
                reason::UNREACHABLE
            },
            detail: format!("reading the reply: {e}"),
        })?;
        let cut = &bytes[..bytes.len().min(MAX_REPLY_BYTES)];
        Ok(CallbackReply {
            status,
            body: String::from_utf8_lossy(cut).into_owned(),
        })
    }
}

#[cfg(test)]
#[path = "transport_tests.rs"]
mod tests;
