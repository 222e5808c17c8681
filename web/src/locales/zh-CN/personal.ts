import type { TranslationOf } from '../types';
import type personal from '../en/personal';

// The personal centre: profile, Google authenticator, the merchant time zone, my logs.
const personalZhCN: TranslationOf<typeof personal> = {
  // Profile
  personal_email: '邮箱',
  personal_name: '昵称',
  personal_role: '角色',
  personal_created: '创建时间',
  personal_google: '谷歌验证器',
  google_bound: '已绑定',
  google_unbound: '未绑定',
  personal_status: '状态',

  // Google authenticator
  google_bind: '绑定',
  google_unbind: '解绑',
  google_bound_desc: '登录时需要输入验证器应用中的验证码。',
  google_unbound_desc: '登录时需要输入邮件验证码。绑定验证器应用可获得更强的保护。',
  google_bind_title: '绑定谷歌验证器',
  google_bind_scan: '请使用谷歌验证器或兼容的应用扫描此二维码。',
  google_bind_manual: '或手动输入以下密钥：',
  google_account: '账户：{{issuer}}（{{account}}）',
  google_code_label: '谷歌验证码',
  google_secret_failed: '无法开始绑定，请关闭此窗口后重试。',
  google_set_success: '谷歌验证器设置成功',
  google_unbind_title: '解绑谷歌验证器',
  google_unbind_tip: '请输入验证器应用中的当前验证码。解绑后登录将重新使用邮件验证码。',
  google_unbind_success: '谷歌验证器解绑成功',

  // Time zone
  time_zone: '时区',
  utc_offset: 'UTC{{offset}}',
  time_zone_desc: '日志筛选和表格中的时间均使用此时区，对商户的所有用户生效。',
  time_zone_admin_only: '只有管理员角色可以修改时区。',

  // My logs
  my_logs: '我的日志',
};

export default personalZhCN;
