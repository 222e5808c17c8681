import type { TranslationOf } from '../types';
import type callbackResults from '../en/callbackResults';

// Push and test-callback results, failure reasons, the superseded status.
const callbackResultsZhHK: TranslationOf<typeof callbackResults> = {
  callback_status_3: '已被取代',
  callback_status_4: '無需通知',
  cb_reason_timeout: '逾時',
  cb_reason_unreachable: '無應答（連線被拒絕或找不到主機）',
  cb_reason_blocked_target: '已攔截：不是公網地址',
  cb_reason_http_status: 'HTTP 狀態碼不是 2xx',
  cb_reason_not_json: '應答不是 JSON',
  cb_reason_code_not_zero: '應答的 code 不是 0',
  cb_reason_processing: 'Coffer 無法處理該事件，將按計劃重試',
  cb_reason_no_address: '未設定回調地址',
  attempt_reason: '原因',
  push_delivered: '已送達：HTTP {{status}}，code 0，{{ms}} 毫秒',
  push_not_accepted: '未被接受：{{reason}}',
  push_queued: '已排隊：將在數秒內發出',
  push_queued_no_address: '已排隊：設定回調地址後發出',
  cb_test_send: '發送測試回調',
  cb_test_tip: '立即向該地址發送一個簽名的「ping」事件：不關聯訂單，不記入回調日誌。',
  cb_test_accepted: '已接受：您的伺服器應答 code 0',
  cb_test_refused: '未被接受：{{reason}}',
  cb_test_http: 'HTTP 狀態碼',
  cb_test_code: '應答 code',
  cb_test_latency: '耗時',
  cb_test_latency_ms: '{{ms}} 毫秒',
  cb_test_reply: '應答內容',
};

export default callbackResultsZhHK;
