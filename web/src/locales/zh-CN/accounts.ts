import type { TranslationOf } from '../types';
import type accounts from '../en/accounts';

// Account management (menu 7): accounts, roles and permissions, the IP list.
const accountsZhCN: TranslationOf<typeof accounts> = {
  // Accounts
  account_list: '账户列表',
  account_add: '新增账户',
  account_edit: '编辑账户',
  account_reset_password: '重置密码',
  account_reset_password_tip: '为 {{email}} 设置新密码，其所有会话将立即结束。',
  account_delete_confirm: '确定删除账户 {{email}}？',
  cannot_delete_self: '不能删除自己的账户',
  email_account: '邮箱账号',
  nickname: '昵称',
  nickname_empty: '昵称为空',
  role: '角色',
  role_empty: '请选择角色',
  roles_unavailable: '暂无可用角色',
  last_login: '最近登录',
  reset_password: '重置密码',
  status_invited: '已邀请',
  account_invited: '邀请已发送',
  account_invite_tip: '受邀人会收到邮件验证码，并在登录页（“接受邀请”）自行设置密码。',

  // Roles and permissions
  role_list: '角色列表',
  role_add: '新增角色',
  role_edit: '编辑角色',
  role_name: '角色名称',
  role_name_empty: '角色名称不能为空',
  role_admin: '管理员角色',
  role_admin_yes: '管理员',
  role_admin_no: '否',
  role_user_count: '用户数',
  role_admin_read_only: '管理员角色拥有全部权限，不能修改',
  role_in_use: '仍有用户使用此角色，请先为他们更换角色',
  role_delete_confirm: '确定删除角色 {{name}}？',
  permissions: '权限',
  permissions_tip: '勾选一项会同时授予其下全部项及其上级项；取消勾选会移除其下全部项。',
  permissions_unavailable: '无法加载权限列表。',
  permission_button: '按钮',

  // IP list (menu 701)
  ip_list: 'IP 列表',
  ip_list_tip: '已通过审核的地址可以调用商户 API。每个申请都由运营人员审核后生效。',
  ip_request: '申请 IP',
  ip_address: 'IP 地址',
  ip_address_tip: '一个 IPv4 或 IPv6 地址，不支持网段。',
  ip_empty: 'IP 地址不能为空',
  ip_invalid: 'IP 地址无效',
  ip_remark: '备注',
  ip_remark_too_long: '最多 {{max}} 个字符',
  ip_apply_status: '申请状态',
  ip_apply_pending: '待审核',
  ip_apply_approved: '已通过',
  ip_apply_rejected: '已拒绝',
  ip_status_effective: '已生效',
  ip_status_ineffective: '未生效',
  ip_requested_time: '申请时间',
  ip_review_time: '审核时间',
  ip_count_tip: '待审核或已通过的地址数（上限 10 个）',
  ip_limit_reached: '待审核和已通过的 IP 地址最多 10 个：请先删除一个',
  ip_delete_confirm: '删除 IP 地址 {{ip}}？',
  ip_delete_approved_tip: '它将立即从白名单中移除。',
};

export default accountsZhCN;
