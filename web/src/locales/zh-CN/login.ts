import type { TranslationOf } from '../types';
import type login from '../en/login';

// The sign-in page: sign in, verification code, register, forgot password, accept invitation.
const loginZhCN: TranslationOf<typeof login> = {
  // Sign in
  welcome_title: '欢迎使用 Coffer',
  welcome_subtitle: '登录后管理您业务的充值、提现与钱包。',
  brand_point_custody: '自托管：密钥始终保存在您自己的服务器上',
  brand_point_collect: '在一个地方收取多条链上的付款',
  brand_point_control: '每一项操作都有审核、白名单与日志',
  tab_login: '登录',
  tab_register: '注册',
  account: '账号',
  account_placeholder: '邮箱地址',
  password: '密码',
  password_placeholder: '密码',
  forgot_password: '忘记密码？',
  sign_in: '登录',
  input_account: '请输入账号',
  input_password: '请输入密码',
  input_email_address: '邮箱地址为空',
  email_format_incorrect: '邮箱格式不正确',
  login_successful: '登录成功',
  login_expired: '登录授权已过期',

  // Verification code
  verify_title_email: '邮箱验证',
  verify_tip_email: '点击“获取验证码”，然后输入我们发送到 {{email}} 的 6 位验证码。',
  verify_title_google: '谷歌验证器',
  verify_tip_google: '请输入验证器应用中显示的 6 位验证码。',
  verification_code: '验证码',
  code_placeholder: '6 位验证码',
  get_code: '获取验证码',
  resend_in: '{{seconds}} 秒',
  code_sent: '验证码已发送',
  title_input_code: '验证码不能为空',
  code_six_digits: '必须是 6 位数字',
  input_google_code: '谷歌验证码不能为空',
  do_not_resend: '请勿重复发送',
  support_unknown: '您的 Coffer 运营方',
  back_to_login: '返回登录',
  please_read_agree: '请阅读并同意隐私政策',

  // Passwords
  password_format_error: '密码格式错误',
  two_password_inconsistent: '两次密码不一致',
  password_rule1: '至少 8 个字符',
  password_rule2: '一个大写字母',
  password_rule3: '一个小写字母',
  password_rule4: '一个数字',
  password_confirm: '确认密码',
  password_empty: '密码不能为空',

  // Register and forgot password
  agree_prefix: '我已阅读并同意',
  privacy_policy: '《隐私政策》',
  step_verify_email: '验证邮箱',
  step_set_password: '设置密码',
  step_submitted: '已提交',
  step_new_password: '新密码',
  step_reset_done: '完成',
  register_submitted_title: '注册信息已提交',
  register_submitted_desc: '{{email}} 的注册信息已提交审核。',
  register_contact_tip: '我们将在 1 个工作日内与您联系。',
  register_support: '如有疑问，请发邮件至 {{email}}。',
  reset_password_title: '重置密码',
  reset_password_submit: '重置密码',
  reset_successful_title: '密码重置成功',
  reset_successful_desc: '密码已修改，账户的所有会话均已结束。请使用新密码登录。',
  sign_in_now: '立即登录',

  // Accept invitation
  accept_invitation: '接受邀请',
  accept_invitation_title: '接受邀请',
  accept_invitation_submit: '设置密码',
  accept_invitation_done_title: '已接受邀请',
  accept_invitation_done_desc: '密码已设置，请使用该密码登录。',
};

export default loginZhCN;
