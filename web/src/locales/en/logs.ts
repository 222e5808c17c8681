// Login and operation logs (personal centre and System › Logs).
const logs = {
  // Columns and filters
  login_logs: 'Login logs',
  operation_logs: 'Operation logs',
  log_time: 'Time',
  log_ip: 'IP',
  log_result: 'Result',
  log_reason: 'Reason',
  log_user_agent: 'Browser',
  log_browser_other: 'Other browser',
  log_action: 'Action',
  log_target: 'Target',
  log_before: 'Before',
  log_after: 'After',
  result_all: 'All results',
  result_success: 'Success',
  result_failure: 'Failure',
  filter_email: 'E-mail',
  filter_action: 'Action',

  // Why a sign-in failed
  reason_bad_password: 'Wrong password',
  reason_bad_code: 'Wrong code',
  reason_locked: 'Locked',
  reason_pending: 'Awaiting activation',
  reason_disabled: 'Disabled',
  reason_google_locked: 'Authenticator paused',
};

export default logs;
