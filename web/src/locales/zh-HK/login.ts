import type { TranslationOf } from '../types';
import type login from '../en/login';

// The sign-in page: sign in, verification code, register, forgot password, accept invitation.
const loginZhHK: TranslationOf<typeof login> = {
  // Sign in
  welcome_title: '歡迎使用 Coffer',
  welcome_subtitle: '登入後管理您業務的充值、提現與錢包。',
  brand_point_custody: '自託管：密鑰始終保存在您自己的伺服器上',
  brand_point_collect: '在一個地方收取多條鏈上的付款',
  brand_point_control: '每一項操作都有審核、白名單與日誌',
  tab_login: '登入',
  tab_register: '註冊',
  account: '賬號',
  account_placeholder: '電郵地址',
  password: '密碼',
  password_placeholder: '密碼',
  forgot_password: '忘記密碼？',
  sign_in: '登入',
  input_account: '請輸入賬號',
  input_password: '請輸入密碼',
  input_email_address: '電郵地址為空',
  email_format_incorrect: '電郵格式不正確',
  login_successful: '登入成功',
  login_expired: '登入授權已過期',

  // Verification code
  verify_title_email: '電郵驗證',
  verify_tip_email: '點擊「獲取驗證碼」，然後輸入我們發送到 {{email}} 的 6 位驗證碼。',
  verify_title_google: 'Google 驗證器',
  verify_tip_google: '請輸入驗證器應用程式中顯示的 6 位驗證碼。',
  verification_code: '驗證碼',
  code_placeholder: '6 位驗證碼',
  get_code: '獲取驗證碼',
  resend_in: '{{seconds}} 秒',
  code_sent: '驗證碼已發送',
  title_input_code: '驗證碼不能為空',
  code_six_digits: '必須是 6 位數字',
  input_google_code: 'Google 驗證碼不能為空',
  do_not_resend: '請勿重複發送',
  support_unknown: '您的 Coffer 營運方',
  back_to_login: '返回登入',
  please_read_agree: '請閱讀並同意私隱政策',

  // Passwords
  password_format_error: '密碼格式錯誤',
  two_password_inconsistent: '兩次密碼不一致',
  password_rule1: '至少 8 個字元',
  password_rule2: '一個大寫字母',
  password_rule3: '一個小寫字母',
  password_rule4: '一個數字',
  password_confirm: '確認密碼',
  password_empty: '密碼不能為空',

  // Register and forgot password
  agree_prefix: '我已閱讀並同意',
  privacy_policy: '《私隱政策》',
  step_verify_email: '驗證電郵',
  step_set_password: '設定密碼',
  step_submitted: '已提交',
  step_new_password: '新密碼',
  step_reset_done: '完成',
  register_submitted_title: '註冊資料已提交',
  register_submitted_desc: '{{email}} 的註冊資料已提交審核。',
  register_contact_tip: '我們將在 1 個工作天內與您聯絡。',
  register_support: '如有疑問，請發電郵至 {{email}}。',
  reset_password_title: '重設密碼',
  reset_password_submit: '重設密碼',
  reset_successful_title: '密碼重設成功',
  reset_successful_desc: '密碼已修改，賬戶的所有會話均已結束。請使用新密碼登入。',
  sign_in_now: '立即登入',

  // Accept invitation
  accept_invitation: '接受邀請',
  accept_invitation_title: '接受邀請',
  accept_invitation_submit: '設定密碼',
  accept_invitation_done_title: '已接受邀請',
  accept_invitation_done_desc: '密碼已設定，請使用該密碼登入。',
};

export default loginZhHK;
