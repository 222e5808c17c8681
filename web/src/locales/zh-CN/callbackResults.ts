import type { TranslationOf } from '../types';
import type callbackResults from '../en/callbackResults';

// Push and test-callback results, failure reasons, the superseded status.
const callbackResultsZhCN: TranslationOf<typeof callbackResults> = {
  callback_status_3: '已被取代',
  callback_status_4: '无需通知',
  cb_reason_timeout: '超时',
  cb_reason_unreachable: '无应答（连接被拒绝或找不到主机）',
  cb_reason_blocked_target: '已拦截：不是公网地址',
  cb_reason_http_status: 'HTTP 状态码不是 2xx',
  cb_reason_not_json: '应答不是 JSON',
  cb_reason_code_not_zero: '应答的 code 不是 0',
  cb_reason_processing: 'Coffer 无法处理该事件，将按计划重试',
  cb_reason_no_address: '未设置回调地址',
  attempt_reason: '原因',
  push_delivered: '已送达：HTTP {{status}}，code 0，{{ms}} 毫秒',
  push_not_accepted: '未被接受：{{reason}}',
  push_queued: '已排队：将在数秒内发出',
  push_queued_no_address: '已排队：设置回调地址后发出',
  cb_test_send: '发送测试回调',
  cb_test_tip: '立即向该地址发送一个签名的“ping”事件：不关联订单，不记入回调日志。',
  cb_test_accepted: '已接受：您的服务器应答 code 0',
  cb_test_refused: '未被接受：{{reason}}',
  cb_test_http: 'HTTP 状态码',
  cb_test_code: '应答 code',
  cb_test_latency: '耗时',
  cb_test_latency_ms: '{{ms}} 毫秒',
  cb_test_reply: '应答内容',
};

export default callbackResultsZhCN;
