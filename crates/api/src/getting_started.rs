//! The product's own getting-started page, in three languages: where the header's promotional
//! video link points while no video is configured (`console.promo_video_url`). Served from the
//! binary so it exists even when the console is read from a folder or not built.

use axum::http::header;
use axum::response::IntoResponse;

const PAGE: &str = include_str!("getting_started.html");

pub async fn page() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        PAGE,
    )
}
