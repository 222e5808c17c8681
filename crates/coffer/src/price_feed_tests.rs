//! Against a real HTTP server on a free local port, answering what each test scripts.

use super::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

const TICKER: &str = r#"{"symbol":"TRXUSDT","price":"0.29120000"}"#;

/// What the server does with a request.
enum Answer {
    /// These bytes, then the connection closes.
    Bytes(Vec<u8>),
    /// These bytes, then nothing more while the connection stays open.
    ThenSilence(Vec<u8>),
}

fn reply(status: &str, headers: &str, body: &str) -> Vec<u8> {
    format!("HTTP/1.1 {status}\r\n{headers}Connection: close\r\n\r\n{body}").into_bytes()
}

fn json(body: &str) -> Answer {
    Answer::Bytes(reply(
        "200 OK",
        &format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ),
        body,
    ))
}

/// A body without a length: read until the server closes.
fn until_closed(body: &str) -> Answer {
    Answer::Bytes(reply("200 OK", "", body))
}

fn redirect(location: &str) -> Answer {
    Answer::Bytes(reply(
        "302 Found",
        &format!("Location: {location}\r\nContent-Length: 0\r\n"),
        "",
    ))
}

/// Serves on a free port, answering each request by its request line ("GET /path HTTP/1.1").
async fn serve(answer: impl Fn(&str) -> Answer + Send + Sync + 'static) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let answer = std::sync::Arc::new(answer);
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let answer = answer.clone();
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut buf = [0u8; 1024];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    match socket.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&buf[..n]),
                    }
                }
                let text = String::from_utf8_lossy(&head);
                match answer(text.lines().next().unwrap_or_default()) {
                    Answer::Bytes(bytes) => {
                        let _ = socket.write_all(&bytes).await;
                        let _ = socket.shutdown().await;
                    }
                    Answer::ThenSilence(bytes) => {
                        let _ = socket.write_all(&bytes).await;
                        std::future::pending::<()>().await;
                    }
                }
            });
        }
    });
    base
}

fn feeds() -> HttpPriceFeeds {
    HttpPriceFeeds::with_timeout(Duration::from_millis(300)).unwrap()
}

#[tokio::test]
async fn a_ticker_is_read_with_a_get() {
    let base = serve(|line| match line.starts_with("GET /ticker?symbol=TRXUSDT ") {
        true => json(TICKER),
        false => Answer::Bytes(reply("405 Method Not Allowed", "", "")),
    })
    .await;
    let body = feeds().fetch(&format!("{base}/ticker?symbol=TRXUSDT")).await;
    assert_eq!(body.as_deref(), Ok(TICKER));
}

#[tokio::test]
async fn a_status_other_than_2xx_is_a_failure_naming_it() {
    let base = serve(|_| Answer::Bytes(reply("503 Service Unavailable", "", TICKER))).await;
    let failed = feeds().fetch(&format!("{base}/ticker")).await.unwrap_err();
    assert_eq!(failed, "HTTP 503 Service Unavailable");
}

#[tokio::test]
async fn an_answer_slower_than_the_limit_is_a_failure() {
    let silent = serve(|_| Answer::ThenSilence(Vec::new())).await;
    let failed = feeds().fetch(&format!("{silent}/ticker")).await.unwrap_err();
    assert_eq!(failed, "no answer within 300ms");
    // The limit holds for the whole answer, the body too.
    let stalled_body =
        serve(|_| Answer::ThenSilence(reply("200 OK", "Content-Length: 100\r\n", r#"{"price":"0.29"#))).await;
    let failed = feeds()
        .fetch(&format!("{stalled_body}/ticker"))
        .await
        .unwrap_err();
    assert_eq!(failed, "no answer within 300ms");
    assert_eq!(
        FEED_TIMEOUT,
        Duration::from_secs(3),
        "docs/operations.md says 3 s"
    );
}

#[tokio::test]
async fn a_body_over_64_kib_is_refused() {
    let padded = |len: usize| format!("{{\"price\":\"1\",\"pad\":\"{}\"}}", "x".repeat(len - 22));
    let at_limit = padded(MAX_FEED_BODY_BYTES);
    assert_eq!(at_limit.len(), MAX_FEED_BODY_BYTES);
    let over = padded(MAX_FEED_BODY_BYTES + 1);
    let base = serve(move |line| {
        if line.contains("/at-limit") {
            until_closed(&at_limit)
        } else if line.contains("/declared") {
            json(&over)
        } else if line.contains("/claims-a-gib") {
            // Says 1 GiB and stalls: refused on its word, not after the time limit.
            Answer::ThenSilence(reply("200 OK", "Content-Length: 1073741824\r\n", "{"))
        } else {
            until_closed(&over)
        }
    })
    .await;
    let feeds = feeds();
    let read = feeds.fetch(&format!("{base}/at-limit")).await.unwrap();
    assert_eq!(read.len(), MAX_FEED_BODY_BYTES);
    for path in ["/declared", "/undeclared", "/claims-a-gib"] {
        let failed = feeds.fetch(&format!("{base}{path}")).await.unwrap_err();
        assert_eq!(failed, "the body is over 64 KiB", "{path}");
    }
}

#[tokio::test]
async fn redirects_are_followed_within_the_scheme_only() {
    let base = serve(|line| {
        let path = line.split(' ').nth(1).unwrap_or_default().to_string();
        match path.as_str() {
            "/moved" => redirect("/ticker"),
            "/to-https" => redirect("https://127.0.0.1:9/ticker"),
            "/loop" => redirect("/loop"),
            _ => json(TICKER),
        }
    })
    .await;
    let feeds = feeds();
    assert_eq!(feeds.fetch(&format!("{base}/moved")).await.as_deref(), Ok(TICKER));
    let failed = feeds.fetch(&format!("{base}/to-https")).await.unwrap_err();
    assert!(failed.contains("a redirect to another scheme"), "{failed}");
    let failed = feeds.fetch(&format!("{base}/loop")).await.unwrap_err();
    assert!(failed.contains("more than 3 redirects"), "{failed}");
}

#[tokio::test]
async fn a_failure_names_no_url() {
    // A port nothing listens on any more.
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    drop(listener);
    let failed = feeds()
        .fetch(&format!("http://{address}/ticker?apikey=SECRET"))
        .await
        .unwrap_err();
    assert!(!failed.contains("SECRET"), "{failed}");
    assert!(
        failed.contains("connect") || failed.contains("refused"),
        "{failed}"
    );
}
