import type { TranslationOf } from '../types';
import type personal from '../en/personal';

// The personal centre: profile, Google authenticator, the merchant time zone, my logs.
const personalZhHK: TranslationOf<typeof personal> = {
  // Profile
  personal_email: '電郵',
  personal_name: '暱稱',
  personal_role: '角色',
  personal_created: '建立時間',
  personal_google: 'Google 驗證器',
  google_bound: '已綁定',
  google_unbound: '未綁定',
  personal_status: '狀態',

  // Google authenticator
  google_bind: '綁定',
  google_unbind: '解除綁定',
  google_bound_desc: '登入時需要輸入驗證器應用程式中的驗證碼。',
  google_unbound_desc: '登入時需要輸入電郵驗證碼。綁定驗證器應用程式可獲得更強的保護。',
  google_bind_title: '綁定 Google 驗證器',
  google_bind_scan: '請使用 Google 驗證器或相容的應用程式掃描此二維碼。',
  google_bind_manual: '或手動輸入以下密鑰：',
  google_account: '賬戶：{{issuer}}（{{account}}）',
  google_code_label: 'Google 驗證碼',
  google_secret_failed: '無法開始綁定，請關閉此視窗後重試。',
  google_set_success: 'Google 驗證器設定成功',
  google_unbind_title: '解除綁定 Google 驗證器',
  google_unbind_tip: '請輸入驗證器應用程式中的當前驗證碼。解除綁定後登入將重新使用電郵驗證碼。',
  google_unbind_success: 'Google 驗證器解除綁定成功',

  // Time zone
  time_zone: '時區',
  utc_offset: 'UTC{{offset}}',
  time_zone_desc: '日誌篩選和表格中的時間均使用此時區，對商戶的所有用戶生效。',
  time_zone_admin_only: '只有管理員角色可以修改時區。',

  // My logs
  my_logs: '我的日誌',
};

export default personalZhHK;
