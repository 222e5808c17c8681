//! The console (web/dist), embedded in release builds, or read from a folder when configured.

use axum::extract::State;
use axum::http::{header, Method, Uri};
use axum::response::{Html, IntoResponse, Response};
use coffer_domain::AppError;
use rust_embed::Embed;
use std::borrow::Cow;
use std::path::PathBuf;

use crate::envelope::ApiError;
use crate::AppState;

#[derive(Embed)]
#[folder = "$CARGO_MANIFEST_DIR/../../web/dist"]
#[allow_missing = true]
struct Embedded;

#[derive(Clone)]
pub enum ConsoleAssets {
    Embedded,
    Dir(PathBuf),
}

impl ConsoleAssets {
    fn get(&self, path: &str) -> Option<Cow<'static, [u8]>> {
        if path
            .split('/')
            .any(|segment| segment == ".." || segment.starts_with('.'))
        {
            return None;
        }
        match self {
            ConsoleAssets::Embedded => Embedded::get(path).map(|f| f.data),
            ConsoleAssets::Dir(dir) => std::fs::read(dir.join(path)).ok().map(Cow::Owned),
        }
    }
}

const NOT_BUILT: &str = "<!doctype html><meta charset=utf-8><title>Coffer</title>\
<p>The Coffer console has not been built into this binary. Run <code>make run</code> \
(or <code>npm --prefix web run build</code> and rebuild) to include it.</p>";

pub async fn index(State(state): State<AppState>) -> Response {
    match state.console.get("index.html") {
        Some(bytes) => (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            bytes,
        )
            .into_response(),
        None => Html(NOT_BUILT).into_response(),
    }
}

/// A console file for a GET; anything else is the envelope's 'not found', never an HTML page.
pub async fn asset_or_not_found(State(state): State<AppState>, method: Method, uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if method != Method::GET && method != Method::HEAD {
        return ApiError(AppError::NotFound).into_response();
    }
    if path == "index.html" {
        return index(State(state)).await;
    }
    let Some(bytes) = state.console.get(path) else {
        return ApiError(AppError::NotFound).into_response();
    };
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    // Vite names built assets by content hash, so they never change under one name.
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    (
        [
            (header::CONTENT_TYPE, mime.as_ref()),
            (header::CACHE_CONTROL, cache),
        ],
        bytes,
    )
        .into_response()
}
