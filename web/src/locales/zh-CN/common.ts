import type { TranslationOf } from '../types';
import type common from '../en/common';

// Words and messages every screen shares: the application, buttons, results of an action,
// table and form words, the request layer.
const commonZhCN: TranslationOf<typeof common> = {
  // The application
  app_name: 'Coffer',
  app_tagline: '加密资产托管与收款',
  language: '语言',
  loading: '加载中',

  // Buttons
  ok: '确定',
  sure: '确定',
  cancel: '取消',
  confirm: '确认',
  back: '返回',
  continue: '继续',
  next: '下一步',
  add: '新增',
  edit: '编辑',
  delete: '删除',
  save: '保存',
  search: '搜索',
  reset: '重置',

  // Results of an action
  added_successfully: '添加成功',
  edited_successfully: '编辑成功',
  deleted_successfully: '删除成功',
  reset_successfully: '重置成功',
  modified_successfully: '修改成功',
  saved_successfully: '保存成功',
  purchased_successfully: '购买成功',

  // Table and form words
  status: '状态',
  actions: '操作',
  created_time: '创建时间',
  total_items: '共 {{total}} 条',
  please_input: '请输入！',
  status_enabled: '启用',
  status_disabled: '停用',
  email: '邮箱',
  chain: '链',
  dates_start_end_required: '日期：必须同时选择开始和结束日期',

  // Charts: the count's axis and line of a daily chart
  chart_count: '笔数',

  // Texts the code composes: the punctuation is the language's (full-width in Chinese)
  text_with_note: '{{text}}（{{note}}）',
  label_value: '{{label}}：{{value}}',
  label_colon: '{{label}}：',
  list_separator: '；',

  // Request layer
  network_error: '网络错误',
  request_timeout: '请求超时',
  request_failed: '请求失败',
};

export default commonZhCN;
