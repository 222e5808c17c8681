//! Reading every row a filter selects in batches, newest first (the exports): one batch in
//! memory, no row limit, no offset that grows with the file.

use crate::error::{AppError, AppResult};
use futures::stream::{self, TryStreamExt};

/// Rows read batch after batch, newest first: `read(before, limit)` answers at most `limit`
/// rows with ids below `before` (all of them for None), newest first; a short batch is the
/// last, and a failed read ends the stream after its error.
pub fn newest_first<T, F, Fut>(
    batch: u64,
    id_of: fn(&T) -> i64,
    read: F,
) -> impl futures::Stream<Item = AppResult<T>>
where
    F: FnMut(Option<i64>, u64) -> Fut,
    Fut: std::future::Future<Output = AppResult<Vec<T>>>,
{
    // The state: where the next batch starts (None: the last one was read), and the reader.
    stream::try_unfold((Some(None), read), move |(before, mut read)| async move {
        let Some(before) = before else {
            return Ok::<_, AppError>(None);
        };
        let rows = read(before, batch).await?;
        let next = match rows.last() {
            Some(last) if rows.len() as u64 == batch => Some(Some(id_of(last))),
            _ => None,
        };
        Ok(Some((stream::iter(rows.into_iter().map(Ok)), (next, read))))
    })
    .try_flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::StreamExt;
    use std::sync::{Arc, Mutex};

    /// Reads ids 1..=`rows` as `collections_before` does, noting each batch's size.
    async fn read_all(rows: i64, batch: u64) -> (Vec<i64>, Vec<usize>) {
        let sizes = Arc::new(Mutex::new(Vec::new()));
        let noted = sizes.clone();
        let read = move |before: Option<i64>, limit: u64| {
            let found: Vec<i64> = (1..=rows)
                .rev()
                .filter(|id| before.is_none_or(|b| *id < b))
                .take(limit as usize)
                .collect();
            noted.lock().unwrap().push(found.len());
            async move { Ok(found) }
        };
        let ids = newest_first(batch, |id: &i64| *id, read)
            .try_collect()
            .await
            .unwrap();
        let sizes = sizes.lock().unwrap().clone();
        (ids, sizes)
    }

    #[tokio::test]
    async fn an_export_reads_every_row_once_newest_first_in_batches() {
        assert_eq!(read_all(7, 3).await, (vec![7, 6, 5, 4, 3, 2, 1], vec![3, 3, 1]));
        // A last full batch: one more read finds nothing.
        assert_eq!(read_all(6, 3).await, (vec![6, 5, 4, 3, 2, 1], vec![3, 3, 0]));
        assert_eq!(read_all(0, 3).await, (vec![], vec![0]));
    }

    #[tokio::test]
    async fn a_failed_read_ends_the_export_with_its_error() {
        let mut calls = 0;
        let read = move |_: Option<i64>, limit: u64| {
            calls += 1;
            let answer = match calls {
                1 => Ok((0..limit as i64).rev().map(|i| i + 10).collect()),
                _ => Err(AppError::Unavailable("the database went away".into())),
            };
            async move { answer }
        };
        let read: Vec<AppResult<i64>> = newest_first(2, |id: &i64| *id, read).collect().await;
        assert_eq!(read.len(), 3, "two rows, then the error: {read:?}");
        assert!(matches!(read[2], Err(AppError::Unavailable(_))));
    }
}
