use super::*;
use std::sync::Mutex;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn request(url: &str) -> CallbackRequest {
    CallbackRequest {
        url: url.into(),
        headers: Vec::new(),
        body: "{}".into(),
        timeout: std::time::Duration::from_secs(2),
    }
}

/// A stand-in HTTP proxy: records the request lines it is given and acknowledges each.
async fn recording_proxy() -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut head = vec![0u8; 4096];
            let n = socket.read(&mut head).await.unwrap_or(0);
            let text = String::from_utf8_lossy(&head[..n]);
            record
                .lock()
                .unwrap()
                .push(text.lines().next().unwrap_or_default().to_string());
            let body = r#"{"code":0}"#;
            let reply = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = socket.write_all(reply.as_bytes()).await;
        }
    });
    (url, seen)
}

#[tokio::test]
async fn a_private_target_is_refused_without_a_connection() {
    let transport = HttpTransport::new(false, None).unwrap();
    for url in [
        "http://127.0.0.1:9/hook",
        "http://localhost:9/hook",
        "http://[::ffff:127.0.0.1]:9/hook",
        "http://[::127.0.0.1]:9/hook",
        "http://[64:ff9b::7f00:1]:9/hook",
        // Saved before these forms were refused: a delivery or a test callback still stops.
        "http://[::ffff:0:127.0.0.1]:9/hook",
        "http://[2002:7f00:1::]:9/hook",
        "ftp://shop.example/hook",
    ] {
        let refused = transport.post(&request(url)).await.err().unwrap();
        assert_eq!(refused.reason, reason::BLOCKED_TARGET, "{url}: {refused}");
    }
}

/// The variables reqwest would read a proxy from.
const PROXY_VARIABLES: [&str; 6] = [
    "HTTP_PROXY",
    "http_proxy",
    "HTTPS_PROXY",
    "https_proxy",
    "ALL_PROXY",
    "all_proxy",
];

/// HTTP_PROXY in the environment must not carry merchant-facing requests: the private-network
/// guard would only see the proxy, and internal pages could be read through the attempt log.
#[tokio::test]
async fn the_environment_proxy_is_never_used() {
    let (proxy, seen) = recording_proxy().await;
    for name in PROXY_VARIABLES {
        std::env::set_var(name, &proxy);
    }
    let transport = HttpTransport::new(true, None).unwrap();
    let answer = transport
        .post(&request("http://coffer-proxy-test.invalid/hook"))
        .await;
    for name in PROXY_VARIABLES {
        std::env::remove_var(name);
    }
    assert!(
        seen.lock().unwrap().is_empty(),
        "went through the proxy: {answer:?}"
    );
    assert_eq!(answer.err().unwrap().reason, reason::UNREACHABLE);
}

#[tokio::test]
async fn a_configured_proxy_is_used_after_the_target_is_checked() {
    let (proxy, seen) = recording_proxy().await;
    let transport = HttpTransport::new(false, Some(&proxy)).unwrap();
    let reply = transport.post(&request("http://8.8.8.8:9/hook")).await.unwrap();
    assert_eq!((reply.status, reply.body.as_str()), (200, r#"{"code":0}"#));
    for url in [
        "http://10.0.0.1/hook",
        "http://localhost/hook",
        "http://[::ffff:10.0.0.1]/",
    ] {
        let refused = transport.post(&request(url)).await.err().unwrap();
        assert_eq!(refused.reason, reason::BLOCKED_TARGET, "{url}");
    }
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen, vec!["POST http://8.8.8.8:9/hook HTTP/1.1".to_string()]);
}

/// The check on saving, with the system resolver: `localhost` is in every machine's hosts file
/// (and refused by name before this check), so the rule's answer for a name that resolves to
/// loopback is the resolver's own, not a table's.
#[tokio::test]
async fn the_system_resolver_finds_a_name_that_points_to_loopback() {
    let found = SystemResolver.addresses("localhost").await.unwrap();
    assert!(found.iter().any(IpAddr::is_loopback), "{found:?}");
    let url = reqwest::Url::parse("http://localhost:8080/hook").unwrap();
    assert_eq!(
        coffer_domain::callbacks::targets::resolved_problem(&url, &SystemResolver).await,
        Some(coffer_domain::messages::MsgKey::CallbackNameResolvesPrivate)
    );
}
