import type { TranslationOf } from '../types';
import type accounts from '../en/accounts';

// Account management (menu 7): accounts, roles and permissions, the IP list.
const accountsZhHK: TranslationOf<typeof accounts> = {
  // Accounts
  account_list: '賬戶列表',
  account_add: '新增賬戶',
  account_edit: '編輯賬戶',
  account_reset_password: '重設密碼',
  account_reset_password_tip: '為 {{email}} 設定新密碼，其所有會話將立即結束。',
  account_delete_confirm: '確定刪除賬戶 {{email}}？',
  cannot_delete_self: '不能刪除自己的賬戶',
  email_account: '電郵賬號',
  nickname: '暱稱',
  nickname_empty: '暱稱為空',
  role: '角色',
  role_empty: '請選擇角色',
  roles_unavailable: '暫無可用角色',
  last_login: '最近登入',
  reset_password: '重設密碼',
  status_invited: '已邀請',
  account_invited: '邀請已發送',
  account_invite_tip: '受邀人會收到電郵驗證碼，並在登入頁（「接受邀請」）自行設定密碼。',

  // Roles and permissions
  role_list: '角色列表',
  role_add: '新增角色',
  role_edit: '編輯角色',
  role_name: '角色名稱',
  role_name_empty: '角色名稱不能為空',
  role_admin: '管理員角色',
  role_admin_yes: '管理員',
  role_admin_no: '否',
  role_user_count: '用戶數',
  role_admin_read_only: '管理員角色擁有全部權限，不能修改',
  role_in_use: '仍有用戶使用此角色，請先為他們更換角色',
  role_delete_confirm: '確定刪除角色 {{name}}？',
  permissions: '權限',
  permissions_tip: '勾選一項會同時授予其下全部項及其上級項；取消勾選會移除其下全部項。',
  permissions_unavailable: '無法載入權限列表。',
  permission_button: '按鈕',

  // IP list (menu 701)
  ip_list: 'IP 列表',
  ip_list_tip: '已通過審核的地址可以調用商戶 API。每個申請都由營運人員審核後生效。',
  ip_request: '申請 IP',
  ip_address: 'IP 地址',
  ip_address_tip: '一個 IPv4 或 IPv6 地址，不支援網段。',
  ip_empty: 'IP 地址不能為空',
  ip_invalid: 'IP 地址無效',
  ip_remark: '備註',
  ip_remark_too_long: '最多 {{max}} 個字元',
  ip_apply_status: '申請狀態',
  ip_apply_pending: '待審核',
  ip_apply_approved: '已通過',
  ip_apply_rejected: '已拒絕',
  ip_status_effective: '已生效',
  ip_status_ineffective: '未生效',
  ip_requested_time: '申請時間',
  ip_review_time: '審核時間',
  ip_count_tip: '待審核或已通過的地址數（上限 10 個）',
  ip_limit_reached: '待審核和已通過的 IP 地址最多 10 個：請先刪除一個',
  ip_delete_confirm: '刪除 IP 地址 {{ip}}？',
  ip_delete_approved_tip: '它將立即從白名單中移除。',
};

export default accountsZhHK;
