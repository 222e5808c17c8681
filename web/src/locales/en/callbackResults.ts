// Push and test-callback results, failure reasons, the superseded status.
const callbackResults = {
  callback_status_3: 'Superseded',
  callback_status_4: 'No notice required',
  cb_reason_timeout: 'Timed out',
  cb_reason_unreachable: 'No answer (connection refused or host not found)',
  cb_reason_blocked_target: 'Blocked: not a public internet address',
  cb_reason_http_status: 'HTTP status not 2xx',
  cb_reason_not_json: 'The reply is not JSON',
  cb_reason_code_not_zero: 'The reply\'s code is not 0',
  cb_reason_processing: 'Coffer could not prepare the event; it is retried',
  cb_reason_no_address: 'No callback address is set',
  attempt_reason: 'Reason',
  push_delivered: 'Delivered: HTTP {{status}}, code 0, {{ms}} ms',
  push_not_accepted: 'Not accepted: {{reason}}',
  push_queued: 'Queued: it goes out within seconds',
  push_queued_no_address: 'Queued: it goes out once a callback address is set',
  cb_test_send: 'Send test callback',
  cb_test_tip: 'Sends a signed "ping" event to this address now: no order, nothing is recorded in the callback log.',
  cb_test_accepted: 'Accepted: your server answered code 0',
  cb_test_refused: 'Not accepted: {{reason}}',
  cb_test_http: 'HTTP status',
  cb_test_code: 'Reply code',
  cb_test_latency: 'Latency',
  cb_test_latency_ms: '{{ms}} ms',
  cb_test_reply: 'Reply',
};

export default callbackResults;
