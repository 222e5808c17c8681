import type { TranslationOf } from '../types';
import type logs from '../en/logs';

// Login and operation logs (personal centre and System › Logs).
const logsZhCN: TranslationOf<typeof logs> = {
  // Columns and filters
  login_logs: '登录日志',
  operation_logs: '操作日志',
  log_time: '时间',
  log_ip: 'IP',
  log_result: '结果',
  log_reason: '原因',
  log_user_agent: '浏览器',
  log_browser_other: '其他浏览器',
  log_action: '操作',
  log_target: '对象',
  log_before: '修改前',
  log_after: '修改后',
  result_all: '全部结果',
  result_success: '成功',
  result_failure: '失败',
  filter_email: '邮箱',
  filter_action: '操作',

  // Why a sign-in failed
  reason_bad_password: '密码错误',
  reason_bad_code: '验证码错误',
  reason_locked: '已锁定',
  reason_pending: '待激活',
  reason_disabled: '已停用',
  reason_google_locked: '谷歌验证暂停',
};

export default logsZhCN;
