import type { TranslationOf } from '../types';
import type logs from '../en/logs';

// Login and operation logs (personal centre and System › Logs).
const logsZhHK: TranslationOf<typeof logs> = {
  // Columns and filters
  login_logs: '登錄日誌',
  operation_logs: '操作日誌',
  log_time: '時間',
  log_ip: 'IP',
  log_result: '結果',
  log_reason: '原因',
  log_user_agent: '瀏覽器',
  log_browser_other: '其他瀏覽器',
  log_action: '操作',
  log_target: '對象',
  log_before: '修改前',
  log_after: '修改後',
  result_all: '全部結果',
  result_success: '成功',
  result_failure: '失敗',
  filter_email: '電郵',
  filter_action: '操作',

  // Why a sign-in failed
  reason_bad_password: '密碼錯誤',
  reason_bad_code: '驗證碼錯誤',
  reason_locked: '已鎖定',
  reason_pending: '待啟用',
  reason_disabled: '已停用',
  reason_google_locked: '谷歌驗證暫停',
};

export default logsZhHK;
