//! Cooling-off of new reviewers: an account that gained the withdrawal-pass permission
//! recently may not pass yet, so a freshly made account (or a freshly widened role) cannot at
//! once approve the withdrawal of the account that made it.

use chrono::{DateTime, Duration, Utc};

use crate::auth::AuthContext;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::AccessRepo;

/// Refused (per row, as a rule error) while the caller's pass permission is younger than
/// `period`. Accounts that never gained it through the console (the merchant's first admin,
/// accounts the operator made with the CLI) have no grant time and are settled.
pub async fn require_settled_reviewer(
    repo: &dyn AccessRepo,
    ctx: &AuthContext,
    now: DateTime<Utc>,
    period: Duration,
) -> AppResult<()> {
    if let Some(granted) = repo.pass_granted_at(ctx.user_id).await? {
        if now - granted < period {
            return Err(AppError::Invalid(MsgKey::ReviewerCoolingOff));
        }
    }
    Ok(())
}
