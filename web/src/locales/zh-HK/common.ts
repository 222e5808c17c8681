import type { TranslationOf } from '../types';
import type common from '../en/common';

// Words and messages every screen shares: the application, buttons, results of an action,
// table and form words, the request layer.
const commonZhHK: TranslationOf<typeof common> = {
  // The application
  app_name: 'Coffer',
  app_tagline: '加密資產託管與收款',
  language: '語言',
  loading: '載入中',

  // Buttons
  ok: '確定',
  sure: '確定',
  cancel: '取消',
  confirm: '確認',
  back: '返回',
  continue: '繼續',
  next: '下一步',
  add: '新增',
  edit: '編輯',
  delete: '刪除',
  save: '儲存',
  search: '搜尋',
  reset: '重設',

  // Results of an action
  added_successfully: '新增成功',
  edited_successfully: '編輯成功',
  deleted_successfully: '刪除成功',
  reset_successfully: '重設成功',
  modified_successfully: '修改成功',
  saved_successfully: '儲存成功',
  purchased_successfully: '購買成功',

  // Table and form words
  status: '狀態',
  actions: '操作',
  created_time: '建立時間',
  total_items: '共 {{total}} 條',
  please_input: '請輸入！',
  status_enabled: '啟用',
  status_disabled: '停用',
  email: '電郵',
  chain: '鏈',
  dates_start_end_required: '日期：必須同時選擇開始和結束日期',

  // Charts: the count's axis and line of a daily chart
  chart_count: '筆數',

  // Texts the code composes: the punctuation is the language's (full-width in Chinese)
  text_with_note: '{{text}}（{{note}}）',
  label_value: '{{label}}：{{value}}',
  label_colon: '{{label}}：',
  list_separator: '；',

  // Request layer
  network_error: '網絡錯誤',
  request_timeout: '請求逾時',
  request_failed: '請求失敗',
};

export default commonZhHK;
